import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * The chat-credit wallet of a business (001 §3: balance, balanceBonus, looked up by clientId). It is the kept
 * sum of the ledger below: every change of either figure is a `chat_credit_mutations` row written in the same
 * transaction, under this row's lock.
 */
export const chatCreditWallets = pgTable('chat_credit_wallets', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
  balanceBonus: numeric('balance_bonus', { precision: 14, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The chat-credit ledger (001 §3: time, description, status, amount, balance): one row per change — top_up,
 * bonus, charge, refund, expiry. `amount` moves the paid balance and `bonus_amount` the bonus balance (negative
 * for a charge or an expiry); only `success` rows move them (`post_paid` is usage billed later, `unpaid` an
 * inbound fee the wallet could not cover). `description` is a key translated at display, `details` its values.
 * A row names what it is for (reference type and id), so the same thing is never credited or charged twice.
 */
export const chatCreditMutations = pgTable(
  'chat_credit_mutations',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    description: text('description').notNull(),
    details: jsonb('details').$type<Record<string, string | number>>(),
    /** charge, top_up, bonus, refund, expiry. */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('success'),
    /** Paid credits; negative for a charge. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    /** Bonus credits (usable only for inbound, 001 §9); negative for a charge or an expiry. */
    bonusAmount: numeric('bonus_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    bonusBalanceAfter: numeric('bonus_balance_after', { precision: 14, scale: 2 }).notNull().default('0'),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('chat_credit_mutations_reference_key')
      .on(t.clientId, t.referenceType, t.referenceId)
      .where(sql`${t.referenceId} is not null`),
    index('chat_credit_mutations_client_created_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

/**
 * The open charge window of a chat room per category (001 §3 chat-room charge status: clientId, chatRoomId,
 * mediaPlatform): a conversation is charged once per category per 24 hours (WhatsApp's conversation window),
 * whatever the number of messages in it. One row per (chat room, category), replaced when a send finds it past
 * `expires_at`; the upsert that replaces it is the idempotency key of the window's charge.
 */
export const chatCreditWindows = pgTable(
  'chat_credit_windows',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    /** The ticket (chat room) id; no foreign key, as billing sits below conversations. */
    chatRoomId: uuid('chat_room_id').notNull(),
    /** SERVICE, MARKETING, UTILITY, AUTHENTICATION, CHATBOT. */
    category: text('category').notNull(),
    mediaPlatform: text('media_platform').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The message that opened the window (a definitive failure of it refunds the charge). */
    openedByMessageId: uuid('opened_by_message_id'),
    mutationId: uuid('mutation_id'),
    /**
     * When the orphan-charge sweep found the message that opened the window (or refunded the charge because
     * that message was never stored: a crash between the charge and the send). Null: not checked yet.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.chatRoomId, t.category] }),
    index('chat_credit_windows_unsettled_idx')
      .on(t.openedAt)
      .where(sql`${t.settledAt} is null and ${t.openedByMessageId} is not null`),
  ],
);
