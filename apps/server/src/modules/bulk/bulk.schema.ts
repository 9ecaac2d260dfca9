import type { BulkAction, BulkJobStatus, BulkSelection } from '@sapa/contracts';
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
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * Who started a bulk job: the claims of their access token when they started it, so the job acts later with
 * the same rights and visibility (000 §6 CS positions) as the request did.
 */
export type BulkActor = AccessClaims;

/**
 * A bulk ticket action (000 §3 bulk job; §7 PUT tickets/bulk). The selection is resolved to `ticket_ids` when
 * the job is created (what the user saw as "N matching"); `processed` is the cursor into it, advanced in the
 * transaction that changes a chunk, so a job resumes where it stopped after a restart.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    actor: jsonb('actor').$type<BulkActor>().notNull(),
    action: jsonb('action').$type<BulkAction>().notNull(),
    selection: jsonb('selection').$type<BulkSelection>().notNull(),
    ticketIds: uuid('ticket_ids').array().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status').$type<BulkJobStatus>().notNull().default('PROCESSING'),
    /** Why a FAILED job stopped (a message key). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The caller's recent jobs (the progress bar after a reload).
    index('bulk_jobs_user_idx').on(
      t.clientId,
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A ticket a bulk job could not change, and why (the downloadable failure log). */
export const bulkJobFailures = pgTable(
  'bulk_job_failures',
  {
    clientId: uuid('client_id').notNull(),
    jobId: uuid('job_id').notNull(),
    /** As the caller named it: it may belong to no ticket of the business. */
    ticketId: uuid('ticket_id').notNull(),
    /** A message key. */
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jobId, t.ticketId] }),
    foreignKey({ columns: [t.clientId, t.jobId], foreignColumns: [bulkJobs.clientId, bulkJobs.id] }).onDelete(
      'cascade',
    ),
  ],
);
