import {
  ACTIVE_INVOICES_CACHE_MS,
  ACTIVE_INVOICES_FETCHED,
  activeGroupOf,
  BILL_STATUSES,
  type Bill,
  type BillStatus,
  blocksBusiness,
  daysBetween,
  type invoiceEndpoints,
  jakartaDate,
  type QueryOf,
} from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/errors.js';
import { getPayment } from '../payments/index.js';
import type { InvoicesContext } from './invoices.context.js';
import {
  documentsOf,
  findInvoice,
  type InvoiceDocumentRow,
  type InvoiceRow,
  invoicePage,
  invoicesVersion,
  oldestUnpaidDueDate,
} from './invoices.repository.js';

const ACTIVE: readonly BillStatus[] = [
  'OVERDUE',
  'PENDING_CONFIRMATION',
  'REJECT_CONFIRMATION',
  'WAITING_INVOICE',
  'WAITING_PAYMENT',
  'PAYMENT_PROCESS',
];
const HISTORY: readonly BillStatus[] = ['PAID', 'MANUAL_RELEASE', 'CANCELLED'];

/** The payment in process's checkout page (a gateway payment still pending), else null. */
async function checkoutUrlOf(db: DbOrTx, row: InvoiceRow): Promise<string | null> {
  if (row.status !== 'PAYMENT_PROCESS' || !row.paymentId) return null;
  const payment = await getPayment(db, row.clientId, row.paymentId).catch(() => null);
  return payment?.checkoutUrl ?? null;
}

export async function viewsOf(db: DbOrTx, rows: readonly InvoiceRow[], now = new Date()): Promise<Bill[]> {
  const docs = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  const byBill = new Map<string, InvoiceDocumentRow[]>();
  for (const d of docs) byBill.set(d.invoiceId, [...(byBill.get(d.invoiceId) ?? []), d]);
  const today = jakartaDate(now);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      number: r.number,
      period: r.period,
      status: r.status as BillStatus,
      overdueDays:
        r.status === 'OVERDUE' && r.paymentDueDate ? Math.max(0, daysBetween(r.paymentDueDate, today)) : null,
      lines: r.lines,
      net: r.net,
      vat: r.vat,
      total: r.total,
      usageDate: r.usageDate,
      confirmationDueDate: r.confirmationDueDate,
      finalInvoiceDueDate: r.finalInvoiceDueDate,
      paymentDueDate: r.paymentDueDate,
      approval: (r.approval as Bill['approval']) ?? null,
      bastSignerName: r.bastSignerName,
      bastSignedAt: r.bastSignedAt?.getTime() ?? null,
      paidAt: r.paidAt?.getTime() ?? null,
      checkoutUrl: await checkoutUrlOf(db, r),
      documents: (byBill.get(r.id) ?? []).map((d) => ({
        kind: d.kind as Bill['documents'][number]['kind'],
        fileName: d.fileName,
        createdAt: d.createdAt.getTime(),
      })),
      createdAt: r.createdAt.getTime(),
    })),
  );
}

export async function billView(db: DbOrTx, row: InvoiceRow): Promise<Bill> {
  return (await viewsOf(db, [row]))[0]!;
}

function statusesOf(filter: QueryOf<typeof invoiceEndpoints.list>['status']): readonly BillStatus[] {
  if (filter === 'history') return HISTORY;
  if (!filter || filter === 'active') return ACTIVE;
  return BILL_STATUSES.includes(filter as BillStatus) ? [filter as BillStatus] : ACTIVE;
}

/** 001 §7 user/invoices/{status}: a page of the business's bills, newest period first. */
export async function listBills(
  db: DbOrTx,
  clientId: string,
  query: { status: QueryOf<typeof invoiceEndpoints.list>['status']; page: number; pageSize: number },
) {
  const { rows, total } = await invoicePage(
    db,
    { clientId, statuses: statusesOf(query.status) },
    query.page,
    query.pageSize,
  );
  return { items: await viewsOf(db, rows), page: query.page, pageSize: query.pageSize, total };
}

export async function getBill(db: DbOrTx, clientId: string, id: string): Promise<Bill> {
  const row = await findInvoice(db, clientId, id);
  if (!row) throw notFound();
  return billView(db, row);
}

/** 001 §9: whether a bill unpaid more than 90 days past its due date blocks the business. */
export async function businessBlocked(db: DbOrTx, clientId: string, now = new Date()): Promise<boolean> {
  const due = await oldestUnpaidDueDate(db, clientId);
  return blocksBusiness({ status: 'OVERDUE', paymentDueDate: due }, jakartaDate(now));
}

type ActiveBills = {
  overdue: Bill[];
  pendingConfirmation: Bill[];
  pendingPayment: Bill[];
  blocked: boolean;
};
const activeCache = new Map<string, { key: string; at: number; value: ActiveBills }>();

/**
 * 000 §3, §9: the first 10 active bills grouped overdue / pending confirmation / pending payment, cached for
 * 15 minutes per business — keyed by the bills' versions, so a change made anywhere shows at once.
 */
export async function activeBills(ctx: InvoicesContext, clientId: string): Promise<ActiveBills> {
  const db = ctx.deps.db;
  const key = `${jakartaDate(new Date())}:${await invoicesVersion(db, clientId)}`;
  const cached = activeCache.get(clientId);
  if (cached && cached.key === key && Date.now() - cached.at < ACTIVE_INVOICES_CACHE_MS) return cached.value;
  const { items } = await listBills(db, clientId, {
    status: 'active',
    page: 1,
    pageSize: ACTIVE_INVOICES_FETCHED,
  });
  const value: ActiveBills = {
    overdue: [],
    pendingConfirmation: [],
    pendingPayment: [],
    blocked: await businessBlocked(db, clientId),
  };
  for (const bill of items) {
    const group = activeGroupOf(bill.status);
    if (group) value[group].push(bill);
  }
  activeCache.set(clientId, { key, at: Date.now(), value });
  return value;
}
