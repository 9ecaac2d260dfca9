import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A business account (spec 000 §3 Account; 001 §3 Business). The root of tenancy: every tenant row carries its id. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Account country; the permission model treats a missing one as ID (000 §6). */
    countryDefault: text('country_default').notNull().default('ID'),
    /** The client plan feature string of 0/1 characters (000 §6 client index map). */
    planFeatures: text('plan_features').notNull().default(''),
    /** Billing type; credit is insufficient when it is not POST_PAID and the balance is short (000 §5). */
    billingType: text('billing_type').notNull().default('PRE_PAID'),
    /** Free, Free Trial, Active, Expired (000 §4 Subscription). */
    accountStatus: text('account_status').notNull().default('Active'),
    subscriptionPackage: text('subscription_package'),
    /** The end of the package's or free trial's validity; null for none (Free, or Enterprise by contract). */
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    /** 001 §6: extra users bought on top of the package's users (Rp199.000 a month each). */
    extraUsers: integer('extra_users').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // The expiry sweep finds validity that ran out (001 §4 Subscription: expired).
    index('clients_subscription_ends_idx')
      .on(t.subscriptionEndsAt)
      .where(sql`${t.accountStatus} in ('Active', 'Free Trial')`),
  ],
);

/**
 * The business profile beyond its name (001 §3 Business profile: address, business field — at most three —,
 * business type, service, mode restaurant or online shop; 001 §2 contact tab). One row per business, made on
 * the first save; the name stays on `clients`. The one place for business-profile fields (sign-up's store step
 * writes here too).
 */
export const businessProfiles = pgTable('business_profiles', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  address: text('address').notNull().default(''),
  businessFields: text('business_fields').array().notNull().default(sql`'{}'::text[]`),
  businessType: text('business_type'),
  service: text('service'),
  mode: text('mode').notNull().default('ONLINE_SHOP'),
  contactPhone: text('contact_phone').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
