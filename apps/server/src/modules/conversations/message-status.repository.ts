import type { MessageStatus } from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { contactIdentities } from '../contacts/contacts.schema.js';
import type { MessageRow, TicketRow } from './conversations.repository.js';
import { messages, tickets } from './conversations.schema.js';

/** Delivery and read statuses of agents' messages (forward only), and the ticket's last status with them. */

const STATUS_RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

export type StatusRef = {
  clientId: string;
  channelAccountId: string;
  ref:
    | { providerMessageId: string }
    | { messageId: string }
    /** Every message the provider accepted for this customer (its id on the account) up to `upTo`. */
    | { customerExternalId: string; upTo: Date };
};

/** The chats of the customer known by `externalId` on the account (their messages' tickets). */
const ticketsOfCustomer = (s: StatusRef, externalId: string) =>
  sql`${messages.ticketId} in (select t.id from ${tickets} t join ${contactIdentities} ci
    on ci.client_id = t.client_id and ci.contact_id = t.contact_id and ci.channel_account_id = t.channel_account_id
    where ci.client_id = ${s.clientId} and ci.channel_account_id = ${s.channelAccountId}
      and ci.external_id = ${externalId})`;

function whereRef(s: StatusRef) {
  const ref = s.ref;
  const which =
    'messageId' in ref
      ? eq(messages.id, ref.messageId)
      : 'providerMessageId' in ref
        ? eq(messages.providerMessageId, ref.providerMessageId)
        : and(
            ticketsOfCustomer(s, ref.customerExternalId),
            sql`${messages.createdAt} <= ${ref.upTo.toISOString()}::timestamptz`,
            // Up to a watermark only what the provider accepted moves (a pending send is not read).
            inArray(messages.status, ['sent', 'delivered']),
          );
  return and(eq(messages.clientId, s.clientId), eq(messages.channelAccountId, s.channelAccountId), which);
}

/**
 * Applies a status of agents' messages monotonically in one UPDATE: pending < sent < delivered < read;
 * failed is terminal and never replaces read; nothing moves back. Returns the rows it changed (a watermark
 * may move several).
 */
export async function applyStatus(
  db: DbOrTx,
  input: StatusRef & { status: MessageStatus; error?: { code: string; message: string } | null },
): Promise<MessageRow[]> {
  const rank = sql`(case ${messages.status} when 'pending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 9 end)`;
  const allowed =
    input.status === 'failed'
      ? sql`${messages.status} in ('pending', 'sent', 'delivered')`
      : sql`${rank} < ${STATUS_RANK[input.status] ?? -1}`;
  return db
    .update(messages)
    .set({
      status: input.status,
      ...(input.status === 'failed' ? { error: input.error ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(and(whereRef(input), eq(messages.direction, 'out'), allowed))
    .returning();
}

/** The customer's id on the ticket's channel account (Messenger's PSID, …); null: none stored. */
export async function customerExternalIdOf(
  db: DbOrTx,
  ticket: Pick<TicketRow, 'clientId' | 'contactId' | 'channelAccountId'>,
): Promise<string | null> {
  const [row] = await db
    .select({ externalId: contactIdentities.externalId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.clientId, ticket.clientId),
        eq(contactIdentities.contactId, ticket.contactId),
        eq(contactIdentities.channelAccountId, ticket.channelAccountId),
      ),
    )
    .limit(1);
  return row?.externalId ?? null;
}

/** Whether the message a status names is stored. */
export async function messageExists(db: DbOrTx, s: StatusRef): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(whereRef(s));
  return Boolean(row);
}

/** Keeps the ticket's last-message status in step when the message is still the latest one. */
export async function touchTicketLastStatus(db: DbOrTx, row: MessageRow) {
  await db
    .update(tickets)
    .set({ lastMessageStatus: row.status })
    .where(
      and(
        eq(tickets.clientId, row.clientId),
        eq(tickets.id, row.ticketId),
        eq(tickets.lastMessageDirection, 'out'),
        sql`${tickets.lastMessageAt} <= ${row.createdAt.toISOString()}::timestamptz`,
      ),
    );
}
