import {
  type ChannelCode,
  chatExpiresAt,
  type Message,
  messagePreviewText,
  type TicketSummary,
} from '@sapa/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { pgArray } from '../../platform/db/array-literal.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { contacts } from '../contacts/contacts.schema.js';
import { users } from '../identity/identity.schema.js';
import { newTicketHeld } from './bot-hold.js';
import { messages, ticketCategories, ticketCounters, tickets } from './conversations.schema.js';

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const displayIdOf = (n: number) => `T-${String(n).padStart(6, '0')}`;

const assignee = alias(users, 'assignee');

/** The select behind every ticket summary: the ticket with its contact and assignee names. */
export function selectSummaries(db: DbOrTx) {
  return db
    .select({
      ticket: tickets,
      contactName: contacts.name,
      contactPhone: contacts.phone,
      assigneeName: assignee.name,
      categoryName: ticketCategories.name,
    })
    .from(tickets)
    .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .leftJoin(
      ticketCategories,
      and(eq(ticketCategories.clientId, tickets.clientId), eq(ticketCategories.id, tickets.categoryId)),
    );
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

export function toTicketSummary(r: SummaryRow): TicketSummary {
  const t = r.ticket;
  return {
    id: t.id,
    displayId: displayIdOf(t.displayNumber),
    channel: t.channel as TicketSummary['channel'],
    channelAccountId: t.channelAccountId,
    contact: { id: t.contactId, name: r.contactName, handle: r.contactPhone ?? '' },
    status: t.status,
    assigneeId: t.assigneeId,
    assigneeName: r.assigneeName ?? null,
    groupId: t.groupId,
    assignedVia: t.assignedVia,
    heldByBot: t.heldByBot,
    priority: (t.priority === 1 || t.priority === 2 ? t.priority : 3) as 1 | 2 | 3,
    tags: t.tags,
    remarks: t.remarks,
    resolveNote: t.resolveNote,
    categoryId: r.categoryName === null ? null : t.categoryId,
    categoryName: r.categoryName ?? null,
    lastMessage:
      t.lastMessagePreview !== null && t.lastMessageDirection && t.lastMessageStatus
        ? {
            preview: t.lastMessagePreview,
            at: t.lastMessageAt.getTime(),
            direction: t.lastMessageDirection,
            status: t.lastMessageStatus,
          }
        : null,
    unreadCount: t.unreadCount,
    responded: t.responded,
    lastCustomerMessageAt: t.lastCustomerMessageAt?.getTime() ?? null,
    // 000 §4 by the channel table: 24 h, or 7 days with the HUMAN_AGENT tag on Messenger and Instagram.
    expiresAt: chatExpiresAt(t.channel as ChannelCode, t.lastCustomerMessageAt?.getTime() ?? null),
    createdAt: t.createdAt.getTime(),
    updatedAt: t.updatedAt.getTime(),
  };
}

export async function getTicketSummary(
  db: DbOrTx,
  clientId: string,
  ticketId: string,
): Promise<TicketSummary | undefined> {
  const [row] = await selectSummaries(db).where(
    and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)),
  );
  return row ? toTicketSummary(row) : undefined;
}

export async function getTicket(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  return row;
}

/** The contact's open ticket on this channel account, or a new unassigned one (one open ticket each). */
export async function findOrOpenTicket(
  db: DbOrTx,
  input: {
    clientId: string;
    contactId: string;
    channel: string;
    channelAccountId: string;
    at: Date;
    /** The id a new ticket takes (a caller that charged for the chat room before opening it). */
    newTicketId?: string;
  },
): Promise<TicketRow> {
  const ids = await findOrOpenTicketsBatch(db, {
    ...input,
    contactIds: [input.contactId],
    ...(input.newTicketId ? { newTicketIds: [input.newTicketId] } : {}),
  });
  const row = await getTicket(db, input.clientId, ids.get(input.contactId)!);
  if (!row) throw new Error('open ticket vanished');
  return row;
}

/**
 * Each contact's open ticket on the channel account, or a new unassigned one (contact id → ticket id):
 * one SELECT, then one counter bump and one multi-row INSERT for the contacts without one.
 */
