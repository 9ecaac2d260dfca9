import { sql } from 'drizzle-orm';
import { bigint, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * Where the IMAP reader of an email account stands in its mailbox (`connectors/email/imap-reader.ts`): the
 * INBOX's UIDVALIDITY and the last UID taken in, so a restart reads on from there (a new UIDVALIDITY starts over;
 * the Message-ID keeps a message from being stored twice), and how the last attempt went, shown with the account.
 */
export const emailImapCursors = pgTable(
  'email_imap_cursors',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    channelAccountId: uuid('channel_account_id').notNull(),
    uidValidity: text('uid_validity'),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    state: text('state').$type<'connecting' | 'connected' | 'error'>().notNull().default('connecting'),
    error: text('error'),
    /**
     * The reader lease: which server instance reads this mailbox (`imap-reader.ts`), until when. Another
     * instance takes it only once it has expired (or was let go), so each mailbox has exactly one reader.
     */
    leaseHolder: text('lease_holder'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.channelAccountId] }),
    uniqueIndex('email_imap_cursors_account_key').on(t.channelAccountId),
  ],
);
