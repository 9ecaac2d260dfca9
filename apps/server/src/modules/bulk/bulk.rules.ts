import { type BulkAction, type MessageKey, TICKET_TAGS_MAX } from '@sapa/contracts';
import { AppError } from '../../platform/http/errors.js';
import type { TicketRow } from '../conversations/index.js';
import { checkReplyAllowed } from '../conversations/index.js';

/** Tickets changed per transaction: one UPDATE … WHERE id = ANY(…) and one multi-row INSERT each. */
export const BULK_CHUNK_SIZE = 500;

/** The ticket's tags after the action: removals first (ignoring case), then additions without duplicates. */
export function nextTags(current: readonly string[], action: Pick<BulkAction, 'addTags' | 'removeTags'>) {
  const gone = new Set((action.removeTags ?? []).map((t) => t.toLowerCase()));
  const tags = current.filter((t) => !gone.has(t.toLowerCase()));
  const seen = new Set(tags.map((t) => t.toLowerCase()));
  for (const tag of action.addTags ?? []) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export type BulkTicketState = Pick<
  TicketRow,
  'status' | 'channel' | 'lastCustomerMessageAt' | 'tags' | 'clientId' | 'id'
>;

/**
 * Why the action cannot apply to this ticket (a message key), or null when it can. A ticket fails as a
 * whole: either every requested change applies or none does (the failure log says why).
 * - not found: not a ticket of the business, or not visible to the caller;
 * - resolved already: resolving, assigning or a public reply (changing priority, tags, remarks or adding an
 *   internal note to a resolved ticket is allowed, like on the ticket itself);
 * - a public reply after the channel's 24-hour window;
 * - more tags than a ticket may carry.
 */
export function ticketFailure(
  action: BulkAction,
  ticket: BulkTicketState | undefined,
  now: number,
): MessageKey | null {
  if (!ticket) return 'bulk.ticketNotFound';
  const closing = action.status === 'resolved' || action.assignedCs !== undefined;
  if (closing && ticket.status === 'resolved') return 'inbox.ticketClosed';
  if (action.message !== undefined && action.sendMessageAs === 'public') {
    try {
      checkReplyAllowed(ticket as TicketRow, now);
    } catch (err) {
      if (err instanceof AppError) return err.key;
      throw err;
    }
  }
  if (action.addTags && nextTags(ticket.tags, action).length > TICKET_TAGS_MAX) return 'ticket.tooManyTags';
  return null;
}
