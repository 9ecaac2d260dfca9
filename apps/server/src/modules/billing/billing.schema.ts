import { sql } from 'drizzle-orm';
import { numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** The chat-credit wallet of a business (001 §3: balance, balanceBonus, looked up by clientId). */
export const chatCreditWallets = pgTable('chat_credit_wallets', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
  balanceBonus: numeric('balance_bonus', { precision: 14, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * A credit mutation row (001 §3: time, description, status, amount, balance). A charge names what it paid for
 * (reference type and id), so charging the same thing twice is refused by the unique index.
 */
export const chatCreditMutations = pgTable(
  'chat_credit_mutations',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    description: text('description').notNull(),
    /** charge, top_up, bonus, refund. */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('success'),
    /** Negative for a charge. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('chat_credit_mutations_reference_key')
      .on(t.clientId, t.referenceType, t.referenceId)
      .where(sql`${t.referenceId} is not null`),
  ],
);
