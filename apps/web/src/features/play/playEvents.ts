import type { PlayState, RealtimeEvent } from '@sapa/contracts';

/**
 * Whether a real-time event changes the session (000 §4): the current ticket resolved or given to someone
 * else, the next one taken, or a ticket waiting while the session has nothing in hand or in view.
 */
export function playNeedsRefresh(state: PlayState | undefined, event: RealtimeEvent, myId: string): boolean {
  if (!state?.active) return false;
  if (event.type !== 'ticket.updated' && event.type !== 'message.created') return false;
  const ticket = event.ticket;
  if (state.current?.id === ticket.id) return ticket.status === 'resolved' || ticket.assigneeId !== myId;
  if (state.next?.id === ticket.id) return ticket.status !== 'unassigned';
  return (!state.current || !state.next) && ticket.status === 'unassigned';
}
