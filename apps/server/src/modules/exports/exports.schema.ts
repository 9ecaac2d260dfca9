import type {
  ExportFormat,
  ExportRequest,
  ExportRoomType,
  ExportStatus,
  ExportType,
  Language,
  TicketListColumnKey,
} from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A download of chat data (000 §3 Export history request; §7 export-history; 001 §4 done, in progress,
 * failed). The job exports with `viewer`, the claims of the requester's access token when they asked, so the
 * file holds only the chats they could see (000 §6 CS positions). The file lives under
 * DATA_DIR/exports/<storage_key> once done.
 */
export const exportRequests = pgTable(
  'export_requests',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    viewer: jsonb('viewer').$type<AccessClaims>().notNull(),
    /** The requester's language: column titles and values are written in it. */
    language: text('language').$type<Language>().notNull(),
    roomType: text('room_type').$type<ExportRoomType>().notNull(),
    type: text('type').$type<ExportType>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    filter: jsonb('filter').$type<ExportRequest['filter']>().notNull(),
    columns: text('columns').array().$type<TicketListColumnKey[]>(),
    requestStartDate: text('request_start_date').notNull(),
    requestEndDate: text('request_end_date').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('inProgress'),
    rowCount: integer('row_count').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }),
    /** Why a failed export stopped (a message key). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The business's history, newest first (owners and admins), and one requester's own.
    index('export_requests_created_idx').on(
      t.clientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('export_requests_requester_idx').on(
      t.clientId,
      t.requestedBy,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
