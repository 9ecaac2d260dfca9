import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import {
  bumpTicketOnOutbound,
  insertMessage,
  insertMessages,
  type MessageRow,
  type NewMessageRow,
  previewOf,
  updateMessage,
  updateTicket,
} from './conversations.repository.js';
import type { StoredMedia } from './conversations.schema.js';
import { messages } from './conversations.schema.js';
import { touchTicketLastStatus } from './message-status.repository.js';

/** An agent's (or a template's) message to store: everything but the direction, which is `out`. */
export type OutboundMessage = Omit<NewMessageRow, 'direction'>;

/**
 * Records one outbound message in the caller's transaction; a public one moves the ticket's last message on
 * (pending, responded). An internal note never leaves Sapa and leaves the ticket's summary as it was.
 */
export async function recordOutbound(tx: DbOrTx, message: OutboundMessage): Promise<MessageRow> {
  const row = await insertMessage(tx, { ...message, direction: 'out' });
  if (row.visibility === 'public')
    await bumpTicketOnOutbound(tx, {
      clientId: row.clientId,
      ticketId: row.ticketId,
      preview: previewOf(row),
      at: row.createdAt,
    });
  return row;
}

/**
 * Records many outbound messages at once (a bulk job's), each at most once: a message whose
 * `clientMessageId` is taken is skipped. The caller keeps the tickets' summaries.
 */
export async function recordOutboundBatch(tx: DbOrTx, batch: OutboundMessage[]): Promise<MessageRow[]> {
  const inserted = await insertMessages(
    tx,
    batch.map((m) => ({ ...m, direction: 'out' as const })),
  );
  return [...inserted.values()];
}

/** The provider accepted a pending message: its id is kept and the message is sent (a later status stays). */
export async function markMessageSent(
  db: DbOrTx,
  ref: { clientId: string; messageId: string },
  providerMessageId: string | null,
): Promise<MessageRow | undefined> {
  const row = await updateMessage(db, ref, {
    providerMessageId,
    status: sql`case when ${messages.status} = 'pending' then 'sent' else ${messages.status} end`,
    updatedAt: new Date(),
  });
  if (row) await touchTicketLastStatus(db, row);
  return row;
}

/** A pending message could not be sent: it fails with the reason (a message already on its way stays). */
export async function markMessageFailed(
  db: DbOrTx,
  ref: { clientId: string; messageId: string },
  error: { code: string; message: string },
): Promise<MessageRow | undefined> {
  const row = await updateMessage(
    db,
    ref,
    { status: 'failed', error, updatedAt: new Date() },
    sql`${messages.status} = 'pending'`,
  );
  if (row) await touchTicketLastStatus(db, row);
  return row;
}

/** An inbound message's file was fetched and stored: the message carries it from now on. */
export function attachMedia(
  db: DbOrTx,
  ref: { clientId: string; messageId: string },
  media: StoredMedia,
): Promise<MessageRow | undefined> {
  return updateMessage(db, ref, { media, updatedAt: new Date() });
}

/** Merges keys into a message's payload (a connector remembering the provider's media id, say). */
export async function mergeMessagePayload(
  db: DbOrTx,
  ref: { clientId: string; messageId: string },
  patch: Record<string, unknown>,
): Promise<void> {
  await updateMessage(db, ref, {
    payload: sql`coalesce(${messages.payload}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
  });
}

/** A chat an agent opened themselves (a new chat) is theirs from the start. */
export async function assignOpenedTicket(
  tx: DbOrTx,
  ref: { clientId: string; ticketId: string },
  userId: string,
  now: Date,
): Promise<void> {
  await updateTicket(tx, ref, { status: 'assigned', assigneeId: userId, updatedAt: now });
}

/**
 * Stores a conversation's earlier messages (a demo's history) and sets the ticket's summary from them: the
 * last message, the customer's last message (their window), responded when the last one is the agent's.
 */
export async function recordHistory(
  db: DbOrTx,
  ref: { clientId: string; ticketId: string },
  history: NewMessageRow[],
): Promise<void> {
  if (history.length === 0) return;
  await insertMessages(db, history);
  const last = history.reduce((a, b) => (b.createdAt! > a.createdAt! ? b : a));
  const customers = history.filter((m) => m.direction === 'in');
  const lastCustomer = customers.reduce<Date | null>(
    (at, m) => (at && at > m.createdAt! ? at : m.createdAt!),
    null,
  );
  await updateTicket(db, ref, {
    lastCustomerMessageAt: lastCustomer,
    lastMessageAt: last.createdAt,
    lastMessagePreview: previewOf({ type: last.type, text: last.text ?? null }),
    lastMessageDirection: last.direction,
    lastMessageStatus: last.status,
    responded: last.direction === 'out',
    updatedAt: last.createdAt,
  });
}
