import type { TicketListColumnKey } from '@sapa/contracts';
import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberships } from '../identity/identity.schema.js';

/** 000 §2 chat list "customise table data": the ticket-list columns one user shows, kept per user. */
export const ticketListPreferences = pgTable(
  'ticket_list_preferences',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    columns: text('columns').array().$type<TicketListColumnKey[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    foreignKey({
      columns: [t.clientId, t.userId],
      foreignColumns: [memberships.clientId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
