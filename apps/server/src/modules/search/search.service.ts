import {
  type BoundedTotal,
  type ChatHistoryFilter,
  type ChatHistoryRow,
  DEFAULT_TICKET_LIST_COLUMNS,
  DEFAULT_TIME_ZONE,
  type searchEndpoints,
  TICKET_LIST_COLUMN_KEYS,
  TICKET_LIST_TOTAL_CAP,
  type TicketColumns,
  type TicketListFilter,
  type TicketListRow,
} from '@sapa/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { displayIdOf, listMessages, maskPhone, visibleTicketsWhere } from '../conversations/index.js';
import { getConfiguration, hidesPhone } from '../teams/index.js';
import {
  afterPosition,
  chatHistoryConditions,
  countUpTo,
  findColumns,
  type KeysetPosition,
  type KeysetSort,
  type RowDetails,
  selectPageIds,
  selectRowDetails,
  ticketListConditions,
  upsertColumns,
} from './search.repository.js';
import { normaliseColumns, shownStatus } from './search.rules.js';

type Query<K extends keyof typeof searchEndpoints> = z.output<
  NonNullable<(typeof searchEndpoints)[K]['query']>
>;

/** Who is looking: the business, the user and their CS position (000 §6 visibility, §5 phone masking). */
export type SearchViewer = Pick<AuthContext, 'clientId' | 'userId' | 'csPosition'>;

/** How a page is asked for: after which keyset position, how many rows, at which instant. */
interface PageRequest {
  /** A `nextCursor` of the previous page, or nothing for the first page. */
  cursor?: string | undefined;
  limit: number;
  /** The instant "expired" is judged at (one per page or export). */
  now?: Date;
  timeZone?: string;
}

function positionOf(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  const position = decodeDbTimeCursor(cursor);
  if (!position) throw badRequest('validation.invalid');
  return position;
}

