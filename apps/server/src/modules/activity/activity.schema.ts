import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
