import type { BillStatus } from '@sapa/contracts';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { invoiceDocuments, invoices, invoiceUploads } from './invoices.schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** Inserts a bill unless the business has one for the period; answers the row, or null when it was there. */
export async function insertInvoice(tx: DbOrTx, row: NewInvoice): Promise<InvoiceRow | null> {
  const [inserted] = await tx
    .insert(invoices)
    .values(row)
    .onConflictDoNothing({ target: [invoices.clientId, invoices.period] })
    .returning();
  return inserted ?? null;
}

/** The next number of a period: INV/YYYYMM/00001 (counted under a transaction-level advisory lock). */
export async function nextInvoiceNumber(tx: DbOrTx, period: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-number:${period}`}))`);
  const [row] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.period, period));
  return `INV/${period.replace('-', '')}/${String((row?.n ?? 0) + 1).padStart(5, '0')}`;
}

export async function findInvoice(db: DbOrTx, clientId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Any business's bill (the platform's finance back office, the payment's settlement). */
export async function findInvoiceById(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findInvoiceOfPayment(tx: DbOrTx, paymentId: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.paymentId, paymentId)).for('update');
  return row ?? null;
}

/** Writes a bill's new state, bumping its version. */
export async function updateInvoice(tx: DbOrTx, id: string, set: Partial<NewInvoice>): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...set, version: sql`${invoices.version} + 1`, updatedAt: sql`now()` })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function invoicePage(
  db: DbOrTx,
  filter: { clientId?: string; statuses: readonly BillStatus[] | null },
  page: number,
  size: number,
) {
  const conditions = [
    filter.clientId ? eq(invoices.clientId, filter.clientId) : undefined,
    filter.statuses ? inArray(invoices.status, [...filter.statuses]) : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.period), desc(invoices.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The business's highest bill version: what the active-bill cache is keyed by. */
export async function invoicesVersion(db: DbOrTx, clientId: string): Promise<string> {
  const [row] = await db
    .select({ v: sql<string>`coalesce(sum(${invoices.version}), 0)::text || ':' || count(*)::text` })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  return row?.v ?? '0:0';
}

/** Bills in `status` whose `dateColumn` is before `today`, oldest first, a batch at a time. */
export async function invoicesDue(
  db: DbOrTx,
  status: BillStatus,
  dateColumn: 'confirmationDueDate' | 'paymentDueDate' | null,
  today: string,
  limit: number,
) {
  const where = dateColumn
    ? and(eq(invoices.status, status), lt(invoices[dateColumn], today))
    : eq(invoices.status, status);
  return db.select().from(invoices).where(where).orderBy(asc(invoices.createdAt)).limit(limit);
}

/** The earliest payment due date of the business's unpaid bills (the overdue block), or null. */
export async function oldestUnpaidDueDate(db: DbOrTx, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({ due: sql<string | null>`min(${invoices.paymentDueDate})::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        inArray(invoices.status, ['WAITING_PAYMENT', 'PAYMENT_PROCESS', 'OVERDUE']),
      ),
    );
  return row?.due ?? null;
}

export async function documentsOf(db: DbOrTx, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceDocuments.createdAt));
}

export async function findDocument(db: DbOrTx, clientId: string, invoiceId: string, kind: string) {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(
      and(
        eq(invoiceDocuments.clientId, clientId),
        eq(invoiceDocuments.invoiceId, invoiceId),
        eq(invoiceDocuments.kind, kind),
      ),
    );
  return row ?? null;
}

/** Records a document, replacing an earlier one of the same kind (a new proof after a refused one). */
export async function saveDocument(tx: DbOrTx, row: typeof invoiceDocuments.$inferInsert) {
  await tx
    .insert(invoiceDocuments)
    .values(row)
    .onConflictDoUpdate({
      target: [invoiceDocuments.invoiceId, invoiceDocuments.kind],
      set: {
        storageKey: row.storageKey,
        fileName: row.fileName,
        mime: row.mime,
        size: row.size,
        createdAt: sql`now()`,
      },
    });
}

export async function insertUpload(db: DbOrTx, row: typeof invoiceUploads.$inferInsert) {
  await db.insert(invoiceUploads).values(row);
}

export async function findUpload(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoiceUploads)
    .where(and(eq(invoiceUploads.clientId, clientId), eq(invoiceUploads.id, id)));
  return row ?? null;
}

export async function markUploaded(db: DbOrTx, id: string, storageKey: string, size: number) {
  await db.update(invoiceUploads).set({ storageKey, size }).where(eq(invoiceUploads.id, id));
}
