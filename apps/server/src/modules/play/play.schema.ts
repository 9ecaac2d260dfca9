import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tickets } from '../conversations/index.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** One agent's Auto Assign session (000 §3 Play mode), kept across reloads. */
export const playSessions = pgTable(
  'play_sessions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    userId: uuid('user_id').notNull(),
    active: boolean('active').notNull().default(false),
    viewId: uuid('view_id'),
    channel: text('channel'),
    currentTicketId: uuid('current_ticket_id'),
    nextTicketId: uuid('next_ticket_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    // A resolved or reassigned ticket finds the session holding it.
    index('play_sessions_current_idx')
      .on(t.clientId, t.currentTicketId)
      .where(sql`${t.currentTicketId} is not null`),
  ],
);

/** A ticket an agent skipped in play mode, with the agent's note (the ticket's play history). */
export const playSkips = pgTable(
  'play_skips',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    userId: uuid('user_id').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('play_skips_user_idx').on(t.clientId, t.userId, t.ticketId, t.createdAt),
    index('play_skips_ticket_idx').on(t.clientId, t.ticketId, t.createdAt),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);