export async function findOrOpenTicketsBatch(
  db: DbOrTx,
  input: {
    clientId: string;
    channel: string;
    channelAccountId: string;
    contactIds: string[];
    at: Date;
    /** Ids for the new tickets, in the order of `contactIds` (uuidv7 otherwise). */
    newTicketIds?: string[];
  },
): Promise<Map<string, string>> {
  const { clientId, channelAccountId } = input;
  const findOpen = (contactIds: string[]) =>
    db
      .select({ id: tickets.id, contactId: tickets.contactId })
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, clientId),
          eq(tickets.channelAccountId, channelAccountId),
          inArray(tickets.contactId, contactIds),
          sql`${tickets.status} in ('unassigned', 'assigned')`,
        ),
      );
  const result = new Map<string, string>();
  if (input.contactIds.length === 0) return result;
  for (const r of await findOpen(input.contactIds)) result.set(r.contactId, r.id);
  const missing = input.contactIds.filter((c) => !result.has(c));
  if (missing.length === 0) return result;
  const [counter] = await db
    .insert(ticketCounters)
    .values({ clientId, last: missing.length })
    .onConflictDoUpdate({
      target: ticketCounters.clientId,
      set: { last: sql`${ticketCounters.last} + ${missing.length}` },
    })
    .returning({ last: ticketCounters.last });
  const first = counter!.last - missing.length + 1;
  const heldByBot = await newTicketHeld(db, clientId, channelAccountId);
  const inserted = await db
    .insert(tickets)
    .values(
      missing.map((contactId, i) => ({
        clientId,
        id: input.newTicketIds?.[input.contactIds.indexOf(contactId)] ?? uuidv7(),
        displayNumber: first + i,
        contactId,
        channel: input.channel,
        channelAccountId,
        status: 'unassigned' as const,
        heldByBot,
        lastMessageAt: input.at,
        createdAt: input.at,
        updatedAt: input.at,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: tickets.id, contactId: tickets.contactId });
  for (const r of inserted) result.set(r.contactId, r.id);
  const raced = missing.filter((c) => !result.has(c));
  if (raced.length > 0) {
    for (const r of await findOpen(raced)) result.set(r.contactId, r.id);
    for (const c of raced) if (!result.has(c)) throw new Error('open ticket vanished');
  }
  return result;
}

/** The summaries of these tickets of a business, as the inbox lists them. */
export async function summariesOf(
  db: DbOrTx,
  clientId: string,
  ticketIds: string[],
): Promise<TicketSummary[]> {
  if (ticketIds.length === 0) return [];
  const rows = await selectSummaries(db).where(
    and(eq(tickets.clientId, clientId), inArray(tickets.id, ticketIds)),
  );
  return rows.map(toTicketSummary);
}

export type NewMessageRow = typeof messages.$inferInsert;

/** Inserts messages (500 a statement), each at most once: a known provider or client id inserts nothing. */
export async function insertMessages(db: DbOrTx, rows: NewMessageRow[]): Promise<Map<string, MessageRow>> {
  const inserted = new Map<string, MessageRow>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = await db
      .insert(messages)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning();
    for (const r of chunk) inserted.set(r.id, r);
  }
  return inserted;
}

/** Sapa's ids of the messages with these provider ids on a channel account. */
/**
 * The open tickets of an account that a thread names (email): by a message they hold (provider ids) and by
 * their display number (the subject's ticket token). Resolved tickets are not among them.
 */
export async function openThreadTickets(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  named: { providerIds: string[]; displayNumbers: number[] },
): Promise<{ byProviderId: Map<string, string>; byNumber: Map<number, string> }> {
  const open = sql`${tickets.status} in ('unassigned', 'assigned')`;
  const byProviderId = new Map<string, string>();
  const byNumber = new Map<number, string>();
  if (named.providerIds.length > 0) {
    const rows = await db
      .select({ providerId: messages.providerMessageId, ticketId: tickets.id })
      .from(messages)
      .innerJoin(tickets, and(eq(tickets.clientId, messages.clientId), eq(tickets.id, messages.ticketId)))
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.channelAccountId, channelAccountId),
          inArray(messages.providerMessageId, named.providerIds),
          eq(tickets.channelAccountId, channelAccountId),
          open,
        ),
      );
    for (const r of rows) if (r.providerId) byProviderId.set(r.providerId, r.ticketId);
  }
  if (named.displayNumbers.length > 0) {
    const rows = await db
      .select({ n: tickets.displayNumber, id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, clientId),
          eq(tickets.channelAccountId, channelAccountId),
          inArray(tickets.displayNumber, named.displayNumbers),
          open,
        ),
      );
    for (const r of rows) byNumber.set(r.n, r.id);
  }
  return { byProviderId, byNumber };
}

