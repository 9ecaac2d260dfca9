import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.js';
import { contactIdentities, contacts } from '../../contacts/contacts.schema.js';
import { messages, tickets } from '../../conversations/index.js';

/**
 * A message to send with its ticket, its contact and the contact's identity on the ticket's channel account
 * (who the message goes to there), or undefined.
 */
export async function messageToSend(db: Db, clientId: string, messageId: string) {
  const [row] = await db
    .select({
      message: messages,
      ticket: tickets,
      contact: contacts,
      recipientId: contactIdentities.externalId,
    })
    .from(messages)
    .innerJoin(tickets, and(eq(tickets.clientId, messages.clientId), eq(tickets.id, messages.ticketId)))
    .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
    .leftJoin(
      contactIdentities,
      and(
        eq(contactIdentities.clientId, tickets.clientId),
        eq(contactIdentities.channelAccountId, tickets.channelAccountId),
        eq(contactIdentities.contactId, tickets.contactId),
      ),
    )
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
  return row;
}

/** The provider's id of a message (the one a reply quotes), or null. */
export async function providerIdOfMessage(db: Db, clientId: string, messageId: string) {
  const [quoted] = await db
    .select({ providerId: messages.providerMessageId })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
  return quoted?.providerId ?? null;
}
