import type { AdvancedBroadcastSchedule, AdvancedBroadcastStatus, RecipientRule } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * 001 §3 advanced broadcast: a template with contact variables sent on a schedule to the contacts matching
 * every recipient rule. Names are unique per business ignoring case (001 §5). `next_run_at` is set while
 * active (status `waiting`); the dispatcher takes due rows across businesses by the partial index on it
 * (like the inbound drainer, it does not lead with `client_id`).
 */
export const advancedBroadcasts = pgTable(
  'advanced_broadcasts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    templateId: uuid('template_id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    rules: jsonb('rules').$type<RecipientRule[]>().notNull(),
    schedule: jsonb('schedule').$type<AdvancedBroadcastSchedule>().notNull(),
    status: text('status').$type<AdvancedBroadcastStatus>().notNull().default('inactive'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastBroadcastId: uuid('last_broadcast_id'),
    lastError: text('last_error'),
    estimatedRecipients: integer('estimated_recipients').notNull().default(0),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('advanced_broadcasts_name_key').on(t.clientId, sql`lower(${t.name})`),
    index('advanced_broadcasts_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'waiting'`),
    index('advanced_broadcasts_estimated_idx').on(t.estimatedAt),
  ],
);

/**
 * One sending of an advanced broadcast, keyed by its scheduled time: a sending that is retried or taken by
 * two processes is recorded (and creates its broadcast) once.
 */
export const advancedBroadcastRuns = pgTable(
  'advanced_broadcast_runs',
  {
    clientId: uuid('client_id').notNull(),
    advancedBroadcastId: uuid('advanced_broadcast_id').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status').$type<'sending' | 'sent' | 'failed' | 'credits_insufficient'>().notNull(),
    recipients: integer('recipients').notNull(),
    broadcastId: uuid('broadcast_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.advancedBroadcastId, t.scheduledFor] }),
    foreignKey({
      columns: [t.clientId, t.advancedBroadcastId],
      foreignColumns: [advancedBroadcasts.clientId, advancedBroadcasts.id],
    }).onDelete('cascade'),
  ],
);
