import type { TransactionStatus } from '@sapa/contracts';
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/like.js';
import { users } from '../identity/identity.schema.js';
import {
  sellerCouriers,
  transactionCounters,
  transactionEvents,
  transactionItems,
  transactions,
} from './orders.schema.js';

export type CourierRow = typeof sellerCouriers.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;
export type NewItemRow = typeof transactionItems.$inferInsert;

export async function listCouriers(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(sellerCouriers)
    .where(eq(sellerCouriers.clientId, clientId))
    .orderBy(asc(sellerCouriers.position), asc(sellerCouriers.createdAt));
}

export async function findCourier(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(sellerCouriers)
    .where(and(eq(sellerCouriers.clientId, clientId), eq(sellerCouriers.id, id)));
  return row;
}

/** The business's couriers become exactly `rows` (orders keep their own copy of a courier's name). */
export async function replaceCouriers(
  db: DbOrTx,
  clientId: string,
  rows: (typeof sellerCouriers.$inferInsert)[],
) {
  await db.delete(sellerCouriers).where(eq(sellerCouriers.clientId, clientId));
  if (rows.length > 0) await db.insert(sellerCouriers).values(rows);
}

/** The business's next order number, taken under the counter row's lock. */
export async function nextSeq(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .insert(transactionCounters)
    .values({ clientId, last: 1 })
    .onConflictDoUpdate({
      target: transactionCounters.clientId,
      set: { last: sql`${transactionCounters.last} + 1` },
    })
    .returning({ last: transactionCounters.last });
  return row!.last;
}

export async function insertTransaction(
  db: DbOrTx,
  row: NewTransactionRow,
  items: NewItemRow[],
  event: typeof transactionEvents.$inferInsert,
) {
  await db.insert(transactions).values(row);
  await db.insert(transactionItems).values(items);
  await db.insert(transactionEvents).values(event);
}

export async function findTransaction(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientId, clientId), eq(transactions.id, id)));
  return row;
}

export async function findByRequest(db: DbOrTx, clientId: string, requestId: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.clientId, clientId), eq(transactions.clientRequestId, requestId)));
  return row?.id;
}

export async function itemsOf(db: DbOrTx, clientId: string, transactionId: string) {
  return db
    .select()
    .from(transactionItems)
    .where(and(eq(transactionItems.clientId, clientId), eq(transactionItems.transactionId, transactionId)))
    .orderBy(asc(transactionItems.position));
}

export async function eventsOf(db: DbOrTx, clientId: string, transactionId: string) {
  return db
    .select({
      status: transactionEvents.status,
      at: transactionEvents.at,
      notified: transactionEvents.notified,
      byName: users.name,
    })
    .from(transactionEvents)
    .leftJoin(users, eq(users.id, transactionEvents.byUserId))
    .where(and(eq(transactionEvents.clientId, clientId), eq(transactionEvents.transactionId, transactionId)))
    .orderBy(asc(transactionEvents.at), asc(transactionEvents.id));
}

export interface TransactionListFilter {
  status?: TransactionStatus | undefined;
  search?: string | undefined;
  delivery?: string | undefined;
  contactId?: string | undefined;
  /** Keyset position: the last row's created_at (PostgreSQL's text) and id. */
  after?: { at: string; id: string } | undefined;
  limit: number;
}

/**
 * 001 §2 transactions: one tab (status), by part of the number or the customer's name (trigram indexes), the
 * service type, newest first, keyset pages through `(client, status, created_at, id)` (`limit + 1` rows read).
 */
export async function listTransactions(db: DbOrTx, clientId: string, f: TransactionListFilter) {
  const conditions: (SQL | undefined)[] = [eq(transactions.clientId, clientId)];
  if (f.status) conditions.push(eq(transactions.status, f.status));
  if (f.search) {
    const like = containsPattern(f.search);
    conditions.push(
      sql`(${transactions.number} ilike ${like} or ${transactions.customerName} ilike ${like})`,
    );
  }
  if (f.delivery) conditions.push(eq(transactions.delivery, f.delivery as TransactionRow['delivery']));
  if (f.contactId) conditions.push(eq(transactions.contactId, f.contactId));
  if (f.after)
    conditions.push(
      sql`(${transactions.createdAt}, ${transactions.id}) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)`,
    );
  return db
    .select({
      id: transactions.id,
      number: transactions.number,
      customerName: transactions.customerName,
      customerPhone: transactions.customerPhone,
      delivery: transactions.delivery,
      courierName: transactions.courierName,
      total: transactions.total,
      itemCount: transactions.itemCount,
      status: transactions.status,
      paidAt: transactions.paidAt,
      createdAt: transactions.createdAt,
      createdAtText: sql<string>`${transactions.createdAt}::text`,
    })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(f.limit + 1);
}

/** Moves an order from `from` to `to` only if it is still at `from` (two agents at once: one wins). */
export async function moveStatus(
  db: DbOrTx,
  clientId: string,
  id: string,
  from: TransactionStatus,
  to: TransactionStatus,
) {
  const rows = await db
    .update(transactions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(transactions.clientId, clientId), eq(transactions.id, id), eq(transactions.status, from)))
    .returning({ id: transactions.id });
  return rows.length === 1;
}

export async function insertEvent(db: DbOrTx, row: typeof transactionEvents.$inferInsert) {
  await db.insert(transactionEvents).values(row);
}

export async function markEventNotified(db: DbOrTx, clientId: string, eventId: string) {
  await db
    .update(transactionEvents)
    .set({ notified: true })
    .where(and(eq(transactionEvents.clientId, clientId), eq(transactionEvents.id, eventId)));
}

/** The dashboard's counts per status and the done orders' takings, over orders since `since`. */
export async function summarySince(db: DbOrTx, clientId: string, since: Date) {
  return db
    .select({
      status: transactions.status,
      n: sql<number>`count(*)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${transactions.total}), 0)`.mapWith(Number),
    })
    .from(transactions)
    .where(and(eq(transactions.clientId, clientId), gte(transactions.createdAt, since)))
    .groupBy(transactions.status);
}

/** A paid order (the gateway's signed notification, through payments' purpose). */
export async function markPaid(db: DbOrTx, paymentId: string, paidAt: Date) {
  await db
    .update(transactions)
    .set({ paidAt, updatedAt: sql`now()` })
    .where(eq(transactions.paymentId, paymentId));
}

/** The number of the order a payment link pays, or null. */
export async function orderNumberForPayment(db: DbOrTx, paymentId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: transactions.number })
    .from(transactions)
    .where(eq(transactions.paymentId, paymentId))
    .limit(1);
  return row?.number ?? null;
}

export async function setPayment(
  db: DbOrTx,
  clientId: string,
  id: string,
  paymentId: string,
  url: string | null,
) {
  await db
    .update(transactions)
    .set({ paymentId, paymentUrl: url })
    .where(and(eq(transactions.clientId, clientId), eq(transactions.id, id)));
}
