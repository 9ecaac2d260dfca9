import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A business account (spec 000 §3 Account; 001 §3 Business). The root of tenancy: every tenant row carries its id. */
export const clients = pgTable('clients', {
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
  subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
