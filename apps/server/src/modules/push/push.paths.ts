export { displayIdOf } from '../conversations/index.js';

/** The inbox with the chat open (the web's `ticketInboxPath`). */
export const INBOX_PATH_OF = (ticketId: string) =>
  `/customer-service/inbox?referenceId=${encodeURIComponent(ticketId)}`;
