import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  jsonb,
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
    /** 001 §3 main channel: the channel code the business prefers to reach the contact on. */
    mainChannel: text('main_channel'),
    /** 001 §3 built-in custom fields "birth date" and "last education". */
    birthDate: date('birth_date'),
    lastEducation: text('last_education'),
    /** 001 §3 custom field values, keyed by the field's id (contact_fields). */
    customValues: jsonb('custom_values').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // One contact per number in a business (issue 6, session 3): phones are stored normalised (digits with
    // the country code), so inbound messages, uploads and edits can rely on ON CONFLICT.
    uniqueIndex('contacts_phone_key').on(t.clientId, t.phone),
    // Contact search (ARCHITECTURE "Search"): substring ILIKE on the name and the digits of the phone.
    index('contacts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contacts_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
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
