import { CHAT_WINDOW_MS, type TicketViewFilters, ticketViewFiltersSchema } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  comparePlaylist,
  isPlayable,
  isWindowClosed,
  type PlayableTicket,
  type PlaySource,
  playlistOf,
  ticketMatchesView,
} from './play.rules.js';

const NOW = 1_800_000_000_000;
const ME = '00000000-0000-7000-8000-000000000001';
const OTHER = '00000000-0000-7000-8000-000000000002';
const GROUP = '00000000-0000-7000-8000-0000000000aa';

const ticket = (over: Partial<PlayableTicket> = {}): PlayableTicket => ({
  id: '00000000-0000-7000-8000-000000000100',
  status: 'unassigned',
  channel: 'WAP',
  priority: 3,
  tags: [],
  assigneeId: null,
  groupId: null,
  createdAt: NOW - 60_000,
  lastCustomerMessageAt: NOW - 60_000,
  ...over,
});
const filters = (over: Partial<TicketViewFilters> = {}) => ticketViewFiltersSchema.parse(over);

describe('ticketMatchesView', () => {
  it.each<[string, Partial<TicketViewFilters>, Partial<PlayableTicket>, boolean]>([
    ['no filters match everything', {}, {}, true],
    ['status in the list', { statuses: ['unassigned', 'assigned'] }, {}, true],
    ['status not in the list', { statuses: ['resolved'] }, {}, false],
    ['channel in the list', { channels: ['IGM', 'WAP'] }, {}, true],
    ['channel not in the list', { channels: ['IGM'] }, {}, false],
    ['priority in the list', { priorities: [1, 3] }, {}, true],
    ['priority not in the list', { priorities: [1] }, {}, false],
    ['any of the tags', { tags: ['vip', 'grosir'] }, { tags: ['grosir'] }, true],
    ['none of the tags', { tags: ['vip'] }, { tags: ['grosir'] }, false],
    ['group in the list', { groupIds: [GROUP] }, { groupId: GROUP }, true],
    ['no group when groups are asked', { groupIds: [GROUP] }, {}, false],
    ['unassigned asked, unassigned', { assignee: 'unassigned' }, {}, true],
    ['unassigned asked, assigned', { assignee: 'unassigned' }, { assigneeId: OTHER }, false],
    ['me is the viewer', { assignee: 'me' }, { assigneeId: ME }, true],
    ['me is not someone else', { assignee: 'me' }, { assigneeId: OTHER }, false],
    ['one user', { assignee: OTHER }, { assigneeId: OTHER }, true],
    ['one user, someone else', { assignee: OTHER }, { assigneeId: ME }, false],
    ['created inside the range', { createdFrom: NOW - 120_000, createdTo: NOW }, {}, true],
    ['created before the range', { createdFrom: NOW - 30_000 }, {}, false],
    ['created after the range', { createdTo: NOW - 120_000 }, {}, false],
    ['range bounds are inclusive', { createdFrom: NOW - 60_000, createdTo: NOW - 60_000 }, {}, true],
  ])('%s', (_name, f, t, expected) => {
    expect(ticketMatchesView(ticket(t), filters(f), ME)).toBe(expected);
  });
});

describe('isWindowClosed', () => {
  it.each<[string, Partial<PlayableTicket>, boolean]>([
    ['WhatsApp, customer wrote a minute ago', {}, false],
    ['WhatsApp, exactly 24 hours ago', { lastCustomerMessageAt: NOW - CHAT_WINDOW_MS }, false],
    ['WhatsApp, 24 hours and 1 ms ago', { lastCustomerMessageAt: NOW - CHAT_WINDOW_MS - 1 }, true],
    [
      'Messenger, 3 days ago (HUMAN_AGENT tag)',
      { channel: 'MSG', lastCustomerMessageAt: NOW - 3 * CHAT_WINDOW_MS },
      false,
    ],
    [
      'Instagram, 8 days ago (resolve only)',
      { channel: 'IGM', lastCustomerMessageAt: NOW - 8 * CHAT_WINDOW_MS },
      true,
    ],
    ['WhatsApp, the customer never wrote', { lastCustomerMessageAt: null }, true],
    ['Live chat never expires', { channel: 'LVC', lastCustomerMessageAt: null }, false],
  ])('%s', (_name, t, expected) => {
    expect(isWindowClosed(ticket(t), NOW)).toBe(expected);
  });
});

describe('isPlayable', () => {
  const onWhatsapp: PlaySource = { kind: 'channel', channel: 'WAP' };
  const vipView: PlaySource = { kind: 'view', filters: filters({ tags: ['vip'] }) };
  it.each<[string, PlaySource, Partial<PlayableTicket>, string[], boolean]>([
    ['waiting on the channel', onWhatsapp, {}, [], true],
    ['another channel', onWhatsapp, { channel: 'IGM' }, [], false],
    ['already assigned', onWhatsapp, { status: 'assigned', assigneeId: OTHER }, [], false],
    ['resolved', onWhatsapp, { status: 'resolved' }, [], false],
    ['expired status', onWhatsapp, { status: 'expired' }, [], false],
    ['reply window closed', onWhatsapp, { lastCustomerMessageAt: NOW - CHAT_WINDOW_MS - 1 }, [], false],
    ['skipped by this agent in the session', onWhatsapp, {}, ['00000000-0000-7000-8000-000000000100'], false],
    ['in the view', vipView, { tags: ['vip'] }, [], true],
    ['not in the view', vipView, { tags: [] }, [], false],
  ])('%s', (_name, source, t, skipped, expected) => {
    expect(isPlayable(ticket(t), { source, agentId: ME, skipped: new Set(skipped), now: NOW })).toBe(
      expected,
    );
  });
});

describe('playlist order', () => {
  it('is oldest waiting first, then by id; ineligible tickets are left out', () => {
    const a = ticket({ id: 'a', createdAt: NOW - 3_000 });
    const b1 = ticket({ id: 'b1', createdAt: NOW - 2_000 });
    const b2 = ticket({ id: 'b2', createdAt: NOW - 2_000 });
    const taken = ticket({ id: 'c', createdAt: NOW - 9_000, status: 'assigned', assigneeId: OTHER });
    const list = playlistOf([b2, taken, b1, a], {
      source: { kind: 'channel', channel: 'WAP' },
      agentId: ME,
      skipped: new Set(),
      now: NOW,
    });
    expect(list.map((t) => t.id)).toEqual(['a', 'b1', 'b2']);
    expect(comparePlaylist(b1, b2)).toBeLessThan(0);
    expect(comparePlaylist(a, a)).toBe(0);
  });
});
