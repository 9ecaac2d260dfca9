import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** The user-consent record (000 §3 User consent; §4 Session and consent). */
export const userConsents = pgTable(
  'user_consents',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    userId: uuid('user_id').notNull(),
    pageName: text('page_name').notNull(),
    agreed: boolean('agreed').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.pageName] })],
);

/** The page-visit tracker (000 §7 POST tracker/page-visitation: pageName and data_1..data_5). */
export const pageVisits = pgTable(
  'page_visits',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    pageName: text('page_name').notNull(),
    additionalData: jsonb('additional_data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/**
 * Client events (000 §7 POST /logs: type, event JSON with version and source, result), kept only for the
 * partner's fixed list of client ids (000 §6; `LOG_CLIENT_IDS`).
 */
export const clientEventLogs = pgTable(
  'client_event_logs',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    result: text('result').$type<'success' | 'error'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('client_event_logs_at_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
  ],
);
