import type { MacroAction } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * The chat library of a business (001 §3 quick reply, remark, chat tag; 000 §2 macros): titles are unique per
 * business ignoring case (001 §8 "Duplicate titles"), enforced by a `lower(title)` unique index.
 */
export const quickReplies = pgTable(
  'quick_replies',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('quick_replies_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

/** 001 §3 remark: a title and a content, offered when an agent writes a ticket's remarks. */
export const remarkTemplates = pgTable(
  'remark_templates',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('remark_templates_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

/** 001 §3 chat tag: a name offered in a ticket's tag input. */
export const chatTags = pgTable(
  'chat_tags',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('chat_tags_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

/** 000 §2 macros (quick responses), §3 macro list: a named list of actions an agent applies to a chat. */
export const macros = pgTable(
  'macros',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    actions: jsonb('actions').$type<MacroAction[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('macros_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);
