import type { ChannelCode, TicketStatus } from '@sapa/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ContactTicket } from '../contacts/index.js';
import { displayIdOf } from './conversations.repository.js';
import { tickets } from './conversations.schema.js';

/** A contact's tickets, latest activity first, after a (time, id) keyset position. */
export async function ticketsOfContact(
  db: DbOrTx,
  clientId: string,
  contactId: string,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<ContactTicket[]> {
  const rows = await db
    .select({
      id: tickets.id,
      displayNumber: tickets.displayNumber,
      status: tickets.status,
      channel: tickets.channel,
      lastMessageAt: tickets.lastMessageAt,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.clientId, clientId),
        eq(tickets.contactId, contactId),
        before ? sql`(${tickets.lastMessageAt}, ${tickets.id}) < (${before.at}, ${before.id})` : undefined,
      ),
    )
    .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
    .limit(limit);
  return rows.map((t) => ({
    id: t.id,
    displayId: displayIdOf(t.displayNumber),
    status: t.status as TicketStatus,
    channel: t.channel as ChannelCode,
    lastMessageAt: t.lastMessageAt,
  }));
}

/** Whether any ticket names the contact. */
export async function contactHasTickets(db: DbOrTx, clientId: string, contactId: string) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), eq(tickets.contactId, contactId)))
    .limit(1);
  return row !== undefined;
}
