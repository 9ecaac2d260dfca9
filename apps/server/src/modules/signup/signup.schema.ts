import type { BUSINESS_FIELDS, BUSINESS_MODES, BUSINESS_TYPES } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** The store step's answers (001 §3 Business profile). */
export interface SignUpStore {
  name: string;
  address: string;
  businessFields: (typeof BUSINESS_FIELDS)[number][];
  businessType: (typeof BUSINESS_TYPES)[number];
  mode: (typeof BUSINESS_MODES)[number];
}

/** The number Embedded Signup onboarded; the business token is sealed (deps.secrets). */
export interface SignUpWaba {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  sealedAccessToken: string;
}

/** Sign-up via Shopify: the install (shopify module) the sign-up claims when it completes, and its shop. */
export interface SignUpShopify {
  installId: string;
  shopDomain: string;
  shopName: string;
}

/**
 * A sign-up in progress (001 §2 stepper), found by the hash of its token (the browser keeps the token). No
 * tenant yet: the business is created when it completes (`clientId`). The password is kept only as its hash.
 */
export const signUps = pgTable(
  'sign_ups',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code'),
    /** sha256 of the client address, for the per-address limit (the address itself is not kept). */
    addressHash: text('address_hash').notNull(),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    store: jsonb('store').$type<SignUpStore>(),
    waba: jsonb('waba').$type<SignUpWaba>(),
    /** The WhatsApp step was skipped (only where the partner's "WABA required" flag is off, 000 §4). */
    wabaSkippedAt: timestamp('waba_skipped_at', { withTimezone: true }),
    shopify: jsonb('shopify').$type<SignUpShopify>(),
    clientId: uuid('client_id').references(() => clients.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('sign_ups_address_idx').on(t.addressHash, t.createdAt)],
);

/** One-time codes sent by WhatsApp for sign-ups; counted per phone number for the hourly limit. */
export const signUpCodes = pgTable(
  'sign_up_codes',
  {
    id: uuid('id').primaryKey(),
    signUpId: uuid('sign_up_id')
      .notNull()
      .references(() => signUps.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('sign_up_codes_phone_idx').on(t.phone, t.createdAt),
    index('sign_up_codes_sign_up_idx').on(t.signUpId, t.createdAt),
  ],
);
