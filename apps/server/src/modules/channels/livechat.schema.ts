import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A website visitor of a live-chat widget (001 §5 live chat). The widget keeps an opaque token in the browser;
 * only its sha256 is stored. The visitor is a contact identity (channel LVC, externalId = visitor id).
 */
export const livechatVisitors = pgTable(
  'livechat_visitors',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    /** Answers of the pre-chat form's extra components, keyed by customized data. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('livechat_visitors_token_key').on(t.tokenHash),
    index('livechat_visitors_contact_idx').on(t.clientId, t.contactId),
  ],
);
