import {
  CHANNELS,
  CHAT_WINDOW_MS,
  type ChannelCode,
  type Message,
  type TicketSummary,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { contacts } from '../contacts/contacts.schema.js';
import { users } from '../identity/identity.schema.js';
import { messages, ticketCategories, ticketCounters, tickets } from './conversations.schema.js';

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const displayIdOf = (n: number) => `T-${String(n).padStart(6, '0')}`;

/** 000 §4: a chat on a channel with expiry closes 24 h after the customer's last message. */
export function expiresAtOf(row: Pick<TicketRow, 'channel' | 'lastCustomerMessageAt'>): number | null {
  const def = CHANNELS[row.channel as ChannelCode];
  if (!def?.hasExpiry || !row.lastCustomerMessageAt) return null;
  return row.lastCustomerMessageAt.getTime() + CHAT_WINDOW_MS;
}

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
    priority: (t.priority === 1 || t.priority === 2 ? t.priority : 3) as 1 | 2 | 3,
    tags: t.tags,
    remarks: t.remarks,
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
    expiresAt: expiresAtOf(t),
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
  input: { clientId: string; contactId: string; channel: string; channelAccountId: string; at: Date },
): Promise<TicketRow> {
  const findOpen = async () => {
    const [row] = await db
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, input.clientId),
          eq(tickets.contactId, input.contactId),
          eq(tickets.channelAccountId, input.channelAccountId),
          sql`${tickets.status} in ('unassigned', 'assigned')`,
        ),
      );
    return row;
  };
  const open = await findOpen();
  if (open) return open;
  const counter = await db
    .insert(ticketCounters)
    .values({ clientId: input.clientId, last: 1 })
    .onConflictDoUpdate({ target: ticketCounters.clientId, set: { last: sql`${ticketCounters.last} + 1` } })
    .returning({ last: ticketCounters.last });
  const inserted = await db
    .insert(tickets)
    .values({
      clientId: input.clientId,
      id: uuidv7(),
      displayNumber: counter[0]!.last,
      contactId: input.contactId,
      channel: input.channel,
      channelAccountId: input.channelAccountId,
      status: 'unassigned',
      lastMessageAt: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return inserted[0];
  const raced = await findOpen();
  if (!raced) throw new Error('open ticket vanished');
  return raced;
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
export function previewOf(m: Pick<MessageRow, 'type' | 'text'>): string {
  if (m.text) return m.text.slice(0, 200);
  return `[${m.type}]`;
}
