import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages the product sends to people (password-reset codes by email or WhatsApp) that no provider delivered:
 * with no SMTP server (SMTP_URL) or platform WhatsApp number configured for the channel they land here. Demo
 * mode shows them on /demo/outbox to the owner and admins of the recipient's business; outside demo mode nothing
 * reads them over the API.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    recipient: text('recipient').notNull(),
    /** The Sapa user it is for (whose business's owner/admin may read it in the demo); null for nobody's. */
    userId: uuid('user_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_messages_user_idx').on(t.userId, t.createdAt),
  ],
);
