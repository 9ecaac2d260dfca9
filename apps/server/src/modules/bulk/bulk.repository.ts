import type { BulkFailure, BulkFilter } from '@sapa/contracts';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { contacts } from '../contacts/contacts.schema.js';
import { displayIdOf, ticketFilterConditions, tickets, visibleTicketsWhere } from '../conversations/index.js';
import { macros } from '../cs-library/cs-library.schema.js';
import { csGroups } from '../teams/index.js';
import { bulkJobFailures, bulkJobs } from './bulk.schema.js';

export type BulkJobRow = typeof bulkJobs.$inferSelect;

/** Who the tickets are for: the business and the caller's visibility (000 §6 CS positions). */
type Viewer = Pick<AccessClaims, 'clientId' | 'userId' | 'csPosition'>;

const matching = (db: DbOrTx, viewer: Viewer, filter: BulkFilter, limit: number) =>
  db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
    .where(and(...ticketFilterConditions(viewer.clientId, filter), visibleTicketsWhere(viewer)))
    .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
    .limit(limit);

/** Ids of the tickets matching the inbox filter, newest first, at most `limit`. */
export async function matchingTicketIds(db: DbOrTx, viewer: Viewer, filter: BulkFilter, limit: number) {
  return (await matching(db, viewer, filter, limit)).map((r) => r.id);
}

/** How many tickets match the inbox filter, counting at most `limit`. */
export async function countMatchingTickets(db: DbOrTx, viewer: Viewer, filter: BulkFilter, limit: number) {
  const sub = matching(db, viewer, filter, limit).as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  return Number(row?.n ?? 0);
}

export async function insertJob(db: DbOrTx, row: typeof bulkJobs.$inferInsert) {
  await db.insert(bulkJobs).values(row);
}

/** Every column but the ticket ids (a job's list may hold 20,000 of them). */
const { ticketIds: _ids, ...jobColumns } = getTableColumns(bulkJobs);

export async function findJob(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select(jobColumns)
    .from(bulkJobs)
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.id, id)));
  return row;
}

/** The job and the next `size` ticket ids at its cursor (sliced in SQL: the whole list never travels). */
export async function jobChunk(db: DbOrTx, clientId: string, id: string, size: number) {
  const [row] = await db
    .select({
      ...jobColumns,
      chunk: sql<
        string[]
      >`${bulkJobs.ticketIds}[${bulkJobs.processed} + 1 : ${bulkJobs.processed} + ${size}::int]`,
    })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.id, id)));
  return row;
}

/** The job's row, locked for this transaction (one chunk at a time, whatever the number of workers). */
export async function lockJob(tx: DbOrTx, clientId: string, id: string) {
  const [row] = await tx
    .select({ processed: bulkJobs.processed, status: bulkJobs.status })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.id, id)))
    .for('update');
  return row;
}

/** The caller's jobs, newest first (without the ticket id lists). */
export async function listUserJobs(db: DbOrTx, clientId: string, userId: string, limit: number) {
  return db
    .select(jobColumns)
    .from(bulkJobs)
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.userId, userId)))
    .orderBy(desc(bulkJobs.createdAt), desc(bulkJobs.id))
    .limit(limit);
}

/** What a chunk needs to know of its tickets; only tickets of the business the caller may see are found. */
export async function loadTickets(db: DbOrTx, viewer: Viewer, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      clientId: tickets.clientId,
      id: tickets.id,
      status: tickets.status,
      channel: tickets.channel,
      channelAccountId: tickets.channelAccountId,
      lastCustomerMessageAt: tickets.lastCustomerMessageAt,
      tags: tickets.tags,
    })
    .from(tickets)
    .where(and(eq(tickets.clientId, viewer.clientId), inArray(tickets.id, ids), visibleTicketsWhere(viewer)));
}

export async function groupExists(db: DbOrTx, clientId: string, groupId: string) {
  const [row] = await db
    .select({ id: csGroups.id })
    .from(csGroups)
    .where(and(eq(csGroups.clientId, clientId), eq(csGroups.id, groupId)));
  return Boolean(row);
}

export async function macroExists(db: DbOrTx, clientId: string, macroId: string) {
  const [row] = await db
    .select({ id: macros.id })
    .from(macros)
    .where(and(eq(macros.clientId, clientId), eq(macros.id, macroId)));
  return Boolean(row);
}

export async function insertFailures(
  tx: DbOrTx,
  clientId: string,
  jobId: string,
  failures: { ticketId: string; reason: string }[],
) {
  if (failures.length === 0) return;
  await tx
    .insert(bulkJobFailures)
    .values(failures.map((f) => ({ clientId, jobId, ticketId: f.ticketId, reason: f.reason })))
    .onConflictDoNothing();
}

/** Moves the cursor past a chunk; the job completes when the cursor reaches the end. */
export async function advanceJob(tx: DbOrTx, clientId: string, id: string, by: number, failed: number) {
  const [row] = await tx
    .update(bulkJobs)
    .set({
      processed: sql`${bulkJobs.processed} + ${by}`,
      failed: sql`${bulkJobs.failed} + ${failed}`,
      status: sql`case when ${bulkJobs.processed} + ${by} >= ${bulkJobs.total} then 'COMPLETED' else 'PROCESSING' end`,
      finishedAt: sql`case when ${bulkJobs.processed} + ${by} >= ${bulkJobs.total} then now() else null end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.id, id)))
    .returning();
  return row;
}

export async function failJob(db: DbOrTx, clientId: string, id: string, error: string) {
  const [row] = await db
    .update(bulkJobs)
    .set({ status: 'FAILED', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bulkJobs.clientId, clientId), eq(bulkJobs.id, id), eq(bulkJobs.status, 'PROCESSING')))
    .returning();
  return row;
}

export async function listFailures(db: DbOrTx, clientId: string, jobId: string): Promise<BulkFailure[]> {
  const rows = await db
    .select({
      ticketId: bulkJobFailures.ticketId,
      reason: bulkJobFailures.reason,
      displayNumber: tickets.displayNumber,
    })
    .from(bulkJobFailures)
    .leftJoin(
      tickets,
      and(eq(tickets.clientId, bulkJobFailures.clientId), eq(tickets.id, bulkJobFailures.ticketId)),
    )
    .where(and(eq(bulkJobFailures.clientId, clientId), eq(bulkJobFailures.jobId, jobId)))
    .orderBy(bulkJobFailures.ticketId);
  return rows.map((r) => ({
    ticketId: r.ticketId,
    // A ticket the caller could not see stays unnamed, like one of another business.
    displayId:
      r.displayNumber === null || r.reason === 'bulk.ticketNotFound' ? null : displayIdOf(r.displayNumber),
    reason: r.reason,
  }));
}
