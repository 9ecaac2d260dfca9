import type { TicketView, viewEndpoints } from '@sapa/contracts';
import { ticketViewFiltersSchema } from '@sapa/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { selectSummaries, tickets, toTicketSummary } from '../conversations/index.js';
import { requireOwnMembers } from '../identity/index.js';
import { requireOwnCsGroups } from '../teams/index.js';
import {
  deleteViewRow,
  findViewRow,
  insertViewRow,
  listViewRows,
  type TicketViewRow,
  updateViewRow,
  viewConditions,
} from './views.repository.js';

const uuidSchema = z.string().uuid();

type ViewInput = z.output<NonNullable<(typeof viewEndpoints)['create']['body']>>;

export function toTicketView(row: TicketViewRow): TicketView {
  return {
    id: row.id,
    name: row.name,
    // Stored filters are read through the schema, so a view saved before a filter existed gets its default.
    filters: ticketViewFiltersSchema.parse(row.filters),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** A view of the caller's business, or a 404. */
export async function requireView(deps: ServerDeps, clientId: string, id: string): Promise<TicketView> {
  const row = await findViewRow(deps.db, clientId, id);
  if (!row) throw notFound();
  return toTicketView(row);
}

export async function listViews(deps: ServerDeps, auth: AuthContext) {
  return { items: (await listViewRows(deps.db, auth.clientId)).map(toTicketView) };
}

const nameTaken = () => conflict('view.nameTaken', { name: 'view.nameTaken' });

/** The CS groups and the user a view filters on are the business's own (never stored as foreign ids). */
async function requireOwnFilterRefs(deps: ServerDeps, auth: AuthContext, filters: ViewInput['filters']) {
  await requireOwnCsGroups(deps.db, auth.clientId, filters.groupIds, 'filters.groupIds');
  if (uuidSchema.safeParse(filters.assignee).success)
    await requireOwnMembers(deps.db, auth.clientId, [filters.assignee], {
      field: 'filters.assignee',
      key: 'inbox.assigneeInvalid',
    });
}

export async function createView(deps: ServerDeps, auth: AuthContext, body: ViewInput) {
  await requireOwnFilterRefs(deps, auth, body.filters);
  try {
    const row = await insertViewRow(deps.db, {
      clientId: auth.clientId,
      id: uuidv7(),
      name: body.name,
      filters: body.filters,
      createdBy: auth.userId,
    });
    return toTicketView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateView(deps: ServerDeps, auth: AuthContext, id: string, body: ViewInput) {
  await requireOwnFilterRefs(deps, auth, body.filters);
  try {
    const row = await updateViewRow(deps.db, auth.clientId, id, { name: body.name, filters: body.filters });
    if (!row) throw notFound();
    return toTicketView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * What else ends with a deleted view, in the deleting transaction: the play sessions running on it (their
 * current tickets stay with their agents). Handed in by the composition root (app.ts) from play, so that
 * views never imports play (play imports views: a session plays a view).
 */
export type ViewDeletedHook = (tx: DbOrTx, clientId: string, viewId: string) => Promise<void>;

/** Deleting a view ends what runs on it (`ViewDeletedHook`). */
export async function deleteView(
  deps: ServerDeps,
  onDeleted: ViewDeletedHook,
  auth: AuthContext,
  id: string,
) {
  const deleted = await deps.db.transaction(async (tx) => {
    const gone = await deleteViewRow(tx, auth.clientId, id);
    if (gone) await onDeleted(tx, auth.clientId, id);
    return gone;
  });
  if (!deleted) throw notFound();
  return { ok: true as const };
}

type TicketsQuery = z.output<NonNullable<(typeof viewEndpoints)['tickets']['query']>>;

/** The tickets of a view, latest activity first: keyset on (last_message_at, id). */
export async function listViewTickets(deps: ServerDeps, auth: AuthContext, id: string, q: TicketsQuery) {
  const view = await requireView(deps, auth.clientId, id);
  const where = [eq(tickets.clientId, auth.clientId), ...viewConditions(view.filters, auth.userId)];
  if (q.cursor) {
    const c = decodeTimeCursor(q.cursor);
    if (!c) throw badRequest('validation.invalid');
    where.push(
      sql`(${tickets.lastMessageAt}, ${tickets.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await selectSummaries(deps.db)
    .where(and(...where))
    .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
    .limit(q.limit + 1);
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) =>
    encodeTimeCursor(last.ticket.lastMessageAt, last.ticket.id),
  );
  return { items: page.map(toTicketSummary), nextCursor };
}
