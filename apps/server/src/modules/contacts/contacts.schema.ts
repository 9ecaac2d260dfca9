import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** A customer of a business (000 §3 Contact). */
export const contacts = pgTable(
  'contacts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), index('contacts_phone_idx').on(t.clientId, t.phone)],
);

/** How a contact is known on one channel account (WhatsApp: the wa_id). */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    clientId: uuid('client_id').notNull(),
    channel: text('channel').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    externalId: text('external_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('contact_identities_key').on(t.clientId, t.channelAccountId, t.externalId),
    index('contact_identities_contact_idx').on(t.clientId, t.contactId),
    foreignKey({ columns: [t.clientId, t.contactId], foreignColumns: [contacts.clientId, contacts.id] }),
  ],
);
