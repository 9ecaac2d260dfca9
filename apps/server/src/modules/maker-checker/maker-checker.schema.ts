import type { MakerCheckerMediaType, MakerCheckerPosition } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberships } from '../identity/identity.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** 001 §2 maker/checker settings: whether broadcasts of the business need a checker's approval. */
export const makerCheckerSettings = pgTable('maker_checker_settings', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  enabled: boolean('enabled').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * 001 §3 maker/checker account: a user of the business (by email), a display name, the broadcast media type
 * and the position (Maker, Checker, Maker & Checker), active or inactive (001 §4). One account per user and
 * media type.
 */
export const makerCheckerAccounts = pgTable(
  'maker_checker_accounts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    mediaType: text('media_type').$type<MakerCheckerMediaType>().notNull(),
    position: text('position').$type<MakerCheckerPosition>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('maker_checker_accounts_user_media_key').on(t.clientId, t.userId, t.mediaType),
    index('maker_checker_accounts_email_idx').on(t.clientId, sql`lower(${t.email})`),
    foreignKey({
      columns: [t.clientId, t.userId],
      foreignColumns: [memberships.clientId, memberships.userId],
    }),
  ],
);
