import {
  addCalendarDays,
  addWorkingDays,
  type BillLine,
  type BillStatus,
  CONFIRMATION_DAYS,
  FINAL_INVOICE_WORKING_DAYS,
  jakartaDate,
  nextBillStatus,
  PAYMENT_TERM_DAYS,
  periodRange,
  splitVatIncluded,
  usageDateFor,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { indonesianHolidays } from '../../platform/calendar/indonesian-holidays.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { type MonthlyUsage, postPaidUsage } from '../billing/index.js';
import { businessStateOf } from '../tenancy/index.js';
import { type BillFacts, documentFileName, type GeneratedKind, renderBillPdf } from './invoice-pdfs.js';
import type { BillsContext } from './invoices.context.js';
import {
  findInvoiceById,
  type InvoiceRow,
  insertInvoice,
  invoicesDue,
  nextInvoiceNumber,
  saveDocument,
  updateInvoice,
} from './invoices.repository.js';

/** Businesses billed per page of the monthly job, bills moved per batch of the lifecycle. */
const BATCH = 100;

/** Indonesia's holidays around `date` (this year and the next: a deadline may cross the new year). */
export function holidaysAround(date: string) {
  const year = Number(date.slice(0, 4));
  return indonesianHolidays([year, year + 1]);
}

/** The bill's lines: the post-paid chat credits used (1 credit = Rp1, VAT included) and its package. */
export function billLinesOf(usage: MonthlyUsage): BillLine[] {
  const lines: BillLine[] = [
    {
      kind: 'usage',
      description: 'Kredit chat pascabayar / Post-paid chat credits',
      quantity: usage.charges,
      amount: Math.ceil(usage.usedHundredths / 100),
    },
  ];
  if (usage.subscriptionPackage)
    lines.push({
      kind: 'package',
      description: `Paket / Package ${usage.subscriptionPackage} (prabayar / prepaid)`,
      quantity: 1 + usage.extraUsers,
      amount: 0,
    });
  return lines;
}

async function factsOf(ctx: BillsContext, db: DbOrTx, bill: InvoiceRow): Promise<BillFacts> {
  const business = await businessStateOf(db, bill.clientId);
  return {
    brandName: ctx.deps.partner.brandName,
    businessName: business?.profile.name ?? '',
    number: bill.number,
    period: bill.period,
    lines: bill.lines,
    net: bill.net,
    vat: bill.vat,
    total: bill.total,
    usageDate: bill.usageDate,
    confirmationDueDate: bill.confirmationDueDate,
    paymentDueDate: bill.paymentDueDate,
    bast:
      bill.bastSignerName && bill.bastSignedAt
        ? {
            signerName: bill.bastSignerName,
            signerTitle: bill.bastSignerTitle ?? '',
            signedAt: bill.bastSignedAt,
          }
        : null,
  };
}

/** Renders one of the bill's documents, stores it and records it, in the bill's transaction. */
export async function storeGenerated(ctx: BillsContext, tx: DbOrTx, bill: InvoiceRow, kind: GeneratedKind) {
  const bytes = await renderBillPdf(kind, await factsOf(ctx, tx, bill));
  const storageKey = `bills/${bill.clientId}/${bill.id}/${kind.toLowerCase()}.pdf`;
  await ctx.storage.put(storageKey, bytes, 'application/pdf');
  await saveDocument(tx, {
    invoiceId: bill.id,
    clientId: bill.clientId,
    kind,
    storageKey,
    fileName: documentFileName(kind, bill.number),
    mime: 'application/pdf',
    size: bytes.length,
  });
}

/** Builds one business's bill of `period` with its summary of usage and invoice form; null if it had one. */
async function buildBill(ctx: BillsContext, usage: MonthlyUsage, period: string, today: string) {
  const lines = billLinesOf(usage);
  const money = splitVatIncluded(lines.reduce((sum, l) => sum + l.amount, 0));
  const usageDate = usageDateFor(period);
  // A bill built late (a worker down on the 3rd) still gives the business its days to answer.
  const shown = usageDate > today ? usageDate : today;
  return ctx.deps.db.transaction(async (tx) => {
    const bill = await insertInvoice(tx, {
      id: uuidv7(),
      clientId: usage.clientId,
      number: await nextInvoiceNumber(tx, period),
      period,
      status: 'PENDING_CONFIRMATION',
      lines,
      ...money,
      usageDate,
      confirmationDueDate: addCalendarDays(shown, CONFIRMATION_DAYS),
    });
    if (!bill) return null;
    await storeGenerated(ctx, tx, bill, 'SUMMARY_USAGE');
    await storeGenerated(ctx, tx, bill, 'FORM_INVOICE');
    return bill;
  });
}

/**
 * The monthly job (001 §4: usage data on the 3rd): every POST_PAID business with usage in the month before
 * gets one bill (`(client, period)` is unique, so a second run, or two workers, build nothing more).
 * Answers the bills built.
 */
export async function buildMonthlyBills(
  ctx: BillsContext,
  period: string,
  now: Date = new Date(),
): Promise<number> {
  const today = jakartaDate(now);
  let built = 0;
  let after: string | null = null;
  for (;;) {
    const page = await postPaidUsage(ctx.deps.db, periodRange(period), {
      afterClientId: after,
      limit: BATCH,
    });
    for (const usage of page)
      if (usage.usedHundredths > 0 && (await buildBill(ctx, usage, period, today))) built++;
    if (page.length < BATCH) return built;
    after = page.at(-1)!.clientId;
  }
}

/** Moves a (locked or just read) bill by `event`, unless another step moved it first. */
async function moveDue(
  ctx: BillsContext,
  bill: InvoiceRow,
  apply: (tx: DbOrTx, bill: InvoiceRow) => Promise<void>,
) {
  await ctx.deps.db.transaction(async (tx) => {
    const locked = await findInvoiceById(tx, bill.id, true);
    if (locked?.status === bill.status) await apply(tx, locked);
  });
}

/** A confirmed bill's next step: the final invoice due within 7 working days (001 §4). */
export function confirmedFields(today: string) {
  return {
    status: 'WAITING_INVOICE' as BillStatus,
    finalInvoiceDueDate: addWorkingDays(today, FINAL_INVOICE_WORKING_DAYS, holidaysAround(today)),
  };
}

/**
 * The bills' clock (001 §4): an unanswered summary confirms itself after its due date; a confirmed bill gets
 * its final invoice (Sapa issues it at once, well within the 7 working days); an unpaid one turns OVERDUE after
 * its payment due date. Answers whether a batch was full (more to do).
 */
export async function advanceBills(ctx: BillsContext, now: Date = new Date()): Promise<boolean> {
  const today = jakartaDate(now);
  const db = ctx.deps.db;
  const lapsed = await invoicesDue(db, 'PENDING_CONFIRMATION', 'confirmationDueDate', today, BATCH);
  for (const bill of lapsed)
    await moveDue(ctx, bill, async (tx, b) => {
      if (nextBillStatus(b.status as BillStatus, 'confirmationLapsed'))
        await updateInvoice(tx, b.id, confirmedFields(today));
    });
  const waiting = await invoicesDue(db, 'WAITING_INVOICE', null, today, BATCH);
  for (const bill of waiting)
    await moveDue(ctx, bill, async (tx, b) => {
      const issued = await updateInvoice(tx, b.id, {
        status: 'WAITING_PAYMENT',
        paymentDueDate: addCalendarDays(today, PAYMENT_TERM_DAYS),
      });
      await storeGenerated(ctx, tx, issued, 'FINAL_INVOICE');
    });
  const unpaid = await invoicesDue(db, 'WAITING_PAYMENT', 'paymentDueDate', today, BATCH);
  for (const bill of unpaid)
    await moveDue(ctx, bill, async (tx, b) => {
      await updateInvoice(tx, b.id, { status: 'OVERDUE' });
    });
  return [lapsed, waiting, unpaid].some((batch) => batch.length === BATCH);
}
