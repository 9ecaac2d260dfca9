import {
  type CartQuote,
  type ChosenOption,
  type Courier,
  can,
  canMoveTransaction,
  cartQuote,
  checkVariantChoice,
  type couriersInputSchema,
  priceWithVariants,
  type statusChangeSchema,
  type Transaction,
  type TransactionStatus,
  type TransactionSummary,
  type transactionInputSchema,
  type transactionListQuerySchema,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { productsForCart } from '../catalogue/index.js';
import {
  assertMayReply,
  checkReplyAllowed,
  getTicketSummary,
  type InboxJobs,
  sendMessage,
  type TicketRow,
} from '../conversations/index.js';
import type { PaymentPurpose, PaymentsContext } from '../payments/index.js';
import { startPayment } from '../payments/index.js';
import { endCart } from './carts.service.js';
import { type OrderLine, orderSummaryText, statusNoticeText, transactionNumber } from './order-text.js';
import * as repo from './orders.repository.js';

type CreateInput = z.output<typeof transactionInputSchema>;
type ListQuery = z.output<typeof transactionListQuerySchema>;

/** What orders needs from the rest of the server: the chat's send job (conversations) and the payments. */
export interface OrdersContext {
  deps: ServerDeps;
  jobs: Pick<InboxJobs, 'send'>;
  payments: PaymentsContext | null;
  /**
   * A status notice outside the chat's 24-hour window: the approved follow-up template (templates' send, handed
   * in by app.ts since orders sits below templates). Throws when the chat does not take it.
   */
  sendTemplate?: (
    auth: AuthContext,
    ticketId: string,
    body: { templateId: string; variables: string[]; clientMessageId: string },
  ) => Promise<unknown>;
}

const courierOf = (row: repo.CourierRow): Courier => ({
  id: row.id,
  name: row.name,
  feeType: row.feeType,
  fee: row.fee,
  thresholds: row.thresholds,
  estimateTime: row.estimateTime,
  active: row.active,
});

/**
 * 001 §3 seller couriers: the store settings read them (SETTING_STORE), and so does whoever takes orders in the
 * chat (TRANSACTION_BUTTON), who must pick one.
 */
export async function listCouriers(deps: ServerDeps, auth: AuthContext) {
  if (!can(auth.subject, 'SETTING_STORE', 'READ') && !can(auth.subject, 'TRANSACTION_BUTTON', 'READ'))
    throw forbidden();
  return { items: (await repo.listCouriers(deps.db, auth.clientId)).map(courierOf) };
}

/**
 * Business settings › Shipping: the whole list is saved at once, in its order. A courier keeps its id only
 * when it is one of this business's couriers already; any other id given is replaced by a new one.
 */
export async function saveCouriers(
  deps: ServerDeps,
  auth: Pick<AuthContext, 'clientId'>,
  input: z.output<typeof couriersInputSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const known = new Set((await repo.listCouriers(tx, auth.clientId)).map((c) => c.id));
    const used = new Set<string>();
    const idOf = (id: string | undefined) => {
      const kept = id && known.has(id) && !used.has(id) ? id : uuidv7();
      used.add(kept);
      return kept;
    };
    await repo.replaceCouriers(
      tx,
      auth.clientId,
      input.couriers.map((c, position) => ({
        clientId: auth.clientId,
        id: idOf(c.id),
        name: c.name,
        feeType: c.feeType,
        fee: c.fee,
        thresholds: [...c.thresholds].sort((a, b) => a.maxPrice - b.maxPrice),
        estimateTime: c.estimateTime,
        active: c.active,
        position,
      })),
    );
  });
  return { items: (await repo.listCouriers(deps.db, auth.clientId)).map(courierOf) };
}

type CartItem = CreateInput['items'][number];

/**
 * The cart priced from the catalogue as it is now: every product the business's own and sold, every choice by
 * its group's rules (001 §5), the unit price with the chosen options, the weight in grams (000 §9).
 */