export async function idsOfProviderMessages(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  providerIds: string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (providerIds.length === 0) return ids;
  const rows = await db
    .select({ id: messages.id, providerId: messages.providerMessageId })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.channelAccountId, channelAccountId),
        inArray(messages.providerMessageId, providerIds),
      ),
    );
  for (const r of rows) if (r.providerId) ids.set(r.providerId, r.id);
  return ids;
}

/**
 * "A message arrived" on each ticket in one UPDATE: last_message_* (the latest time, the last preview),
 * the customer's last message time (the 24-hour window), unread count up by the number of messages,
 * not responded.
 */
export async function bumpTicketsOnInbound(
  db: DbOrTx,
  clientId: string,
  perTicket: Map<string, { at: Date; preview: string; n: number }>,
  now: Date,
) {
  if (perTicket.size === 0) return;
  const values = sql.join(
    [...perTicket].map(
      ([id, t]) => sql`(${id}::uuid, ${t.at.toISOString()}::timestamptz, ${t.preview}::text, ${t.n}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update tickets as t set
      last_message_at = greatest(t.last_message_at, v.at),
      last_message_preview = v.preview,
      last_message_direction = 'in',
      last_message_status = 'received',
      last_customer_message_at = greatest(coalesce(t.last_customer_message_at, v.at), v.at),
      unread_count = t.unread_count + v.n,
      responded = false,
      updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, at, preview, n)
    where t.client_id = ${clientId} and t.id = v.id`);
}

/** A customer's reaction merged into the message it names (by provider id). */
export async function mergeReaction(
  db: DbOrTx,
  input: { clientId: string; channelAccountId: string; providerMessageId: string; emoji: string; at: Date },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({
      payload: sql`coalesce(${messages.payload}, '{}'::jsonb) || ${JSON.stringify({ reaction: input.emoji })}::jsonb`,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(messages.clientId, input.clientId),
        eq(messages.channelAccountId, input.channelAccountId),
        eq(messages.providerMessageId, input.providerMessageId),
      ),
    )
    .returning();
  return row;
}

/** A message by the sender's own idempotency key (unique per business). */
export async function findMessageByClientMessageId(
  db: DbOrTx,
  clientId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

export function toMessage(row: MessageRow, senderName: string | null = null): Message {
  return {
    id: row.id,
    ticketId: row.ticketId,
    direction: row.direction,
    visibility: row.visibility,
    type: row.type,
    text: row.text,
    media: row.media ?? null,
    payload: row.payload ?? null,
    status: row.status,
    error: row.error ?? null,
    senderUserId: row.senderUserId,
    senderName,
    replyToId: row.replyToId,
    createdAt: row.createdAt.getTime(),
  };
}

export async function getMessage(db: DbOrTx, clientId: string, messageId: string) {
  const [row] = await db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
  return row;
}

/** A short text for the ticket list. */
/** The ticket's last-message line (stored; the business's language, Indonesian): readable for an order card. */
export function previewOf(
  m: Pick<MessageRow, 'type' | 'text'> & { payload?: MessageRow['payload'] },
): string {
  return messagePreviewText({ type: m.type, text: m.text, payload: m.payload ?? null });
}

/** Inserts one message and returns it (a taken `clientMessageId` throws the unique violation). */
export async function insertMessage(db: DbOrTx, row: NewMessageRow): Promise<MessageRow> {
  const [inserted] = await db.insert(messages).values(row).returning();
  return inserted!;
}

/** "An agent's message went out" on the ticket: its last message moves on, pending, and it is responded. */
export async function bumpTicketOnOutbound(
  db: DbOrTx,
  m: { clientId: string; ticketId: string; preview: string; at: Date },
) {
  await db
    .update(tickets)
    .set({
      lastMessageAt: sql`greatest(${tickets.lastMessageAt}, ${m.at.toISOString()}::timestamptz)`,
      lastMessagePreview: m.preview,
      lastMessageDirection: 'out',
      lastMessageStatus: 'pending',
      responded: true,
      updatedAt: m.at,
    })
    .where(and(eq(tickets.clientId, m.clientId), eq(tickets.id, m.ticketId)));
}

/** Changes one message's columns; returns the row when it was found (and `onlyIf` held). */
export async function updateMessage(
  db: DbOrTx,
  ref: { clientId: string; messageId: string },
  set: PgUpdateSetSource<typeof messages>,
  onlyIf?: SQL,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set(set)
    .where(and(eq(messages.clientId, ref.clientId), eq(messages.id, ref.messageId), onlyIf))
    .returning();
  return row;
}

/** Sets the columns of one ticket (assignment and summary changes the operations decided). */
export async function updateTicket(
  db: DbOrTx,
  ref: { clientId: string; ticketId: string },
  set: PgUpdateSetSource<typeof tickets>,
) {
  await db
    .update(tickets)
    .set(set)
    .where(and(eq(tickets.clientId, ref.clientId), eq(tickets.id, ref.ticketId)));
}

/** What a bulk action changes on each of many tickets (absent: left as it is). */
export interface ManyTicketsChange {
  actorId: string;
  now: Date;
  priority?: number;
  remarks?: string | null;
  /** The tickets are resolved by the actor (their unread count cleared). */
  resolve: boolean;
  /** The preview of the public message the tickets receive (their last message becomes it). */
  publicPreview: string | null;
  /** Per ticket: its tags after the change (only when tags change). */
  tags: Map<string, string[]> | null;
}

/** One UPDATE for every ticket of a batch that a change applies to. */
export async function changeManyTickets(db: DbOrTx, clientId: string, ids: string[], c: ManyTicketsChange) {
  if (ids.length === 0) return;
  const at = c.now.toISOString();
  const sets: SQL[] = [sql`updated_at = ${at}::timestamptz`];
  if (c.priority !== undefined) sets.push(sql`priority = ${c.priority}`);
  if (c.remarks !== undefined) sets.push(sql`remarks = ${c.remarks}`);
  if (c.tags) sets.push(sql`tags = array(select jsonb_array_elements_text(v.tags))`);
  if (c.resolve)
    sets.push(
      sql`status = 'resolved'`,
      sql`resolved_at = ${at}::timestamptz`,
      sql`resolved_by = ${c.actorId}::uuid`,
      sql`resolve_note = null`,
      sql`unread_count = 0`,
    );
  if (c.publicPreview !== null)
    sets.push(
      sql`last_message_at = greatest(t.last_message_at, ${at}::timestamptz)`,
      sql`last_message_preview = ${c.publicPreview}`,
      sql`last_message_direction = 'out'`,
      sql`last_message_status = 'pending'`,
      sql`responded = true`,
    );
  const rows = JSON.stringify(ids.map((id) => ({ id, tags: c.tags?.get(id) ?? [] })));
  await db.execute(sql`
    update tickets as t set ${sql.join(sets, sql`, `)}
    from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, tags jsonb)
    where t.client_id = ${clientId}::uuid and t.id = v.id`);
}

/** A page of a ticket's messages, newest first, with the name of the agent who sent each. */
export function selectMessagesWithSender(db: DbOrTx, where: SQL[], limit: number) {
  return db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Which of these messages are stored (`clientId/messageId` keys): the orphan-charge sweep asks. */
export async function storedMessageIds(
  db: DbOrTx,
  refs: { clientId: string; messageId: string }[],
): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = rowsOf<{ client_id: string; id: string }>(
    await db.execute(sql`
      select m.client_id, m.id from ${messages} m
      where (m.client_id, m.id) in (select * from unnest(
        ${pgArray(refs.map((r) => r.clientId))}::uuid[], ${pgArray(refs.map((r) => r.messageId))}::uuid[]))`),
  );
  return new Set(rows.map((r) => `${r.client_id}/${r.id}`));
}
