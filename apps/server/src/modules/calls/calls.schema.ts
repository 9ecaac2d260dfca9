import type { CallRoomStatusCode, CallSessionStatus } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tickets } from '../conversations/index.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A call room (000 §3): the calls of one customer's chat (ticket) — or, for a phone call (`PHN`), of the contact of
 * its number (no chat, no channel account). `code` is the stored room status code (CLS, OPN, QUE, BOT); ASSIGNED is
 * an open room with a CS (`callRoomStatusOf`).
 */
export const callRooms = pgTable(
  'call_rooms',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id'),
    channelAccountId: uuid('channel_account_id'),
    /** A phone call's contact (the business's contact with that number), when there is one. */
    contactId: uuid('contact_id'),
    roomType: text('room_type').$type<'WAC' | 'PHN'>().notNull(),
    code: text('code').$type<CallRoomStatusCode>().notNull(),
    csId: uuid('cs_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // One open room per chat: a new call of the chat joins it.
    uniqueIndex('call_rooms_open_ticket_idx').on(t.clientId, t.ticketId).where(sql`${t.code} <> 'CLS'`),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);

/**
 * A call session (000 §3): one WhatsApp call (Meta's call id in `remote_id`) or phone call (no channel account;
 * Sapa's own id in `remote_id`), ringing, answered, on hold or ended.
 */
export const callSessions = pgTable(
  'call_sessions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    roomId: uuid('room_id').notNull(),
    channelAccountId: uuid('channel_account_id'),
    remoteId: text('remote_id').notNull(),
    /** The customer's WhatsApp id or phone number. */
    callerId: text('caller_id').notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    status: text('status').$type<CallSessionStatus>().notNull(),
    csId: uuid('cs_id'),
    /** The caller's SDP offer; cleared once the call is answered or ends. */
    sdpOffer: text('sdp_offer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // Meta's call id names one call of one number: a repeated webhook finds it.
    uniqueIndex('call_sessions_remote_idx').on(t.channelAccountId, t.remoteId),
    // 000 §5: one active call per agent, enforced by the database as well.
    uniqueIndex('call_sessions_one_active_per_cs_idx')
      .on(t.clientId, t.csId)
      .where(sql`${t.status} in ('ANS', 'HLD')`),
    index('call_sessions_ringing_idx').on(t.clientId, t.createdAt).where(sql`${t.status} = 'RIN'`),
    foreignKey({ columns: [t.clientId, t.roomId], foreignColumns: [callRooms.clientId, callRooms.id] }),
  ],
);
