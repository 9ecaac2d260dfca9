import type { AssignmentSource, MessageStatus, MessageType } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/contacts.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** The per-business ticket number counter (readable ticket IDs T-000042). */
export const ticketCounters = pgTable('ticket_counters', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});

export type TicketStatusValue = 'unassigned' | 'assigned' | 'resolved' | 'expired';

/** A chat room / ticket (000 §3 Ticket, Chatroom; §4 lifecycle). */
export const tickets = pgTable(
  'tickets',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    displayNumber: bigint('display_number', { mode: 'number' }).notNull(),
    contactId: uuid('contact_id').notNull(),
    channel: text('channel').notNull(),
    /**
     * References `channel_accounts (client_id, id)`: the foreign key is in the SQL of migration 0001 only, not
     * declared here, so that conversations' tables never import channels (channels → conversations, one way).
     */
    channelAccountId: uuid('channel_account_id').notNull(),
    status: text('status').$type<TicketStatusValue>().notNull().default('unassigned'),
    assigneeId: uuid('assignee_id'),
    /** The agent group the ticket belongs to; null = the business's default group (000 §5). */
    groupId: uuid('group_id'),
    /** How the current assignee got it: 'manual', 'auto' (automatic assignment) or 'play' (Auto Assign). */
    assignedVia: text('assigned_via').$type<'manual' | 'auto' | 'play'>(),
    /** The BOT state: a chatbot answers this chat until its hand-over; no automatic assignment meanwhile. */
    heldByBot: boolean('held_by_bot').notNull().default(false),
    priority: smallint('priority').notNull().default(3),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    remarks: text('remarks'),
    categoryId: uuid('category_id'),
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastMessagePreview: text('last_message_preview'),
    lastMessageDirection: text('last_message_direction').$type<'in' | 'out'>(),
    lastMessageStatus: text('last_message_status').$type<MessageStatus>(),
    unreadCount: integer('unread_count').notNull().default(0),
    responded: boolean('responded').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolveNote: text('resolve_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('tickets_display_number_key').on(t.clientId, t.displayNumber),
    // One open ticket per contact and channel account.
    uniqueIndex('tickets_one_open_key')
      .on(t.clientId, t.contactId, t.channelAccountId)
      .where(sql`${t.status} in ('unassigned', 'assigned')`),
    index('tickets_inbox_idx').on(
      t.clientId,
      t.status,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Automatic assignment: waiting tickets of a group, oldest first.
    index('tickets_waiting_idx')
      .on(t.clientId, t.groupId, t.createdAt, t.id)
      .where(sql`${t.status} = 'unassigned'`),
    // An agent's open load (assignment limits, user deletion guard, an agent's own inbox).
    index('tickets_assignee_idx')
      .on(t.clientId, t.assigneeId, t.lastMessageAt.desc().nullsFirst())
      .where(sql`${t.status} in ('unassigned', 'assigned')`),
    // A contact's tickets, newest first (the inbox contact panel); also serves the contact foreign key.
    index('tickets_contact_idx').on(
      t.clientId,
      t.contactId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_expiry_idx')
      .on(t.lastCustomerMessageAt)
      .where(sql`${t.status} in ('unassigned', 'assigned') and ${t.channel} = 'WAP'`),
    foreignKey({ columns: [t.clientId, t.contactId], foreignColumns: [contacts.clientId, contacts.id] }),
  ],
);

export interface StoredMedia {
  url: string;
  mime: string;
  filename: string | null;
  size: number | null;
}

/** A chat message, inbound or outbound, public or an internal note (000 §3 Chat message). */
export const messages = pgTable(
  'messages',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    visibility: text('visibility').$type<'public' | 'internal'>().notNull().default('public'),
    type: text('type').$type<MessageType>().notNull(),
    text: text('text'),
    media: jsonb('media').$type<StoredMedia>(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status').$type<MessageStatus>().notNull(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    providerMessageId: text('provider_message_id'),
    clientMessageId: uuid('client_message_id'),
    senderUserId: uuid('sender_user_id'),
    replyToId: uuid('reply_to_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('messages_provider_id_key').on(t.clientId, t.channelAccountId, t.providerMessageId),
    uniqueIndex('messages_client_message_id_key').on(t.clientId, t.clientMessageId),
    index('messages_ticket_idx').on(
      t.clientId,
      t.ticketId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);

/** Ticket categories of a business (000 §7 csplatform/categories; §3 ticket form state chatCategory). */
export const ticketCategories = pgTable(
  'ticket_categories',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('ticket_categories_name_key').on(t.clientId, sql`lower(${t.name})`),
  ],
);

/** A file an agent or a visitor uploaded before sending it (000 §5 attachment rules; 001 §5 chat media). */
export const uploads = pgTable(
  'uploads',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    /** The agent who uploaded it, or null for a live-chat visitor (then visitorId is set). */
    createdBy: uuid('created_by'),
    visitorId: uuid('visitor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** Transfer history of a ticket: who handed it from whom to whom, when, how (000 §7 chatRoom/transfer). */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    fromUserId: uuid('from_user_id'),
    toUserId: uuid('to_user_id'),
    fromGroupId: uuid('from_group_id'),
    toGroupId: uuid('to_group_id'),
    source: text('source').$type<AssignmentSource>().notNull(),
    /** Who did it; null for the automatic assignment. */
    byUserId: uuid('by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('ticket_transfers_ticket_idx').on(t.clientId, t.ticketId, t.createdAt),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);

/** Ticket changes: who changed what, when (000 §7 GET /auditLogs). */
export const ticketAuditLog = pgTable(
  'ticket_audit_log',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    /** null: the system (automatic assignment). */
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    /** field → { from, to } */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('ticket_audit_log_ticket_idx').on(t.clientId, t.ticketId, t.createdAt),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);
