import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { tickets } from './conversations.schema.js';

/**
 * Whether a chat opened on an account starts in the BOT state (000 §2 /chatbot: tickets the chatbot handles
 * stay with it until the hand-over): automatic assignment and play mode leave a held ticket alone. The
 * chatbot's owner (automation) installs the rule through `app.ts`; conversations imports nothing of it.
 */
export type NewTicketHold = (db: DbOrTx, clientId: string, channelAccountId: string) => Promise<boolean>;

let hold: NewTicketHold = async () => false;

export function installNewTicketHold(rule: NewTicketHold): void {
  hold = rule;
}

export function newTicketHeld(db: DbOrTx, clientId: string, channelAccountId: string): Promise<boolean> {
  return hold(db, clientId, channelAccountId);
}

/** The hand-over: the ticket leaves the BOT state (true when it was in it). */
export async function releaseBotHold(db: DbOrTx, clientId: string, ticketId: string): Promise<boolean> {
  const released = await db
    .update(tickets)
    .set({ heldByBot: false })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId), eq(tickets.heldByBot, true)))
    .returning({ id: tickets.id });
  return released.length > 0;
}
