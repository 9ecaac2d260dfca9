import type { TicketViewFilters } from '@sapa/contracts';
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { tickets } from '../conversations/index.js';
import { ticketViews } from './views.schema.js';

export type TicketViewRow = typeof ticketViews.$inferSelect;

/**
 * The conditions a saved view puts on `tickets` (the SQL twin of `ticketMatchesView` in play.rules.ts):
 * every list is "any of", an empty list is no filter; `me` is the user looking at the view.
 */
export function viewConditions(filters: TicketViewFilters, viewerId: string): SQL[] {
  const where: SQL[] = [];
  if (filters.statuses.length) where.push(inArray(tickets.status, filters.statuses));
  if (filters.channels.length) where.push(inArray(tickets.channel, filters.channels));
  if (filters.priorities.length) where.push(inArray(tickets.priority, filters.priorities));
  if (filters.tags.length)
    where.push(
      sql`${tickets.tags} && array[${sql.join(
        filters.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  if (filters.groupIds.length) where.push(inArray(tickets.groupId, filters.groupIds));
  if (filters.assignee === 'unassigned') where.push(isNull(tickets.assigneeId));
  else if (filters.assignee === 'me') where.push(eq(tickets.assigneeId, viewerId));
  else if (filters.assignee !== 'any') where.push(eq(tickets.assigneeId, filters.assignee));
  if (filters.createdFrom !== null) where.push(gte(tickets.createdAt, new Date(filters.createdFrom)));
  if (filters.createdTo !== null) where.push(lte(tickets.createdAt, new Date(filters.createdTo)));
  return where;
}

export function listViewRows(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(ticketViews)
    .where(eq(ticketViews.clientId, clientId))
    .orderBy(asc(sql`lower(${ticketViews.name})`), asc(ticketViews.id))
    .limit(500);
}

export async function findViewRow(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(ticketViews)
    .where(and(eq(ticketViews.clientId, clientId), eq(ticketViews.id, id)));
  return row;
}

export async function insertViewRow(db: DbOrTx, row: typeof ticketViews.$inferInsert) {
  const [inserted] = await db.insert(ticketViews).values(row).returning();
  return inserted!;
}

export async function updateViewRow(
  db: DbOrTx,
  clientId: string,
  id: string,
  set: Pick<TicketViewRow, 'name' | 'filters'>,
) {
  const [row] = await db
    .update(ticketViews)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(ticketViews.clientId, clientId), eq(ticketViews.id, id)))
    .returning();
  return row;
}

export async function deleteViewRow(db: DbOrTx, clientId: string, id: string) {
  const rows = await db
    .delete(ticketViews)
    .where(and(eq(ticketViews.clientId, clientId), eq(ticketViews.id, id)))
    .returning({ id: ticketViews.id });
  return rows.length > 0;
}
