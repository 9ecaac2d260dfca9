import { type ChannelCode, replyWindowOf, type TicketViewFilters } from '@sapa/contracts';

/** What the playlist rules read of a ticket. */
export interface PlayableTicket {
  id: string;
  status: 'unassigned' | 'assigned' | 'resolved' | 'expired';
  channel: string;
  priority: number;
  tags: readonly string[];
  assigneeId: string | null;
  groupId: string | null;
  createdAt: number;
  lastCustomerMessageAt: number | null;
}

/** Where an agent plays from (000 §4): a saved view, or a channel (media platform). */
export type PlaySource =
  | { kind: 'view'; filters: TicketViewFilters }
  | { kind: 'channel'; channel: ChannelCode };

/** Whether a ticket is in a saved view (the rules `viewConditions` in views.repository.ts puts in SQL). */
export function ticketMatchesView(t: PlayableTicket, f: TicketViewFilters, viewerId: string): boolean {
  if (f.statuses.length && !f.statuses.includes(t.status)) return false;
  if (f.channels.length && !(f.channels as readonly string[]).includes(t.channel)) return false;
  if (f.priorities.length && !(f.priorities as readonly number[]).includes(t.priority)) return false;
  if (f.tags.length && !f.tags.some((tag) => t.tags.includes(tag))) return false;
  if (f.groupIds.length && (t.groupId === null || !f.groupIds.includes(t.groupId))) return false;
  if (f.assignee === 'unassigned' && t.assigneeId !== null) return false;
  if (f.assignee === 'me' && t.assigneeId !== viewerId) return false;
  if (!['any', 'unassigned', 'me'].includes(f.assignee) && t.assigneeId !== f.assignee) return false;
  if (f.createdFrom !== null && t.createdAt < f.createdFrom) return false;
  if (f.createdTo !== null && t.createdAt > f.createdTo) return false;
  return true;
}

/**
 * A chat whose reply window has closed (`replyWindowOf`, 000 §4 by the channel table): only a follow-up
 * template or resolving is left, not play work. Messenger and Instagram stay play work for 7 days (the
 * HUMAN_AGENT tag).
 */
export function isWindowClosed(t: Pick<PlayableTicket, 'channel' | 'lastCustomerMessageAt'>, now: number) {
  const window = replyWindowOf(
    t.channel as ChannelCode,
    { lastCustomerMessageAt: t.lastCustomerMessageAt },
    now,
  );
  return window === 'followUpTemplate' || window === 'resolve';
}

/**
 * May this ticket be handed to the agent (000 §4 play mode)? Unassigned, in the view or on the channel, its
 * reply window open, and not skipped by this agent during the session.
 */
export function isPlayable(
  t: PlayableTicket,
  o: { source: PlaySource; agentId: string; skipped: ReadonlySet<string>; now: number },
): boolean {
  if (t.status !== 'unassigned' || t.assigneeId !== null) return false;
  if (
    o.source.kind === 'channel'
      ? t.channel !== o.source.channel
      : !ticketMatchesView(t, o.source.filters, o.agentId)
  )
    return false;
  if (isWindowClosed(t, o.now)) return false;
  return !o.skipped.has(t.id);
}

/** Oldest waiting first: creation time, then id (the order of the tickets_waiting_idx index). */
export function comparePlaylist(a: PlayableTicket, b: PlayableTicket): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The playlist in hand-out order: the first is handed out on Next, the second is shown as next. */
export function playlistOf(
  all: readonly PlayableTicket[],
  o: { source: PlaySource; agentId: string; skipped: ReadonlySet<string>; now: number },
): PlayableTicket[] {
  return all.filter((t) => isPlayable(t, o)).sort(comparePlaylist);
}
