import type { DbOrTx } from '../../platform/db/database.js';

/**
 * What teams needs to know or change about tickets, which belong to conversations: the composition root
 * (app.ts) hands conversations' implementation in, so teams never imports conversations.
 */
export interface TicketLoad {
  /** Open (assigned) chats per agent, for the agents list's load column. */
  openTicketsByAgent(db: DbOrTx, clientId: string, userIds: string[]): Promise<Map<string, number>>;
  /** A group is deleted: its waiting tickets go back to the default group (in the same transaction). */
  releaseGroupTickets(tx: DbOrTx, clientId: string, groupId: string): Promise<void>;
}
