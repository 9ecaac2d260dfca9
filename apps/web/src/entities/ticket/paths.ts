/** The inbox page; a ticket opens in it with `?referenceId=`. */
export const INBOX_PATH = '/customer-service/inbox';

/** The inbox with one ticket's chat room open. */
export function ticketInboxPath(ticketId: string): string {
  return `${INBOX_PATH}?referenceId=${encodeURIComponent(ticketId)}`;
}
