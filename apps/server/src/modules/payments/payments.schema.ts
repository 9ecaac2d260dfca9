import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * An online payment through the payment gateway (001 §4 Top-up, §7 billing-transaction): what it pays for,
 * the amount and the payer's fee in whole rupiah, the method, and the gateway's invoice. Status moves only
 * from `pending` to `paid`, `expired` or `failed`; a notification for a payment no longer pending changes nothing.
 */
export const payments = pgTable(
  'payments',
  {
    /** Sapa's payment id, sent to the gateway as the invoice's `external_id`. */
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    /** top_up or subscription. */
    purpose: text('purpose').notNull(),
    /** What is bought, in rupiah (a top-up buys one credit per rupiah). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The payer's fee for the method, VAT included. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** amount + fee: what the gateway collects. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The gateway's channel code (BCA, QRIS, OVO, …). */
    method: text('method').notNull(),
    /** pending, paid, expired, failed. */
    status: text('status').notNull().default('pending'),
    gateway: text('gateway').notNull(),
    /** The gateway's invoice id (Xendit `id`): a notification is matched on it and on `external_id`. */
    gatewayId: text('gateway_id'),
    checkoutUrl: text('checkout_url'),
    /** The channel the payer actually used, as the gateway reported it. */
    paidChannel: text('paid_channel'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('payments_client_created_idx').on(t.clientId, t.createdAt, t.id),
    uniqueIndex('payments_gateway_id_key').on(t.gateway, t.gatewayId),
    // 001 §4 Top-up: one unpaid top-up per business, even when two requests race.
    uniqueIndex('payments_one_pending_top_up_key')
      .on(t.clientId)
      .where(sql`${t.purpose} = 'top_up' and ${t.status} = 'pending'`),
  ],
);
