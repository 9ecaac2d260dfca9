import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payments } from '../payments/payments.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A subscription order (001 §2 subscription: package, period, summary; §3 Subscription: package, period, end
 * date, service fee, tax): start, extend, upgrade Starter → Pro or extra users, priced with VAT when placed and
 * paid through one gateway payment. Status: pending → paid (applied to the business's plan in the transaction
 * that marks the payment paid), cancelled or expired. The plan itself stays on `clients` (tenancy).
 */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    /** start, extend, upgrade, extra_users. */
    kind: text('kind').notNull(),
    /** STARTER or PRO. */
    package: text('package').notNull(),
    months: integer('months').notNull(),
    extraUsers: integer('extra_users').notNull().default(0),
    /** Whole rupiah: the price, its 11% VAT and their sum (what the payment's amount is). */
    net: bigint('net', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The validity the quote gave; the paid order's real end is written when it is applied. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** pending, paid, cancelled, expired. */
    status: text('status').notNull().default('pending'),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** When the terms were accepted (001 §2 subscription: terms). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('subscription_orders_payment_key').on(t.paymentId),
    index('subscription_orders_client_created_idx').on(t.clientId, t.createdAt),
    // One unpaid order per business, even when two requests race.
    uniqueIndex('subscription_orders_one_pending_key').on(t.clientId).where(sql`${t.status} = 'pending'`),
  ],
);
