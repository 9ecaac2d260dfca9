import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';
import { contacts } from './contacts.schema.js';

/** 001 §3 contact tag: a name unique in the business (case-insensitive). */
export const contactTags = pgTable(
  'contact_tags',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('contact_tags_name_key').on(t.clientId, sql`lower(${t.name})`),
  ],
);

/** Which tags a contact has. */
export const contactTagLinks = pgTable(
  'contact_tag_links',
  {
    clientId: uuid('client_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.contactId, t.tagId] }),
    index('contact_tag_links_tag_idx').on(t.clientId, t.tagId, t.contactId),
    foreignKey({ columns: [t.clientId, t.contactId], foreignColumns: [contacts.clientId, contacts.id] }),
    foreignKey({ columns: [t.clientId, t.tagId], foreignColumns: [contactTags.clientId, contactTags.id] }),
  ],
);

/** 001 §3 contact (customer) group: name (max 30, unique), description (max 300), contacts. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Maintained with the memberships, so the list never counts per request. */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('contact_groups_name_key').on(t.clientId, sql`lower(${t.name})`),
  ],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    clientId: uuid('client_id').notNull(),
    groupId: uuid('group_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.groupId, t.contactId] }),
    index('contact_group_members_contact_idx').on(t.clientId, t.contactId),
    foreignKey({
      columns: [t.clientId, t.groupId],
      foreignColumns: [contactGroups.clientId, contactGroups.id],
    }),
    foreignKey({ columns: [t.clientId, t.contactId], foreignColumns: [contacts.clientId, contacts.id] }),
  ],
);

/**
 * 001 §3 custom field: title (unique), type, options (choice types), validation type, display flag. Never
 * deleted once added (001 §3), so a contact's stored values always name an existing field.
 */
export const contactFields = pgTable(
  'contact_fields',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    validation: text('validation').notNull(),
    display: boolean('display').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('contact_fields_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * 001 §3, §4 contact upload history: the file (kept until processed), its status (processing → success,
 * partial or failed), the saved and failed counts and the failed rows with their reasons.
 */
export const contactUploads = pgTable(
  'contact_uploads',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull(),
    /** A message key when the whole file failed (template mismatch, empty, system error). */
    reason: text('reason'),
    savedCount: integer('saved_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    file: bytea('file'),
    /** The file's header row (the fixed columns, then tags and custom fields as the file had them). */
    columns: jsonb('columns').$type<string[]>(),
    /**
     * Every problem of each failed row (`column`: the tags or custom field column a reason is about). Rows
     * written before issue 16 carry one problem in `reason`/`params`/`column` and no `problems`.
     */
    failedRows:
      jsonb('failed_rows').$type<
        ({ row: number; values: string[] } & (
          | { problems: { reason: string; params?: string[]; column?: string }[] }
          | { problems?: undefined; reason: string; params?: string[]; column?: string }
        ))[]
      >(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
