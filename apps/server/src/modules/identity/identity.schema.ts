import type { Language } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A person who signs in. Identities are global (one email, one password) because one user may belong to
 * several businesses (001 §4 multi-client); what they may do lives in `memberships`, which is tenant data.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** TOTP secret, encrypted at rest; set during setup, used once `totpEnabled`. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    /** The UI language the user chose (issue 16 §9: it follows them to a new browser); null until they choose. */
    language: text('language').$type<Language>(),
    /** Bumped when the password changes so every session of the user ends. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_phone_idx').on(t.phone)],
);

/** A user's place in one business: role, CS position and feature-access string (000 §3 User record, §6). */
export const memberships = pgTable(
  'memberships',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<'OWN' | 'ADC' | 'USC' | 'SAD'>().notNull(),
    /** Supervisor 1/2, Customer Service 1/2 (000 §6 CS roles in the inbox); null when not in the inbox. */
    csPosition: text('cs_position').$type<'SPV1' | 'SPV2' | 'CS1' | 'CS2'>(),
    accessRoleId: uuid('access_role_id'),
    /** The user feature-access string; null means the role fallback of 000 §6 applies. */
    featureAccess: text('feature_access'),
    csTags: text('cs_tags').array().notNull().default(sql`'{}'::text[]`),
    accountCountry: text('account_country'),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * Rotating refresh tokens, stored as SHA-256 hashes. Every rotation keeps the family; presenting a token that
 * was already rotated revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.clientId, t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    foreignKey({
      columns: [t.clientId, t.userId],
      foreignColumns: [memberships.clientId, memberships.userId],
    }),
  ],
);

/** Earlier password hashes, to refuse a recently used password (001 §5 Accounts). */
export const passwordHistory = pgTable(
  'password_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    id: uuid('id').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/** A forgot-password request: a 5-digit OTP sent by email or WhatsApp (001 §2, §5). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    /** Null for a request about an address with no (active) account: it answers alike and sends nothing. */
    userId: uuid('user_id').references(() => users.id),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId, t.createdAt),
    index('password_resets_destination_idx').on(sql`lower(${t.destination})`, t.createdAt),
  ],
);

/**
 * Failed attempts of one kind (`scope`: sign-in, 2FA code, …) for one account from one client address, with
 * the lock they earned. In the database so every process counts the same failures; keyed by account AND
 * address so nobody can lock someone else out from their own address.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    scope: text('scope').notNull(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.accountKey, t.address] })],
);
