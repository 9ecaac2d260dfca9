import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { ticketCategories, tickets } from './conversations.schema.js';

/** Tickets that carry the category. */
const ticketCount = sql<number>`(select count(*)::int from tickets t
  where t.client_id = ticket_categories.client_id and t.category_id = ticket_categories.id)`;

const columns = { id: ticketCategories.id, name: ticketCategories.name, ticketCount };

export async function listCategories(db: DbOrTx, clientId: string) {
  return db
    .select(columns)
    .from(ticketCategories)
    .where(eq(ticketCategories.clientId, clientId))
    .orderBy(asc(sql`lower(${ticketCategories.name})`), asc(ticketCategories.id));
}

export async function findCategory(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(ticketCategories)
    .where(and(eq(ticketCategories.clientId, clientId), eq(ticketCategories.id, id)));
  return row;
}

/** Names are unique per business, case-insensitively (the `lower(name)` unique index). */
export function nameTaken(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  return takenIgnoringCase(db, ticketCategories, ticketCategories.name, clientId, name, exceptId);
}

export async function insertCategory(db: DbOrTx, row: { clientId: string; id: string; name: string }) {
  await db.insert(ticketCategories).values(row);
}

export async function renameCategory(db: DbOrTx, clientId: string, id: string, name: string) {
  await db
    .update(ticketCategories)
    .set({ name })
    .where(and(eq(ticketCategories.clientId, clientId), eq(ticketCategories.id, id)));
}

/** Deletes the category and clears it from every ticket that carried it; returns the open ones. */
export async function deleteCategory(db: DbOrTx, clientId: string, id: string) {
  const cleared = await db
    .update(tickets)
    .set({ categoryId: null, updatedAt: new Date() })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.categoryId, id)))
    .returning({ id: tickets.id, status: tickets.status });
  await db
    .delete(ticketCategories)
    .where(and(eq(ticketCategories.clientId, clientId), eq(ticketCategories.id, id)));
  return cleared.filter((t) => t.status === 'unassigned' || t.status === 'assigned').map((t) => t.id);
}
