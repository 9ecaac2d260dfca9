import { sql } from 'drizzle-orm';
import { numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