async function priceCart(db: DbOrTx, clientId: string, items: readonly CartItem[]): Promise<OrderLine[]> {
  const found = await productsForCart(
    db,
    clientId,
    items.map((i) => i.productId),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  return items.map((item, i) => {
    const product = byId.get(item.productId);
    if (!product?.active)
      throw badRequest('orders.productNotFound', { [`items.${i}.productId`]: 'orders.productNotFound' });
    const problem = checkVariantChoice(product.variantGroups, item.choice)[0];
    if (problem) throw badRequest(problem.key, { [`items.${i}.choice.${problem.groupId}`]: problem.key });
    const variants: ChosenOption[] = product.variantGroups.flatMap((g) =>
      (item.choice[g.id] ?? []).map((optionId) => {
        const option = g.options.find((o) => o.id === optionId)!;
        return {
          groupId: g.id,
          groupName: g.name,
          optionId,
          optionName: option.name,
          extraPrice: option.extraPrice,
        };
      }),
    );
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      unitPrice: priceWithVariants(product.price, product.variantGroups, item.choice),
      quantity: item.quantity,
      variants,
      note: item.note,
      weightGrams: product.weightGrams ?? 0,
    };
  });
}

async function courierFor(db: DbOrTx, clientId: string, courierId: string | null | undefined) {
  if (!courierId) return null;
  const row = await repo.findCourier(db, clientId, courierId);
  if (!row?.active) throw badRequest('orders.courierNotFound', { courierId: 'orders.courierNotFound' });
  return courierOf(row);
}

/** The panel's total estimate: items, weight, the courier's fee. */
export async function quote(
  deps: ServerDeps,
  auth: AuthContext,
  input: { items: CartItem[]; courierId?: string | null | undefined },
): Promise<CartQuote> {
  const lines = await priceCart(deps.db, auth.clientId, input.items);
  return cartQuote(lines, await courierFor(deps.db, auth.clientId, input.courierId));
}

/**
 * 000 §2 create-transaction panel: the order is stored (number, items, delivery, timeline's first step), then
 * the customer gets its summary in the chat through conversations' own send (the agent's reply, with its
 * window and plan checks, made before anything is stored). With the gateway on and a method chosen, the
 * summary carries a payment link. A failure that is not the caller's is 001 §8's "Failed create transaction".
 */
