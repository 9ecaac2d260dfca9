import {
  type BodyOf,
  DAYS_PER_MONTH,
  EXTRA_USER_MONTHLY_PRICE,
  entitlementOf,
  INCLUDED_USERS,
  lapsedStatusOf,
  type OrderQuote,
  type OrderRequest,
  offeredPackages,
  type PartnerConfig,
  PRICE_BOOKS,
  packagePrice,
  paymentFee,
  paymentMethodRule,
  quoteOrder,
  type SelfServePackage,
  SUBSCRIPTION_PERIOD_MONTHS,
  type SubscriptionOrder,
  type SubscriptionView,
  stateAfterOrder,
  type subscriptionsEndpoints,
  userLimitOf,
  VAT_PERCENT,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { countConnectedAccounts } from '../channels/index.js';
import {
  cancelPayment,
  getPayment,
  type PaymentPurpose,
  type PaymentRow,
  type PaymentsContext,
  startPayment,
} from '../payments/index.js';
import { planStateOf, savePlanState } from '../tenancy/index.js';
import { countMembers } from '../users/index.js';
import {
  findOrder,
  findOrderOfPayment,
  findPendingOrder,
  insertOrder,
  type OrderRow,
  settleOrder,
} from './subscriptions.repository.js';

/** The payment purpose of a subscription order. */
export const SUBSCRIPTION_PURPOSE = 'subscription';

const MS_PER_DAY = 86_400_000;
const book = PRICE_BOOKS.standard;

/** The business's subscription now, with its users and channels (the plan page and the banner). */
export async function getSubscription(db: DbOrTx, clientId: string): Promise<SubscriptionView> {
  const now = new Date();
  const [state, users, channels] = await Promise.all([
    planStateOf(db, clientId),
    countMembers(db, clientId),
    countConnectedAccounts(db, clientId),
  ]);
  const e = entitlementOf(state, now);
  const endsAt = state.subscriptionEndsAt;
  return {
    accountStatus: e.lapsed ? lapsedStatusOf(state) : state.accountStatus,
    package: state.subscriptionPackage,
    tier: e.tier,
    endsAt: endsAt?.getTime() ?? null,
    daysLeft: endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / MS_PER_DAY)) : null,
    premium: e.premium,
    whatsapp: e.whatsapp,
    extraUsers: state.extraUsers,
    users,
    userLimit: userLimitOf(state, now),
    channels,
  };
}

/**
 * 001 §2 plan and pricing: each package the partner offers (000 §4 "multiple package subscription": Starter and
 * Pro, or Pro alone) with its price per period, VAT 11% on top.
 */
export function listPlans(partner: Pick<PartnerConfig, 'featureFlags'>) {
  return {
    plans: offeredPackages(partner.featureFlags).map((pkg) => ({
      package: pkg,
      monthly: book.monthly[pkg],
      includedUsers: INCLUDED_USERS[pkg],
      whatsapp: pkg === 'PRO',
      periods: SUBSCRIPTION_PERIOD_MONTHS.map((months) => ({
        months,
        price: packagePrice(pkg, months, book),
      })),
    })),
    extraUserMonthly: EXTRA_USER_MONTHLY_PRICE,
    proUpgradePerMonth: book.proUpgradePerMonth,
    vatPercent: VAT_PERCENT,
  };
}

/**
 * Prices an order against the business's state now, or refuses it (409, the rule's message): a new subscription
 * only to a package the partner offers.
 */
async function priceOrder(
  ctx: PaymentsContext,
  clientId: string,
  request: OrderRequest,
): Promise<OrderQuote> {
  const { db, partner } = ctx.deps;
  const [state, channels] = await Promise.all([
    planStateOf(db, clientId),
    countConnectedAccounts(db, clientId),
  ]);
  const offered = offeredPackages(partner.featureFlags);
  const result = quoteOrder(state, request, { now: new Date(), channels, book, offered });
  if ('refusal' in result) throw conflict(result.refusal);
  return result.quote;
}

function quoteView(q: OrderQuote) {
  return { ...q, endsAt: q.endsAt.getTime() };
}

/** 001 §2 subscription summary: the order with VAT, and the chosen method's fee on top. */
export async function quote(
  payments: PaymentsContext,
  auth: AuthContext,
  body: BodyOf<typeof subscriptionsEndpoints.quote>,
) {
  const q = await priceOrder(payments, auth.clientId, body);
  const fee = body.method ? quoteFee(body.method, q.price.total) : 0;
  return { ...quoteView(q), fee, total: q.price.total + fee };
}

/** 001 §7 calculate-payment-fee: the payer's fee for the method, VAT included. */
function quoteFee(method: string, amount: number): number {
  const rule = paymentMethodRule(method);
  return rule ? paymentFee(rule.fee, amount).total : 0;
}

