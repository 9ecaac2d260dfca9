import {
  creditsForRupiah,
  creditsOf,
  PAYMENT_EXPIRY_SECONDS,
  PAYMENT_METHODS,
  type PaymentMethodCode,
  type PaymentView,
  paymentFee,
  paymentMethodRule,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { creditTopUp } from '../billing/index.js';
import {
  GatewayCallError,
  type GatewayNotification,
  type PaymentGateway,
} from './gateway/payment-gateway.js';
import { createXenditInvoiceGateway } from './gateway/xendit-invoice-gateway.js';
import {
  attachGatewayInvoice,
  expireOverduePayments,
  findPayment,
  findPendingTopUp,
  insertPayment,
  lockPaymentForNotification,
  type PaymentRow,
  selectPayments,
  settlePendingPayment,
} from './payments.repository.js';

/**
 * How long after its expiry a pending payment still waits for the gateway's word before Sapa expires it on its
 * own: a PAID callback retried late (the payer paid in time) must still find the payment pending.
 */
const LATE_CALLBACK_GRACE_MS = 3_600_000;

/**
 * What a payment of one purpose does when it settles, in the transaction that settles it: `fulfil` when it is
 * paid, `lapse` when it expires, fails or is cancelled. Top-ups are the payments module's own; other modules
 * (subscriptions) hand theirs in through `registerPaymentPurpose`, so payments imports none of them.
 */
export interface PaymentPurpose {
  fulfil(tx: DbOrTx, payment: PaymentRow): Promise<void>;
  lapse?(tx: DbOrTx, payment: PaymentRow): Promise<void>;
}

/** The payments module's state in a process: its dependencies, the gateway (null: online payment is off), the purposes. */
export interface PaymentsContext {
  deps: ServerDeps;
  gateway: PaymentGateway | null;
  purposes: Map<string, PaymentPurpose>;
  /** Other modules' steps when a payment of a purpose is paid (the wallet crediting an order's takings). */
  paidListeners: Map<string, PaymentPurpose['fulfil'][]>;
}

export function createPaymentsContext(deps: ServerDeps): PaymentsContext {
  const config = deps.config.paymentGateway;
  const purposes = new Map<string, PaymentPurpose>([['top_up', { fulfil: creditPaidTopUp }]]);
  return {
    deps,
    gateway: config ? createXenditInvoiceGateway(config) : null,
    purposes,
    paidListeners: new Map(),
  };
}

/**
 * Runs `listener` in the transaction that settles each paid payment of `purpose`, after the purpose's own
 * `fulfil` (the gateway's verified notification, applied once): the event other modules hook on.
 */
export function onPaymentPaid(
  ctx: PaymentsContext,
  purpose: string,
  listener: PaymentPurpose['fulfil'],
): void {
  ctx.paidListeners.set(purpose, [...(ctx.paidListeners.get(purpose) ?? []), listener]);
}

export function registerPaymentPurpose(ctx: PaymentsContext, purpose: string, handler: PaymentPurpose): void {
  ctx.purposes.set(purpose, handler);
}

function viewOf(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    purpose: row.purpose as PaymentView['purpose'],
    amount: row.amount,
    fee: row.fee,
    total: row.total,
    method: row.method,
    status: row.status as PaymentView['status'],
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    expiresAt: row.expiresAt.getTime(),
    paidAt: row.paidAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

function switchedOff(ctx: PaymentsContext, code: string): boolean {
  const off = ctx.deps.config.paymentMethodsOff;
  return off.includes('ALL') || off.includes(code);
}

/**
 * 001 §2 payment dialog, §8: every method with its fee and whether it can be used now — off when Sapa's
 * configuration switches it off or the gateway reports it disabled. A gateway that cannot be reached is
 * 'Failed to get payment method (refresh the page)'.
 */
export async function listPaymentMethods(ctx: PaymentsContext) {
  let enabled = new Set<string>();
  if (ctx.gateway) {
    try {
      const channels = await ctx.gateway.listChannels();
      enabled = new Set(channels.filter((c) => c.enabled).map((c) => c.code));
    } catch (err) {
      ctx.deps.logger.warn({ err: String(err) }, 'payment channels not fetched');
      throw new AppError(424, 'payments.methodsFailed');
    }
  }
  return {
    methods: PAYMENT_METHODS.map((m) => ({
      code: m.code,
      kind: m.kind,
      name: m.name,
      fee: {
        flat: 'flat' in m.fee ? m.fee.flat : null,
        basisPoints: 'basisPoints' in m.fee ? m.fee.basisPoints : null,
      },
      available: enabled.has(m.code) && !switchedOff(ctx, m.code),
    })),
  };
}

/** 001 §7 calculate-payment-fee: the payer's fee for `method` (VAT included) and the total collected. */
export function quotePaymentFee(method: PaymentMethodCode, amount: number) {
  const fee = paymentFee(paymentMethodRule(method)!.fee, amount);
  return { amount, fee: fee.total, feeVat: fee.vat, total: amount + fee.total };
}

/**
 * 001 §4 Top-up, §7 POST billing-transaction: a pending `top_up` payment and its gateway invoice. Refused while
 * an earlier top-up is unpaid (a unique index keeps it so when two requests race); a payment whose time has
 * passed no longer counts as unpaid.
 */
export async function createTopUp(
  ctx: PaymentsContext,
  auth: AuthContext,
  input: { method: PaymentMethodCode; amount: number },
): Promise<PaymentView> {
  const { payment } = await startPayment(ctx, auth, {
    purpose: 'top_up',
    amount: input.amount,
    method: input.method,
    description: `Top up ${input.amount.toLocaleString('id-ID')} chat credits`,
    beforeInsert: async (tx) => {
      if (await findPendingTopUp(tx, auth.clientId)) throw conflict('payments.topUpUnpaid');
    },
    inTransaction: async () => undefined,
    onUniqueViolation: () => conflict('payments.topUpUnpaid'),
  });
  return payment;
}

/** What another module asks to be paid through the gateway. */
export interface PaymentRequest<T> {
  purpose: string;
  /** What is bought, in rupiah; the method's fee is added on top. */
  amount: number;
  method: PaymentMethodCode;
  description: string;
  /** The page of Sapa the payer returns to once paid (a path under PUBLIC_URL). */
  returnPath?: string;
  /** Runs in the transaction before the payment is stored (the buyer's checks). */
  beforeInsert?: (tx: DbOrTx) => Promise<void>;
  /** Runs in the transaction after the pending payment is stored (the buyer's own rows). */
  inTransaction: (tx: DbOrTx, payment: PaymentRow) => Promise<T>;
  /** The error a unique violation in that transaction means (a race lost). */
  onUniqueViolation: () => Error;
}

/**
 * A pending payment of `purpose` and its gateway invoice: the payment row and what `inTransaction` stores are
 * committed together, then the gateway is asked for an invoice; when it cannot make one the payment fails
 * (and its purpose lapses).
 */
export async function startPayment<T>(
  ctx: PaymentsContext,
  auth: Pick<AuthContext, 'clientId' | 'userId'>,
  request: PaymentRequest<T>,
): Promise<{ payment: PaymentView; result: T }> {
  const { gateway } = ctx;
  if (!gateway) throw conflict('payments.off');
  if (switchedOff(ctx, request.method)) throw conflict('payments.methodOff');
  const quote = quotePaymentFee(request.method, request.amount);
  const now = new Date();
  const { payment, result } = await ctx.deps.db
    .transaction(async (tx) => {
      await expireOverduePayments(tx, auth.clientId, new Date(now.getTime() - LATE_CALLBACK_GRACE_MS));
      await request.beforeInsert?.(tx);
      const inserted = await insertPayment(tx, {
        id: uuidv7(),
        clientId: auth.clientId,
        purpose: request.purpose,
        amount: quote.amount,
        fee: quote.fee,
        total: quote.total,
        method: request.method,
        gateway: gateway.name,
        createdBy: auth.userId,
        expiresAt: new Date(now.getTime() + PAYMENT_EXPIRY_SECONDS * 1000),
      });
      return { payment: inserted, result: await request.inTransaction(tx, inserted) };
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? request.onUniqueViolation() : err;
    });
  try {
    const invoice = await gateway.createInvoice({
      paymentId: payment.id,
      amount: payment.total,
      description: request.description,
      method: request.method,
      durationSeconds: PAYMENT_EXPIRY_SECONDS,
      ...(request.returnPath
        ? { successRedirectUrl: new URL(request.returnPath, ctx.deps.config.publicUrl).toString() }
        : {}),
    });
    return { payment: viewOf(await attachGatewayInvoice(ctx.deps.db, payment.id, invoice)), result };
  } catch (err) {
    await settleAndLapse(ctx, payment.id, 'failed');
    ctx.deps.logger.warn({ err: String(err), paymentId: payment.id }, 'payment gateway invoice not created');
    if (err instanceof GatewayCallError && err.errorCode === 'UNAVAILABLE_PAYMENT_METHOD_ERROR')
      throw conflict('payments.methodOff');
    throw new AppError(424, 'payments.gatewayFailed');
  }
}

/** Moves a pending payment to a final unpaid status and lets its purpose lapse, in one transaction. */
async function settleAndLapse(ctx: PaymentsContext, paymentId: string, status: 'failed' | 'cancelled') {
  return ctx.deps.db.transaction(async (tx) => {
    const settled = await settlePendingPayment(tx, paymentId, { status });
    if (settled) await ctx.purposes.get(settled.purpose)?.lapse?.(tx, settled);
    return settled;
  });
}

/**
 * Cancels a business's unpaid payment: the gateway's invoice is expired first, so it can no longer be paid;
 * when the gateway says it was paid meanwhile, nothing is cancelled (the paid callback follows) and 409.
 */
export async function cancelPayment(
  ctx: PaymentsContext,
  clientId: string,
  paymentId: string,
): Promise<PaymentView> {
  const row = await findPayment(ctx.deps.db, clientId, paymentId);
  if (!row) throw notFound();
  if (row.status !== 'pending') throw conflict('subscription.orderNotPending');
  if (ctx.gateway && row.gatewayId) {
    try {
      const state = await ctx.gateway.expireInvoice(row.gatewayId);
      if (state.status === 'paid') throw conflict('subscription.orderNotPending');
    } catch (err) {
      if (err instanceof AppError) throw err;
      ctx.deps.logger.warn({ err: String(err), paymentId }, 'payment gateway invoice not expired');
      throw new AppError(424, 'payments.gatewayFailed');
    }
  }
  const settled = await settleAndLapse(ctx, paymentId, 'cancelled');
  if (settled) return viewOf(settled);
  // The gateway's EXPIRED callback for the same invoice got there first: cancelled all the same.
  const after = await findPayment(ctx.deps.db, clientId, paymentId);
  if (after?.status === 'expired') return viewOf(after);
  throw conflict('subscription.orderNotPending');
}

/** 001 §7 billing-transaction/list: the business's payments, newest first. */
export async function listPayments(
  db: DbOrTx,
  clientId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const before = query.cursor ? decodeTimeCursor(query.cursor) : null;
  if (query.cursor && !before) throw badRequest('validation.invalid');
  const rows = await selectPayments(db, clientId, { before, limit: query.limit });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(last.createdAt, last.id),
  );
  return { items: page.map(viewOf), nextCursor };
}

export async function getPayment(db: DbOrTx, clientId: string, id: string): Promise<PaymentView> {
  const row = await findPayment(db, clientId, id);
  if (!row) throw notFound();
  return viewOf(row);
}

export type NotificationOutcome = 'paid' | 'expired' | 'unchanged' | 'unknown' | 'amountMismatch';

/**
 * A gateway callback: verified on its headers in constant time (403 otherwise, and nothing is read), parsed from
 * the raw bytes, then applied. A PAID or EXPIRED claim is believed only when the gateway's own invoice says so
 * too (asked by its id with the secret key), so a leaked callback token alone can neither credit a business nor
 * expire its payment; what is applied is the gateway's answer.
 */
export async function receiveGatewayCallback(
  ctx: PaymentsContext,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): Promise<NotificationOutcome> {
  const { gateway } = ctx;
  if (!gateway) throw notFound();
  if (!gateway.verifyCallback(headers, raw)) throw forbidden();
  const claimed = gateway.parseCallback(raw);
  if (!claimed) throw badRequest('validation.invalid');
  const notification = claimed.status === 'other' ? claimed : await confirmedByGateway(ctx, gateway, claimed);
  const outcome =
    notification && notification.paymentId === claimed.paymentId
      ? await applyNotification(ctx, gateway.name, notification)
      : 'unknown';
  if (outcome === 'amountMismatch' || outcome === 'unknown')
    ctx.deps.logger.warn({ paymentId: claimed.paymentId, outcome }, 'payment notification not applied');
  return outcome;
}

/** The gateway's invoice behind a claim; null when the gateway has no such invoice. */
async function confirmedByGateway(
  ctx: PaymentsContext,
  gateway: PaymentGateway,
  claimed: GatewayNotification,
) {
  try {
    return await gateway.fetchInvoice(claimed.gatewayId);
  } catch (err) {
    if (err instanceof GatewayCallError && err.status === 404) return null;
    // Not answered 2xx: the gateway sends the callback again later.
    ctx.deps.logger.warn(
      { err: String(err), paymentId: claimed.paymentId },
      'payment not confirmed by the gateway',
    );
    throw new AppError(424, 'payments.gatewayFailed');
  }
}

/**
 * Applies a verified notification exactly once: the payment row is locked, and only a `pending` payment moves.
 * A paid top-up is credited (billing's ledger row and balance) in the same transaction. A payment paid after
 * its expiry is expired, not paid; a paid amount other than the total changes nothing.
 */
export async function applyNotification(
  ctx: PaymentsContext,
  gatewayName: string,
  n: GatewayNotification,
): Promise<NotificationOutcome> {
  return ctx.deps.db.transaction(async (tx) => {
    const payment = await lockPaymentForNotification(tx, gatewayName, n.gatewayId, n.paymentId);
    if (!payment) return 'unknown';
    if (payment.status !== 'pending' || n.status === 'other') return 'unchanged';
    // Paid in time is judged by the gateway's payment time, so a callback retried after the expiry still counts.
    const paidAt = n.paidAt ?? new Date();
    if (n.status === 'expired' || payment.expiresAt.getTime() <= paidAt.getTime()) {
      const expired = await settlePendingPayment(tx, payment.id, { status: 'expired' });
      if (expired) await ctx.purposes.get(expired.purpose)?.lapse?.(tx, expired);
      return 'expired';
    }
    if (n.paidAmount !== null && n.paidAmount !== payment.total) return 'amountMismatch';
    const paid = await settlePendingPayment(tx, payment.id, {
      status: 'paid',
      paidAt,
      paidChannel: n.channel,
    });
    if (!paid) return 'unchanged';
    await ctx.purposes.get(paid.purpose)?.fulfil(tx, paid);
    for (const listener of ctx.paidListeners.get(paid.purpose) ?? []) await listener(tx, paid);
    return 'paid';
  });
}

/** What a paid top-up buys: credits, one per rupiah of the amount (not of the fee). */
async function creditPaidTopUp(tx: DbOrTx, payment: PaymentRow): Promise<void> {
  await creditTopUp(tx, {
    clientId: payment.clientId,
    credits: creditsOf(creditsForRupiah(payment.amount)),
    details: { channel: payment.paidChannel ?? payment.method },
    referenceType: 'payment',
    referenceId: payment.id,
  });
}
