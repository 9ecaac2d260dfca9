import {
  addWorkingDays,
  type Bill,
  type BillEvent,
  type BillStatus,
  type BodyOf,
  type invoiceEndpoints,
  jakartaDate,
  nextBillStatus,
  PAYMENT_VERIFICATION_WORKING_DAYS,
  type PaymentMethodCode,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { type PaymentPurpose, type PaymentRow, startPayment } from '../payments/index.js';
import { billView } from './bill-views.service.js';
import { confirmedFields, holidaysAround, storeGenerated } from './bills.service.js';
import { rupiah } from './invoice-pdfs.js';
import type { InvoicesContext } from './invoices.context.js';
import {
  findInvoice,
  findInvoiceById,
  findInvoiceOfPayment,
  findUpload,
  type InvoiceRow,
  saveDocument,
  updateInvoice,
} from './invoices.repository.js';

/** The payments module's purpose of a bill paid through the gateway. */
export const INVOICE_PURPOSE = 'invoice';

/** The business's bill, locked, that `event` applies to — else 404 (not its bill) or 409 `refusal`. */
async function lockedFor(
  tx: DbOrTx,
  clientId: string,
  id: string,
  event: BillEvent,
  refusal: 'invoices.notPending' | 'invoices.notPayable',
) {
  const row = await findInvoice(tx, clientId, id, true);
  if (!row) throw notFound();
  const next = nextBillStatus(row.status as BillStatus, event);
  if (!next) throw conflict(refusal);
  return { row, next };
}

/**
 * 001 §7 user/invoices/approval. APPROVED: the acceptance certificate (BAST) is signed in the signer's name
 * at this time and stored as a PDF; the final invoice follows (the lifecycle drain is woken). REJECTED: Sapa's
 * finance gets the reason by e-mail.
 */
export async function answerBill(
  ctx: InvoicesContext,
  auth: AuthContext,
  id: string,
  body: BodyOf<typeof invoiceEndpoints.approval>,
): Promise<Bill> {
  const approved = body.statusApproval === 'APPROVED';
  const row = await ctx.deps.db.transaction(async (tx) => {
    const { row: bill, next } = await lockedFor(
      tx,
      auth.clientId,
      id,
      approved ? 'confirm' : 'reject',
      'invoices.notPending',
    );
    if (body.statusApproval === 'REJECTED')
      return updateInvoice(tx, bill.id, { status: next, approval: 'REJECTED', rejectionReason: body.reason });
    const signed = await updateInvoice(tx, bill.id, {
      ...confirmedFields(jakartaDate(new Date())),
      approval: 'APPROVED',
      bastSignerName: body.signerName,
      bastSignerTitle: body.signerTitle ?? '',
      bastSignedAt: new Date(),
      bastSignedBy: auth.userId,
    });
    await storeGenerated(ctx, tx, signed, 'BAST');
    return signed;
  });
  if (approved) ctx.wakeLifecycle();
  else await tellFinance(ctx, row);
  return billView(ctx.deps.db, row);
}

/** 001 §4: a rejection is sent by e-mail to finance (the notification job; its outbox when no mail server). */
async function tellFinance(ctx: InvoicesContext, bill: InvoiceRow) {
  await ctx.notifyFinance({
    subject: `Usage summary ${bill.number} rejected`,
    body: [
      `The business ${bill.clientId} rejected the usage summary ${bill.number} (${bill.period}, ${rupiah(bill.total)}).`,
      `Reason: ${bill.rejectionReason ?? ''}`,
    ].join('\n'),
  });
}

/** 001 §7 user/invoices/payment: through the gateway (a method), or by the uploaded proof. */
export async function payBill(
  ctx: InvoicesContext,
  auth: AuthContext,
  id: string,
  body: BodyOf<typeof invoiceEndpoints.payment>,
): Promise<Bill> {
  if ('method' in body) return payThroughGateway(ctx, auth, id, body.method);
  return payByProof(ctx, auth, id, body.urlPaymentProof);
}

async function payThroughGateway(
  ctx: InvoicesContext,
  auth: AuthContext,
  id: string,
  method: PaymentMethodCode,
) {
  const current = await findInvoice(ctx.deps.db, auth.clientId, id);
  if (!current) throw notFound();
  const { result } = await startPayment(ctx.payments, auth, {
    purpose: INVOICE_PURPOSE,
    amount: current.total,
    method,
    description: `Bill ${current.number}`,
    returnPath: '/setting/finance',
    inTransaction: async (tx, payment) => {
      const { row, next } = await lockedFor(tx, auth.clientId, id, 'paymentStarted', 'invoices.notPayable');
      return updateInvoice(tx, row.id, { status: next, paymentId: payment.id, proofKey: null });
    },
    onUniqueViolation: () => conflict('invoices.notPayable'),
  });
  return billView(ctx.deps.db, result);
}

async function payByProof(ctx: InvoicesContext, auth: AuthContext, id: string, uploadId: string) {
  const upload = await findUpload(ctx.deps.db, auth.clientId, uploadId);
  if (!upload?.storageKey || !upload.size) throw conflict('invoices.proofMissing');
  const row = await ctx.deps.db.transaction(async (tx) => {
    const { row: bill, next } = await lockedFor(
      tx,
      auth.clientId,
      id,
      'paymentStarted',
      'invoices.notPayable',
    );
    const today = jakartaDate(new Date());
    await saveDocument(tx, {
      invoiceId: bill.id,
      clientId: bill.clientId,
      kind: 'PAYMENT_PROOF_IMAGE',
      storageKey: upload.storageKey!,
      fileName: upload.fileName,
      mime: upload.mime,
      size: upload.size!,
    });
    return updateInvoice(tx, bill.id, {
      status: next,
      paymentId: null,
      proofKey: upload.storageKey,
      proofUploadedAt: new Date(),
      proofVerifyByDate: addWorkingDays(today, PAYMENT_VERIFICATION_WORKING_DAYS, holidaysAround(today)),
    });
  });
  return billView(ctx.deps.db, row);
}

const pastDue = (bill: InvoiceRow) =>
  bill.paymentDueDate !== null && bill.paymentDueDate < jakartaDate(new Date());

/** A bill's payment settled (`paid`) or refused (`paymentRefused`), in the caller's transaction. */
export async function settleBill(
  tx: DbOrTx,
  bill: InvoiceRow,
  event: 'paid' | 'paymentRefused' | 'manualRelease',
  by: string | null,
): Promise<InvoiceRow | null> {
  const next = nextBillStatus(bill.status as BillStatus, event, { pastPaymentDue: pastDue(bill) });
  if (!next) return null;
  if (event === 'paymentRefused')
    return updateInvoice(tx, bill.id, { status: next, paymentId: null, proofKey: null, settledBy: by });
  return updateInvoice(tx, bill.id, { status: next, paidAt: new Date(), settledBy: by });
}

/** What a bill's gateway payment does when it settles (handed to the payments module by app.ts). */
export const invoicePaymentPurpose: PaymentPurpose = {
  async fulfil(tx: DbOrTx, payment: PaymentRow) {
    const bill = await findInvoiceOfPayment(tx, payment.id);
    if (bill) await settleBill(tx, bill, 'paid', null);
  },
  async lapse(tx: DbOrTx, payment: PaymentRow) {
    const bill = await findInvoiceOfPayment(tx, payment.id);
    if (bill?.status === 'PAYMENT_PROCESS') await settleBill(tx, bill, 'paymentRefused', null);
  },
};

/**
 * The platform finance back office: a proof verified (`accept`) or refused, or a bill released by hand
 * (MANUAL_RELEASE). 409 when the bill is not in a status the step applies to.
 */
export async function financeDecision(
  ctx: InvoicesContext,
  id: string,
  decision: 'accept' | 'refuse' | 'release',
  actor: string,
) {
  const row = await ctx.deps.db.transaction(async (tx) => {
    const bill = await findInvoiceById(tx, id, true);
    if (!bill) throw notFound();
    const proofInProcess = bill.status === 'PAYMENT_PROCESS' && bill.proofKey !== null;
    if (decision !== 'release' && !proofInProcess) throw conflict('invoices.notPayable');
    const event = decision === 'accept' ? 'paid' : decision === 'refuse' ? 'paymentRefused' : 'manualRelease';
    const settled = await settleBill(tx, bill, event, actor);
    if (!settled) throw conflict('invoices.notPayable');
    return settled;
  });
  return billView(ctx.deps.db, row);
}