async function orderView(db: DbOrTx, row: OrderRow): Promise<SubscriptionOrder> {
  return {
    id: row.id,
    kind: row.kind as SubscriptionOrder['kind'],
    package: row.package as SelfServePackage,
    months: row.months,
    extraUsers: row.extraUsers,
    price: { net: row.net, vat: row.vat, total: row.total },
    endsAt: row.endsAt.getTime(),
    status: row.status as SubscriptionOrder['status'],
    payment: await getPayment(db, row.clientId, row.paymentId),
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * The business's unpaid order, or null. An order whose payment can no longer be paid (expired at the gateway,
 * or swept by the payments module) is settled expired on the way.
 */
async function livePendingOrder(ctx: PaymentsContext, clientId: string): Promise<OrderRow | null> {
  const row = await findPendingOrder(ctx.deps.db, clientId);
  if (!row) return null;
  const payment = await getPayment(ctx.deps.db, clientId, row.paymentId);
  if (payment.status === 'pending') return row;
  await settleOrder(ctx.deps.db, clientId, row.id, { status: 'expired' });
  return null;
}

export async function pendingOrder(ctx: PaymentsContext, auth: AuthContext) {
  const row = await livePendingOrder(ctx, auth.clientId);
  return { order: row ? await orderView(ctx.deps.db, row) : null };
}

/**
 * Places an order (001 §2 subscription: package, payment method, summary, terms) and its gateway invoice in
 * one go: refused while another is unpaid (a unique index keeps it so when two requests race), priced by the
 * rules against the business's state now. The plan changes only when the gateway's verified callback says
 * the payment is paid (`subscriptionPurpose`).
 */
export async function placeOrder(
  ctx: PaymentsContext,
  auth: AuthContext,
  body: BodyOf<typeof subscriptionsEndpoints.order>,
): Promise<SubscriptionOrder> {
  requireOwner(auth);
  if (await livePendingOrder(ctx, auth.clientId)) throw conflict('subscription.orderUnpaid');
  const q = await priceOrder(ctx, auth.clientId, body);
  const { result } = await startPayment(ctx, auth, {
    purpose: SUBSCRIPTION_PURPOSE,
    amount: q.price.total,
    method: body.method,
    description: describeOrder(q),
    // Paid, the payer lands on the dashboard, where the plan shows (the sign-up's paid plan ends there too).
    returnPath: '/dashboard',
    inTransaction: (tx, payment) =>
      insertOrder(tx, {
        clientId: auth.clientId,
        id: uuidv7(),
        kind: q.kind,
        package: q.package,
        months: q.months,
        extraUsers: q.extraUsers,
        net: q.price.net,
        vat: q.price.vat,
        total: q.price.total,
        endsAt: q.endsAt,
        paymentId: payment.id,
        termsAcceptedAt: new Date(),
        createdBy: auth.userId,
      }),
    onUniqueViolation: () => conflict('subscription.orderUnpaid'),
  });
  const placed = await findOrder(ctx.deps.db, auth.clientId, result.id);
  return orderView(ctx.deps.db, placed ?? result);
}

/** 001 §6: the owner handles upgrade and renewal (the web tells others to contact the owner). */
function requireOwner(auth: AuthContext): void {
  if (auth.role !== 'OWN' && auth.role !== 'SAD') throw forbidden();
}

function describeOrder(q: OrderQuote): string {
  const what = q.kind === 'extra_users' ? `${q.extraUsers} extra users` : `${q.package} ${q.kind}`;
  return `Sapa ${what}, ${q.months} × ${DAYS_PER_MONTH} days`;
}

/** Cancels the unpaid order: its gateway invoice is expired first (the payments module), then the order. */
export async function cancelOrder(ctx: PaymentsContext, auth: AuthContext, orderId: string) {
  requireOwner(auth);
  const row = await findOrder(ctx.deps.db, auth.clientId, orderId);
  if (!row) throw notFound();
  if (row.status !== 'pending') throw conflict('subscription.orderNotPending');
  await cancelPayment(ctx, auth.clientId, row.paymentId);
  const after = await findOrder(ctx.deps.db, auth.clientId, orderId);
  return orderView(ctx.deps.db, after ?? row);
}

/**
 * The payments module calls this in the transaction that settles a subscription payment: paid applies the
 * order to the business's plan (row locked, rules of `stateAfterOrder` at the payment time); expired, failed
 * or cancelled settles the order so. A replayed callback never gets here (the payment is no longer pending).
 */
export const subscriptionPurpose: PaymentPurpose = {
  async fulfil(tx: DbOrTx, payment: PaymentRow) {
    const order = await findOrderOfPayment(tx, payment.clientId, payment.id);
    if (order?.status !== 'pending') return;
    const state = await planStateOf(tx, payment.clientId, { lock: true });
    const next = stateAfterOrder(
      state,
      {
        kind: order.kind as OrderRequest['kind'],
        package: order.package as SelfServePackage,
        months: order.months,
        extraUsers: order.extraUsers,
      },
      payment.paidAt ?? new Date(),
    );
    await savePlanState(tx, payment.clientId, next);
    await settleOrder(tx, payment.clientId, order.id, {
      status: 'paid',
      ...(next.subscriptionEndsAt ? { endsAt: next.subscriptionEndsAt } : {}),
    });
  },
  async lapse(tx: DbOrTx, payment: PaymentRow) {
    const order = await findOrderOfPayment(tx, payment.clientId, payment.id);
    if (!order) return;
    await settleOrder(tx, payment.clientId, order.id, {
      status: payment.status === 'cancelled' ? 'cancelled' : 'expired',
    });
  },
};
