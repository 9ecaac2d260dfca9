import { CONTACT_RECENT_TICKETS } from '@sapa/contracts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { tickets } from '../tickets/tickets.schema.js';
import { contactIdentities, contacts } from './contacts.schema.js';

export type ContactRow = typeof contacts.$inferSelect;

export async function findContact(db: DbOrTx, clientId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
  return row;
}

export async function listIdentities(db: DbOrTx, clientId: string, contactId: string) {
  return db
    .select({
      channel: contactIdentities.channel,
      channelAccountId: contactIdentities.channelAccountId,
      externalId: contactIdentities.externalId,
      createdAt: contactIdentities.createdAt,
    })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.clientId, clientId), eq(contactIdentities.contactId, contactId)))
    .orderBy(asc(contactIdentities.createdAt));
}

/** The contact's latest tickets, newest activity first. */
export async function listRecentTickets(db: DbOrTx, clientId: string, contactId: string) {
  return db
    .select({
      id: tickets.id,
      displayNumber: tickets.displayNumber,
      status: tickets.status,
      channel: tickets.channel,
      lastMessageAt: tickets.lastMessageAt,
    })
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), eq(tickets.contactId, contactId)))
    .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
    .limit(CONTACT_RECENT_TICKETS);
}

/** Serialises edits that set the same phone in a business until the transaction ends (no unique index). */
export async function lockPhone(db: DbOrTx, clientId: string, phone: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`contact-phone:${clientId}:${phone}`}, 0))`,
  );
}

export async function phoneTaken(db: DbOrTx, clientId: string, phone: string, exceptId: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.phone, phone), ne(contacts.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateContact(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: { name: string; phone: string | null; email: string | null },
) {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
}
