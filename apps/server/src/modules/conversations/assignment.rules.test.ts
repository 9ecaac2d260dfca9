import { type CsPosition, canSeeTicket, csCapabilitiesOf } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { hidesPhone } from '../teams/index.js';
import { type Candidate, isGroupOpen, pickAgent } from './assignment.service.js';
import { maskPhone } from './phone-privacy.js';

const me = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';

describe('visibility matrix per CS position (000 §6)', () => {
  const tickets = {
    unassigned: { assigneeId: null, assignedVia: null },
    mineManual: { assigneeId: me, assignedVia: 'manual' },
    mineAuto: { assigneeId: me, assignedVia: 'auto' },
    minePlay: { assigneeId: me, assignedVia: 'play' },
    othersAuto: { assigneeId: other, assignedVia: 'auto' },
  } as const;
  type Name = keyof typeof tickets;
  const matrix: [CsPosition | null, Name[]][] = [
    [null, ['unassigned', 'mineManual', 'mineAuto', 'minePlay', 'othersAuto']],
    ['SPV1', ['unassigned', 'mineManual', 'mineAuto', 'minePlay', 'othersAuto']],
    ['SPV2', ['unassigned', 'mineManual', 'mineAuto', 'minePlay', 'othersAuto']],
    ['CS1', ['mineAuto', 'minePlay']],
    ['CS2', ['mineManual', 'mineAuto', 'minePlay']],
  ];
  it.each(matrix)('%s sees %j', (position, visible) => {
    const seen = (Object.keys(tickets) as Name[]).filter((n) =>
      canSeeTicket({ userId: me, csPosition: position }, tickets[n]),
    );
    expect(seen).toEqual(visible);
  });

  it.each([
    [null, { canReply: true, canAssign: true, canBeAssigned: true }],
    ['SPV1', { canReply: false, canAssign: true, canBeAssigned: false }],
    ['SPV2', { canReply: true, canAssign: true, canBeAssigned: true }],
    ['CS1', { canReply: true, canAssign: false, canBeAssigned: true }],
    ['CS2', { canReply: true, canAssign: false, canBeAssigned: true }],
  ] as const)('%s may %j', (position, expected) => {
    expect(csCapabilitiesOf(position)).toMatchObject(expected);
  });
});

describe('round-robin pick', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const c = (userId: string, load: number, max: number, last: Date | null): Candidate => ({
    userId,
    load,
    max,
    lastAssignedAt: last,
  });
  it.each([
    { name: 'nobody', candidates: [], picked: null },
    { name: 'never assigned first', candidates: [c('b', 0, 3, at(5)), c('a', 2, 3, null)], picked: 'a' },
    { name: 'longest ago first', candidates: [c('a', 0, 3, at(9)), c('b', 0, 3, at(1))], picked: 'b' },
    { name: 'full agents skipped', candidates: [c('a', 3, 3, null), c('b', 1, 3, at(1))], picked: 'b' },
    { name: 'everyone full', candidates: [c('a', 3, 3, null), c('b', 10, 10, null)], picked: null },
    { name: 'ties by id', candidates: [c('b', 0, 3, at(1)), c('a', 0, 3, at(1))], picked: 'a' },
  ])('$name', ({ candidates, picked }) => {
    expect(pickAgent(candidates)?.userId ?? null).toBe(picked);
  });

  it('hands 9 tickets to 3 agents with room 3 each in turn', () => {
    const agents = [c('a', 0, 3, null), c('b', 0, 3, null), c('c', 0, 3, null)];
    const order: string[] = [];
    for (let i = 0; i < 10; i++) {
      const next = pickAgent(agents);
      if (!next) break;
      order.push(next.userId);
      next.load += 1;
      next.lastAssignedAt = at(i);
    }
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  });
});

describe('phone masking (000 §5 bit 128)', () => {
  const config = (featureCs: number, featureManager: number) => ({
    featureCs,
    featureManager,
    isAutoAssignFeature: false,
    isDisplayChatroomEmoji: true,
    isDisplayChatroomAttachment: true,
    isDisplayChatroomCSName: true,
    isFetchFromContact: false,
  });
  it.each([
    [config(128, 0), 'CS2', true],
    [config(128, 0), 'SPV1', false],
    [config(0, 128), 'SPV2', true],
    [config(0, 128), 'CS1', false],
    [config(255, 255), null, false],
    [config(127, 127), 'CS2', false],
  ] as const)('%j for %s hides: %s', (cfg, position, hidden) => {
    expect(hidesPhone(cfg, position)).toBe(hidden);
  });
  it('keeps the last three digits of numbers and leaves usernames alone', () => {
    expect(maskPhone('6281277005566')).toBe('••••••••••566');
    expect(maskPhone('visitor-7')).toBe('visitor-7');
  });
});

describe('operational hours (000 §3 group), Asia/Jakarta', () => {
  const weekdays = (from: string, to: string) =>
    [1, 2, 3, 4, 5].map((day) => ({ day, open: true, from, to }));
  // 2026-01-05 is a Monday; 02:00 UTC is 09:00 in Jakarta.
  const monday = (utc: string) => new Date(`2026-01-05T${utc}:00Z`);
  it.each([
    { name: 'no hours: always open', hours: [], at: monday('20:00'), open: true },
    { name: 'inside the day', hours: weekdays('08:00', '17:00'), at: monday('02:00'), open: true },
    { name: 'before opening', hours: weekdays('08:00', '17:00'), at: monday('00:30'), open: false },
    { name: 'closing time is closed', hours: weekdays('08:00', '17:00'), at: monday('10:00'), open: false },
    {
      name: 'a day without an entry',
      hours: weekdays('08:00', '17:00'),
      at: new Date('2026-01-04T03:00:00Z'),
      open: false,
    },
    {
      name: 'a day marked closed',
      hours: [{ day: 1, open: false, from: '08:00', to: '17:00' }],
      at: monday('02:00'),
      open: false,
    },
    {
      name: 'overnight shift after midnight',
      hours: weekdays('22:00', '06:00'),
      at: monday('20:00'),
      open: true,
    },
    { name: 'same from and to: all day', hours: weekdays('00:00', '00:00'), at: monday('16:59'), open: true },
  ])('$name', ({ hours, at, open }) => {
    expect(isGroupOpen(hours, at)).toBe(open);
  });
});