export async function createTransaction(
  ctx: OrdersContext,
  auth: AuthContext,
  ticket: TicketRow,
  input: CreateInput,
): Promise<Transaction> {
  const { db } = ctx.deps;
  if (!can(auth.subject, 'TRANSACTION_BUTTON', 'CREATE')) throw forbidden();
  const existing = await repo.findByRequest(db, auth.clientId, input.clientRequestId);
  if (existing) return transactionById(db, auth.clientId, existing);
  assertMayReply(auth);
  checkReplyAllowed(ticket, Date.now());
  const lines = await priceCart(db, auth.clientId, input.items);
  const courier = input.delivery === 'courier' ? await courierFor(db, auth.clientId, input.courierId) : null;
  const totals = cartQuote(lines, courier);
  const summary = await getTicketSummary(db, auth.clientId, ticket.id);
  const id = uuidv7();
  try {
    await db.transaction(async (tx) => {
      const seq = await repo.nextSeq(tx, auth.clientId);
      await repo.insertTransaction(
        tx,
        {
          clientId: auth.clientId,
          id,
          seq,
          number: transactionNumber(seq),
          clientRequestId: input.clientRequestId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          customerName: input.customerName,
          customerPhone: summary?.contact.handle ?? null,
          delivery: input.delivery,
          courierName: courier?.name ?? null,
          courierEstimate: courier?.estimateTime ?? null,
          address: input.delivery === 'courier' ? (input.address ?? null) : null,
          note: input.note,
          ...totals,
          itemCount: lines.reduce((n, l) => n + l.quantity, 0),
          createdBy: auth.userId,
        },
        lines.map((l, position) => ({
          clientId: auth.clientId,
          transactionId: id,
          position,
          productId: l.productId,
          name: l.name,
          sku: l.sku,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          variants: l.variants,
          note: l.note,
          subtotal: l.unitPrice * l.quantity,
          weightGrams: l.weightGrams * l.quantity,
        })),
        {
          clientId: auth.clientId,
          id: uuidv7(),
          transactionId: id,
          status: 'new_order',
          byUserId: auth.userId,
        },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const raced = await repo.findByRequest(db, auth.clientId, input.clientRequestId);
      if (raced) return transactionById(db, auth.clientId, raced);
    }
    ctx.deps.logger.error({ err: String(err) }, 'transaction not created');
    throw new AppError(503, 'orders.createFailed');
  }
  const paymentUrl = input.paymentMethod
    ? await attachPayment(ctx, auth, id, input.paymentMethod, totals.total)
    : null;
  const order = await transactionById(db, auth.clientId, id);
  await endCart(db, auth.clientId, ticket.id);
  await sendToChat(ctx, auth, ticket.id, id, orderSummaryText(order, paymentUrl));
  return order;
}

/** A payment link for the order through the payments module's gateway; null when the gateway cannot make one. */
async function attachPayment(
  ctx: OrdersContext,
  auth: AuthContext,
  transactionId: string,
  method: NonNullable<CreateInput['paymentMethod']>,
  total: number,
): Promise<string | null> {
  if (!ctx.payments?.gateway) return null;
  try {
    const order = await repo.findTransaction(ctx.deps.db, auth.clientId, transactionId);
    const { payment } = await startPayment(ctx.payments, auth, {
      purpose: ORDER_PURPOSE,
      amount: total,
      method,
      description: `Order ${order?.number ?? transactionId}`,
      inTransaction: (tx, p) => repo.setPayment(tx, auth.clientId, transactionId, p.id, null),
      onUniqueViolation: () => new AppError(503, 'orders.createFailed'),
    });
    await repo.setPayment(ctx.deps.db, auth.clientId, transactionId, payment.id, payment.checkoutUrl);
    return payment.checkoutUrl;
  } catch (err) {
    ctx.deps.logger.warn({ err: String(err), transactionId }, 'order payment link not created');
    return null;
  }
}

/** Sends a text to the customer as the agent's reply; false (logged) when the chat does not take it. */
async function sendToChat(
  ctx: OrdersContext,
  auth: AuthContext,
  ticketId: string,
  key: string,
  text: string,
) {
  try {
    await sendMessage(ctx.deps, ctx.jobs, auth, ticketId, { text, clientMessageId: key, internal: false });
    return true;
  } catch (err) {
    ctx.deps.logger.warn({ err: String(err), ticketId }, 'order message not sent to the chat');
    return false;
  }
}

/** The approved template outside the window; false (logged) when the chat does not take it or none is handed in. */
async function sendTemplateNotice(
  ctx: OrdersContext,
  auth: AuthContext,
  ticketId: string,
  key: string,
  templateId: string,
  variables: string[],
) {
  if (!ctx.sendTemplate) return false;
  try {
    await ctx.sendTemplate(auth, ticketId, { templateId, variables, clientMessageId: key });
    return true;
  } catch (err) {
    ctx.deps.logger.warn({ err: String(err), ticketId }, 'order template notice not sent');
    return false;
  }
}

export const ORDER_PURPOSE = 'order';

/** The payments purpose of an order's link: the gateway's verified notification marks the order paid. */
export const orderPaymentPurpose: PaymentPurpose = {
  fulfil: (tx, payment) => repo.markPaid(tx, payment.id, payment.paidAt ?? new Date()),
};

function summaryOf(r: {
  id: string;
  number: string;
  customerName: string;
  customerPhone: string | null;
  delivery: TransactionSummary['delivery'];
  courierName: string | null;
  total: number;
  itemCount: number;
  status: TransactionStatus;
  paidAt: Date | null;
  createdAt: Date;
}): TransactionSummary {
  return {
    id: r.id,
    number: r.number,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    delivery: r.delivery,
    courierName: r.courierName,
    total: r.total,
    itemCount: r.itemCount,
    status: r.status,
    paid: r.paidAt !== null,
    createdAt: r.createdAt.getTime(),
  };
}

async function transactionById(db: DbOrTx, clientId: string, id: string): Promise<Transaction> {
  const row = await repo.findTransaction(db, clientId, id);
  if (!row) throw notFound();
  const [items, events] = await Promise.all([
    repo.itemsOf(db, clientId, id),
    repo.eventsOf(db, clientId, id),
  ]);
  return {
    ...summaryOf(row),
    ticketId: row.ticketId,
    contactId: row.contactId,
    courierEstimate: row.courierEstimate,
    address: row.address,
    note: row.note,
    subtotal: row.subtotal,
    shippingFee: row.shippingFee,
    weightGrams: row.weightGrams,
    paymentUrl: row.paidAt ? null : row.paymentUrl,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      sku: i.sku,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      variants: i.variants,
      note: i.note,
      subtotal: i.subtotal,
      weightGrams: i.weightGrams,
    })),
    timeline: events.map((e) => ({
      status: e.status,
      at: e.at.getTime(),
      byName: e.byName,
      notified: e.notified,
    })),
  };
}