/** Hides phone numbers from CS positions whose business flags say so (000 §5, bit 128). */
async function handleMaskFor(db: DbOrTx, viewer: SearchViewer): Promise<(handle: string) => string> {
  if (!viewer.csPosition) return (h) => h;
  if (!hidesPhone(await getConfiguration(db, viewer.clientId), viewer.csPosition)) return (h) => h;
  return maskPhone;
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toTicketListRow(r: RowDetails, mask: (h: string) => string, now: Date): TicketListRow {
  return {
    id: r.id,
    displayId: displayIdOf(r.displayNumber),
    groupId: r.groupId ?? null,
    groupName: r.groupName ?? null,
    createdAt: r.createdAt.getTime(),
    customer: {
      id: r.contactId,
      name: r.contactName,
      handle: mask(r.contactPhone ?? ''),
      email: r.contactEmail,
    },
    assigneeId: r.assigneeId,
    assignee: person(r.assigneeId, r.assigneeName),
    closedAt: r.resolvedAt?.getTime() ?? null,
    resolveNote: r.resolveNote,
    remarks: r.remarks,
    subject: null,
    mediaPlatform: r.channel as TicketListRow['mediaPlatform'],
    closedBy: person(r.resolvedBy, r.resolvedByName),
    priority: (r.priority === 1 || r.priority === 2 ? r.priority : 3) as 1 | 2 | 3,
    tags: r.tags,
    submitterId: r.submitterId ?? null,
    submitter: person(r.submitterId ?? null, r.submitterName),
    status: shownStatus(r, now),
    rating: r.rating
      ? { value: r.rating, comment: r.ratingComment, remarks: r.surveyRemarks, csTags: r.surveyCsTags ?? [] }
      : null,
  };
}

function toChatHistoryRow(row: TicketListRow): ChatHistoryRow {
  return {
    id: row.id,
    displayId: row.displayId,
    contact: row.customer,
    channel: row.mediaPlatform,
    agent: row.assignee,
    closedBy: row.closedBy,
    resolvedAt: row.closedAt,
    resolveNote: row.resolveNote,
    remarks: row.remarks,
    subject: row.subject,
    tags: row.tags,
    rating: row.rating,
  };
}

/**
 * One keyset page over `where` (visibility already in it): phase one walks the index for ids, phase two
 * loads what the rows show by primary key, in the page's order.
 */
async function pageOf(
  db: DbOrTx,
  viewer: SearchViewer,
  where: SQL[],
  sort: KeysetSort,
  page: PageRequest,
  mask?: (h: string) => string,
): Promise<{ rows: TicketListRow[]; nextCursor: string | null }> {
  const now = page.now ?? new Date();
  const position = positionOf(page.cursor);
  const conditions = position ? [...where, afterPosition(sort, position)] : where;
  const ids = await selectPageIds(db, conditions, sort, page.limit + 1);
  const { page: shown, nextCursor } = keysetPage(ids, page.limit, (last) =>
    encodeDbTimeCursor(last.at, last.id),
  );
  const details = await selectRowDetails(
    db,
    viewer.clientId,
    shown.map((r) => r.id),
  );
  const byId = new Map(details.map((d) => [d.id, d]));
  const maskHandle = mask ?? (await handleMaskFor(db, viewer));
  const rows: TicketListRow[] = [];
  for (const { id } of shown) {
    const d = byId.get(id);
    if (d) rows.push(toTicketListRow(d, maskHandle, now));
  }
  return { rows, nextCursor };
}

/** The conditions of the ticket list for this viewer: the filter AND the viewer's CS-position visibility. */
export function ticketListWhere(
  viewer: SearchViewer,
  filter: TicketListFilter,
  now: Date,
  timeZone?: string,
) {
  const where = ticketListConditions(viewer.clientId, filter, {
    now,
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
  });
  const visible = visibleTicketsWhere(viewer);
  if (visible) where.push(visible);
  return where;
}

/**
 * For exports (helper of issue 5 "Downloads"): every matching ticket in keyset order, `batchSize` rows at a
 * time. Each batch is its own short query (no open transaction, no server-side cursor — works the same on
 * PGlite), so memory stays bounded by one batch however many tickets match; the phone mask is looked up
 * once. Stop early by breaking out of the loop. Rows inserted while the export runs may or may not appear;
 * none repeats and none is skipped among the rows that existed when it started.
 *
 *   for await (const rows of streamTicketList(db, auth, filter, { batchSize: 1000 })) writeRows(rows);
 */
export async function* streamTicketList(
  db: DbOrTx,
  viewer: SearchViewer,
  filter: TicketListFilter,
  options: { batchSize?: number; now?: Date; timeZone?: string } = {},
): AsyncGenerator<TicketListRow[]> {
  const now = options.now ?? new Date();
  const where = ticketListWhere(viewer, filter, now, options.timeZone);
  const mask = await handleMaskFor(db, viewer);
  let cursor: string | undefined;
  do {
    const page = await pageOf(
      db,
      viewer,
      where,
      'created',
      { cursor, limit: options.batchSize ?? 1000, now },
      mask,
    );
    if (page.rows.length) yield page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Counts up to TICKET_LIST_TOTAL_CAP (never a full COUNT(*) over the business's tickets). */
async function boundedTotal(db: DbOrTx, where: SQL[]): Promise<BoundedTotal> {
  const n = await countUpTo(db, where, TICKET_LIST_TOTAL_CAP);
  return n > TICKET_LIST_TOTAL_CAP
    ? { count: TICKET_LIST_TOTAL_CAP, capped: true }
    : { count: n, capped: false };
}

/** GET /api/ticket-list (000 §2 chat list, ADVANCE_SEARCH READ). */
export async function listTicketList(deps: ServerDeps, auth: AuthContext, q: Query<'ticketList'>) {
  const { cursor, limit, withTotal, ...filter } = q;
  const now = new Date();
  const where = ticketListWhere(auth, filter, now);
  const [page, total] = await Promise.all([
    pageOf(deps.db, auth, where, 'created', { cursor, limit, now }),
    withTotal ? boundedTotal(deps.db, where) : Promise.resolve(null),
  ]);
  return { items: page.rows, nextCursor: page.nextCursor, total };
}

/** The conditions of chat history for this viewer (resolved chats, CS-position visibility). */
export function chatHistoryWhere(viewer: SearchViewer, filter: ChatHistoryFilter, timeZone?: string) {
  const where = chatHistoryConditions(viewer.clientId, filter, { timeZone: timeZone ?? DEFAULT_TIME_ZONE });
  const visible = visibleTicketsWhere(viewer);
  if (visible) where.push(visible);
  return where;
}

/** GET /api/chat-history (000 §2 chat history, CUSTOMER_SERVICE_HISTORY READ): newest resolved first. */
export async function listChatHistory(deps: ServerDeps, auth: AuthContext, q: Query<'chatHistory'>) {
  const { cursor, limit, withTotal, ...filter } = q;
  const where = chatHistoryWhere(auth, filter);
  const [page, total] = await Promise.all([
    pageOf(deps.db, auth, where, 'resolved', { cursor, limit }),
    withTotal ? boundedTotal(deps.db, where) : Promise.resolve(null),
  ]);
  return { items: page.rows.map(toChatHistoryRow), nextCursor: page.nextCursor, total };
}

/** A row's chat: the inbox's message history (same CS-position visibility), whatever the route's permission. */
export function listRowMessages(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  q: Query<'ticketListMessages'>,
) {
  return listMessages(deps, auth, ticketId, q);
}

/** The caller's visible ticket-list columns (000 §3 defaults until they save their own). */
export async function getColumns(deps: ServerDeps, auth: AuthContext): Promise<TicketColumns> {
  const saved = await findColumns(deps.db, auth.clientId, auth.userId);
  const columns = saved ? normaliseColumns(saved, TICKET_LIST_COLUMN_KEYS) : [];
  return { columns: columns.length ? columns : [...DEFAULT_TICKET_LIST_COLUMNS] };
}

export async function saveColumns(
  deps: ServerDeps,
  auth: AuthContext,
  body: TicketColumns,
): Promise<TicketColumns> {
  const columns = normaliseColumns(body.columns, TICKET_LIST_COLUMN_KEYS);
  await upsertColumns(deps.db, auth.clientId, auth.userId, columns);
  return { columns };
}
