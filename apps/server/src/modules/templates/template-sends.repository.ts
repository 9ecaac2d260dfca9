import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { contactIdentities, contacts } from '../contacts/contacts.schema.js';
import { messages, tickets } from '../conversations/index.js';
import { users } from '../identity/identity.schema.js';

/** The statements of the inbox's template sends (follow-up, new chat) over the tables of other modules. */

/** A message of the business by its client message id (a repeated send), with its sender's name. */
export async function findMessageWithSender(db: DbOrTx, clientId: string, clientMessageId: string) {
  const [row] = await db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.clientId, clientId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

/** A user's name (the sender shown on a message). */
export async function findUserName(db: DbOrTx, userId: string) {
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return sender?.name ?? null;
}

/** What a template's variables may be filled from: the contact's name, phone and email. */
export async function findContactDetails(db: DbOrTx, clientId: string, contactId: string) {
  const [contact] = await db
    .select({ name: contacts.name, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, contactId)));
  return contact;
}

/** The open ticket on an account of the contact with this external id (a number, a username), if any. */
export async function findOpenTicketOf(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  externalId: string,
) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(contactIdentities)
    .innerJoin(
      tickets,
      and(
        eq(tickets.clientId, contactIdentities.clientId),
        eq(tickets.contactId, contactIdentities.contactId),
        eq(tickets.channelAccountId, contactIdentities.channelAccountId),
      ),
    )
    .where(
      and(
        eq(contactIdentities.clientId, clientId),
        eq(contactIdentities.channelAccountId, channelAccountId),
        eq(contactIdentities.externalId, externalId),
        sql`${tickets.status} in ('unassigned', 'assigned')`,
      ),
    );
  return row;
}
