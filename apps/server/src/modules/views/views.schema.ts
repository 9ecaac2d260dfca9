import type { TicketViewFilters } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** A saved ticket view: a name and filters over the ticket list (000 §2 ticket view; §7 GET /views/list). */
export const ticketViews = pgTable(
  'ticket_views',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<TicketViewFilters>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('ticket_views_name_key').on(t.clientId, sql`lower(${t.name})`),
  ],
);
