import type { MacroAction } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * The columns every chat-library table starts with: the business, an id and a title, which is unique per
 * business ignoring case (001 §8 "Duplicate titles"), enforced by a `lower(title)` unique index.
 */
const libraryItem = () => ({
  clientId: uuid('client_id')
    .notNull()
    .references(() => clients.id),
  id: uuid('id').notNull(),
  title: text('title').notNull(),
});

/** Creation and last change, after a table's own columns. */
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * A chat-library table (001 §3 quick reply, remark, chat tag; 000 §2 macros): `libraryItem`, the table's own
 * columns, `timestamps`; the primary key (client_id, id) and the unique index `<name>_title_key`.
 */
function libraryTable<TName extends string, TOwn extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  own: TOwn,
) {
  return pgTable(name, { ...libraryItem(), ...own, ...timestamps() }, (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex(`${name}_title_key`).on(t.clientId, sql`lower(${t.title})`),
  ]);
}

/** 001 §3 quick reply: a title and a content an agent inserts in the composer (000 §7 chatTemplate). */
export const quickReplies = libraryTable('quick_replies', { content: text('content').notNull() });

/** 001 §3 remark: a title and a content, offered when an agent writes a ticket's remarks. */
export const remarkTemplates = libraryTable('remark_templates', { content: text('content').notNull() });

/** 001 §3 chat tag: a name offered in a ticket's tag input. */
export const chatTags = libraryTable('chat_tags', {});

/** 000 §2 macros (quick responses), §3 macro list: a named list of actions an agent applies to a chat. */
export const macros = libraryTable('macros', {
  description: text('description'),
  actions: jsonb('actions').$type<MacroAction[]>().notNull(),
});
