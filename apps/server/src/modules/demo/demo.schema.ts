import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages the product sends to people outside it (password-reset codes by email or WhatsApp). With no mail
 * or WhatsApp provider configured they land here, and demo mode shows them on /demo/outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);