export async function getTransaction(deps: ServerDeps, auth: AuthContext, id: string) {
  return transactionById(deps.db, auth.clientId, id);
}

/** 001 §2 transactions: a tab, search by number or customer, service type, a contact's history; keyset pages. */
export async function listTransactions(deps: ServerDeps, auth: AuthContext, query: ListQuery) {
  const after = query.cursor ? decodeDbTimeCursor(query.cursor) : undefined;
  if (after === null) throw badRequest('validation.invalid', { cursor: 'validation.invalid' });
  const rows = await repo.listTransactions(deps.db, auth.clientId, {
    status: query.status,
    search: query.search || undefined,
    delivery: query.delivery,
    contactId: query.contactId,
    after,
    limit: query.limit,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeDbTimeCursor(last.createdAtText, last.id),
  );
  return { items: page.map(summaryOf), nextCursor };
}

/**
 * 001 §4: New Order → Prepared → Ready → Done, or Cancelled before Done. The move is conditional on the status
 * read, so of two agents moving the same order one wins and the other gets 409. With `notify`, the customer is
 * told in the order's chat; a chat that no longer takes replies leaves `notified` false.
 */
export async function changeStatus(
  ctx: OrdersContext,
  auth: AuthContext,
  id: string,
  input: z.output<typeof statusChangeSchema>,
) {
  const { db } = ctx.deps;
  const row = await repo.findTransaction(db, auth.clientId, id);
  if (!row) throw notFound();
  if (!canMoveTransaction(row.status, input.status)) throw new AppError(409, 'orders.statusNotAllowed');
  const eventId = uuidv7();
  const moved = await db.transaction(async (tx) => {
    if (!(await repo.moveStatus(tx, auth.clientId, id, row.status, input.status))) return false;
    await repo.insertEvent(tx, {
      clientId: auth.clientId,
      id: eventId,
      transactionId: id,
      status: input.status,
      byUserId: auth.userId,
    });
    return true;
  });
  if (!moved) throw new AppError(409, 'orders.statusNotAllowed');
  let notifiedBy: 'text' | 'template' | null = null;
  if (input.notify && row.ticketId) {
    const ticket = await getTicketSummary(db, auth.clientId, row.ticketId);
    const windowOpen = ticket ? ticket.expiresAt === null || ticket.expiresAt > Date.now() : false;
    if (windowOpen || !input.templateId) {
      if (await sendToChat(ctx, auth, row.ticketId, eventId, statusNoticeText(row.number, input.status)))
        notifiedBy = 'text';
    } else if (await sendTemplateNotice(ctx, auth, row.ticketId, eventId, input.templateId, input.variables))
      notifiedBy = 'template';
    if (notifiedBy) await repo.markEventNotified(db, auth.clientId, eventId);
  }
  return {
    transaction: await transactionById(db, auth.clientId, id),
    notified: notifiedBy !== null,
    notifiedBy,
  };
}

const SUMMARY_DAYS = 30;

/** 001 §2 dashboard transaction summary: the last 30 days per status, done orders' takings, the newest orders. */
export async function transactionsSummary(deps: ServerDeps, auth: AuthContext) {
  const since = new Date(Date.now() - SUMMARY_DAYS * 86_400_000);
  const [groups, recent] = await Promise.all([
    repo.summarySince(deps.db, auth.clientId, since),
    repo.listTransactions(deps.db, auth.clientId, { limit: 5 }),
  ]);
  const counts = { new_order: 0, prepared: 0, ready: 0, done: 0, cancelled: 0 };
  for (const g of groups) counts[g.status] = g.n;
  return {
    counts,
    revenueDone: groups.find((g) => g.status === 'done')?.total ?? 0,
    recent: recent.slice(0, 5).map(summaryOf),
  };
}
