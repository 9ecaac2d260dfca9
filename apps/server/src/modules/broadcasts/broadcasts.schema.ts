import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** Where each template variable's value comes from (001 §3 contact variables, manual variables). */
export type StoredVariableSource =
  | { source: 'contact'; field: string; fallback: string }
  | { source: 'manual'; value: string };

/** A WhatsApp broadcast (001 §3 Broadcast, history row; §4 statuses). */
export type BroadcastHeaderMedia =
  | { storageKey: string; mime: string; mediaId?: string }
  | { link: string; kind: 'image' | 'video' | 'document' };

export const broadcasts = pgTable(
  'broadcasts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    campaignCode: text('campaign_code').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    templateId: uuid('template_id').notNull(),
    /** The template as it was when the broadcast was made (the history keeps its name). */
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    /** BroadcastStatus of the contracts. */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    variables: jsonb('variables').$type<StoredVariableSource[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The header media: the uploaded image (storage key, mime, its Graph media id once uploaded), or, for a
     * template with a media header and no upload, the template's own sample (`link`, sent as the header).
     */
    image: jsonb('image').$type<BroadcastHeaderMedia | null>(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    clientRequestId: uuid('client_request_id').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    total: integer('total').notNull().default(0),
    /** How many recipients are in each status now (maintained with every recipient change). */
    sentCount: integer('sent_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The checker's decision (maker/checker on). */
    review: jsonb('review').$type<{
      decision: 'approved' | 'rejected';
      byUserId: string;
      by: string;
      at: number;
      reason: string | null;
    } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('broadcasts_request_key').on(t.clientId, t.clientRequestId),
    index('broadcasts_history_idx').on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The engine's sweep: what is due or running, over every business.
    index('broadcasts_active_idx')
      .on(t.status, t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'need_approval', 'in_process', 'sending')`),
    index('broadcasts_sender_idx').on(t.clientId, t.channelAccountId, t.startedAt),
  ],
);

/**
 * One recipient of a broadcast: its number (unique in the broadcast), the values of the template's
 * variables, and its state: queued → sending (claimed by a worker before the Graph call) → sent →
 * delivered → read, or failed.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    clientId: uuid('client_id').notNull(),
    broadcastId: uuid('broadcast_id').notNull(),
    id: uuid('id').notNull(),
    phone: text('phone').notNull(),
    name: text('name'),
    contactId: uuid('contact_id'),
    values: jsonb('values').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.broadcastId, t.id] }),
    uniqueIndex('broadcast_recipients_phone_key').on(t.clientId, t.broadcastId, t.phone),
    // A contact's broadcast history (001 §2 contact detail): by its id, or its number when it was typed.
    index('broadcast_recipients_contact_idx')
      .on(t.clientId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('broadcast_recipients_number_idx').on(t.clientId, t.phone),
    // The engine claims from here: only rows not finished are in it.
    index('broadcast_recipients_pending_idx')
      .on(t.clientId, t.broadcastId, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/**
 * A sending number's limits and its token bucket (shared by every worker process): throughput in
 * messages per second, the daily quota, the tokens left and when they were counted.
 */
export const broadcastSenders = pgTable(
  'broadcast_senders',
  {
    clientId: uuid('client_id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    throughputPerSecond: integer('throughput_per_second').notNull(),
    dailyQuota: integer('daily_quota').notNull(),
    tokens: doublePrecision('tokens').notNull().default(0),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** After a 130429 from the provider nothing is claimed for this number before this time. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.channelAccountId] })],
);

/** An uploaded recipient sheet (001 §2 recipient selection), kept until it is used. */
export const broadcastRecipientSheets = pgTable(
  'broadcast_recipient_sheets',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    createdBy: uuid('created_by'),
    rows: jsonb('rows').$type<{ phone: string; name: string | null; values: string[] }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/**
 * How many recipients of a broadcast are in each status, as moves counted by who made them: the engine
 * (its sends' answers) and the provider's status webhooks each update their own row, so the two never wait
 * for each other's row lock. A broadcast's count is the sum of its rows.
 */
export const broadcastCounters = pgTable(
  'broadcast_counters',
  {
    clientId: uuid('client_id').notNull(),
    broadcastId: uuid('broadcast_id').notNull(),
    /** engine or webhook. */
    source: text('source').notNull(),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.broadcastId, t.source] })],
);
