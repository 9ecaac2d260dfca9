import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * The takings wallet of a business (001 §2 /wallet), in whole rupiah: `balance` is the kept sum of its ledger
 * below — every change is a `wallet_mutations` row written in the same transaction, under this row's lock.
 */
export const wallets = pgTable('wallets', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The wallet ledger (001 §3 wallet mutation rows): an order paid online (credited once the gateway settled it)
 * or a withdrawal paid out. A row names what it is for (reference type and id), so nothing moves twice.
 */
export const walletMutations = pgTable(
  'wallet_mutations',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    /** order_payment or withdrawal. */
    kind: text('kind').notNull(),
    /** What the row shows: the order number, or the bank and the account's last digits. */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** payment or withdrawal, and its id. */
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('wallet_mutations_reference_key').on(t.referenceType, t.referenceId),
    index('wallet_mutations_client_created_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

/**
 * A business's bank accounts (001 §3: bank, accountNo, accountHolder, isPrimary, inquiryStatus; 000 §6 store
 * bank, ID only). `inquiry_status` is what the gateway's account inquiry answered.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    bank: text('bank').notNull(),
    accountNo: text('account_no').notNull(),
    accountHolder: text('account_holder').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** PENDING, VERIFIED, FAILED. */
    inquiryStatus: text('inquiry_status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('bank_accounts_client_number_key').on(t.clientId, t.bank, t.accountNo),
    uniqueIndex('bank_accounts_one_primary_key').on(t.clientId).where(sql`${t.isPrimary}`),
  ],
);

/**
 * A withdrawal to a bank account, paid out through the gateway's disbursement API (001 §9 within 24 hours).
 * `pending` holds its amount out of the available balance; the gateway's verified callback moves it once to
 * `completed` (a ledger row) or `failed` (the amount is available again). The destination is copied, so an
 * account deleted later leaves the history whole.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    /** Sapa's id: the disbursement's `external_id` and idempotency key. */
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    bankAccountId: uuid('bank_account_id').notNull(),
    bank: text('bank').notNull(),
    accountNo: text('account_no').notNull(),
    accountHolder: text('account_holder').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending, completed, failed. */
    status: text('status').notNull().default('pending'),
    gatewayId: text('gateway_id'),
    failureCode: text('failure_code'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('withdrawals_client_status_idx').on(t.clientId, t.status, t.createdAt),
    uniqueIndex('withdrawals_gateway_id_key').on(t.gatewayId),
  ],
);
