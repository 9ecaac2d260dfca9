import type { PlayState, RealtimeEvent, TicketSummary } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { playNeedsRefresh } from './playEvents';

const ME = '00000000-0000-7000-8000-000000000001';
const OTHER = '00000000-0000-7000-8000-000000000002';
const CLIENT = '00000000-0000-7000-8000-0000000000cc';

const ticket = (id: string, over: Partial<TicketSummary> = {}) =>
  ({ id, status: 'unassigned', assigneeId: null, ...over }) as TicketSummary;
const state = (current: string | null, next: string | null, active = true): PlayState => ({
  active,
  viewId: null,
  viewName: null,
  channel: 'WAP',
  current: current ? ticket(current, { status: 'assigned', assigneeId: ME }) : null,
  next: next ? ticket(next) : null,
  startedAt: 1,
  waiting: null,
});
const updated = (t: TicketSummary): RealtimeEvent => ({
  type: 'ticket.updated',
  clientId: CLIENT,
  ticket: t,
});

describe('playNeedsRefresh', () => {
  it.each<[string, PlayState, RealtimeEvent, boolean]>([
    ['not playing', state('a', 'b', false), updated(ticket('a', { status: 'resolved' })), false],
    ['current resolved', state('a', 'b'), updated(ticket('a', { status: 'resolved', assigneeId: ME })), true],
    [
      'current given to someone else',
      state('a', 'b'),
      updated(ticket('a', { status: 'assigned', assigneeId: OTHER })),
      true,
    ],
    [
      'current still mine',
      state('a', 'b'),
      updated(ticket('a', { status: 'assigned', assigneeId: ME })),
      false,
    ],
    [
      'next taken by someone',
      state('a', 'b'),
      updated(ticket('b', { status: 'assigned', assigneeId: OTHER })),
      true,
    ],
    ['next still waiting', state('a', 'b'), updated(ticket('b')), false],
    ['a new waiting ticket while nothing is next', state('a', null), updated(ticket('c')), true],
    ['a new waiting ticket while nothing is in hand', state(null, null), updated(ticket('c')), true],
    ['another ticket while current and next are set', state('a', 'b'), updated(ticket('c')), false],
  ])('%s', (_name, s, event, expected) => {
    expect(playNeedsRefresh(s, event, ME)).toBe(expected);
  });
});
