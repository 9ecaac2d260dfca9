import type { ShopifyEvent, ShopifyOrderField } from '@sapa/contracts';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { messages } from '../conversations/conversations.schema.js';
import {
  shopifyAutomations,
  shopifyOrderMessages,
  shopifyOrders,
  shopifyStores,
  shopifyWebhooks,
} from './shopify.schema.js';

export type StoreRow = typeof shopifyStores.$inferSelect;
export type AutomationRow = typeof shopifyAutomations.$inferSelect;
export type WebhookRow = typeof shopifyWebhooks.$inferSelect;

export async function findStore(db: DbOrTx, clientId: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(shopifyStores).where(eq(shopifyStores.clientId, clientId));
  return row;
}

export async function findStoreByShop(db: DbOrTx, shopDomain: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, shopDomain));
  return row;
}

/** Registers or reconnects the business's store (the shop's name is kept from the first registration). */
export async function saveConnectedStore(
  db: DbOrTx,
  input: {
    clientId: string;
    shopDomain: string;
    shopName: string;
    shopId: string;
    accessToken: string;
    scope: string;
  },
): Promise<StoreRow> {
  const [row] = await db
    .insert(shopifyStores)
    .values({ ...input, status: 'connected' })
    .onConflictDoUpdate({
      target: shopifyStores.clientId,
      set: {
        accessToken: input.accessToken,
        scope: input.scope,
        shopId: input.shopId,
        status: 'connected',
        connectedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(shopifyStores.shopDomain, input.shopDomain),
    })
    .returning();
  if (!row) throw new Error('store not saved');
  return row;
}

export async function setStoreChannel(db: DbOrTx, clientId: string, channelAccountId: string) {
  const [row] = await db
    .update(shopifyStores)
    .set({ channelAccountId, updatedAt: sql`now()` })
    .where(eq(shopifyStores.clientId, clientId))
    .returning();
  return row;
}

export async function markStoreDisconnected(db: DbOrTx, clientId: string) {
  await db
    .update(shopifyStores)
    .set({ status: 'disconnected', accessToken: null, updatedAt: sql`now()` })
    .where(eq(shopifyStores.clientId, clientId));
}

export function listAutomations(db: DbOrTx, clientId: string): Promise<AutomationRow[]> {
  return db.select().from(shopifyAutomations).where(eq(shopifyAutomations.clientId, clientId));
}

export async function findAutomation(db: DbOrTx, clientId: string, event: ShopifyEvent) {
  const [row] = await db
    .select()
    .from(shopifyAutomations)
    .where(and(eq(shopifyAutomations.clientId, clientId), eq(shopifyAutomations.event, event)));
  return row;
}

export async function saveAutomation(
  db: DbOrTx,
  input: {
    clientId: string;
    event: ShopifyEvent;
    enabled: boolean;
    templateId: string | null;
    variables: ShopifyOrderField[];
  },
): Promise<AutomationRow> {
  const [row] = await db
    .insert(shopifyAutomations)
    .values(input)
    .onConflictDoUpdate({
      target: [shopifyAutomations.clientId, shopifyAutomations.event],
      set: {
        enabled: input.enabled,
        templateId: input.templateId,
        variables: input.variables,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('automation not saved');
  return row;
}

/** Stores a verified webhook; false when that shop's webhook id was stored before (a retry). */
export async function insertWebhook(
  db: DbOrTx,
  row: { id: string; clientId: string; shopDomain: string; webhookId: string; topic: string; body: string },
): Promise<boolean> {
  const inserted = await db
    .insert(shopifyWebhooks)
    .values(row)
    .onConflictDoNothing({ target: [shopifyWebhooks.shopDomain, shopifyWebhooks.webhookId] })
    .returning({ id: shopifyWebhooks.id });
  return inserted.length > 0;
}

/** Due unprocessed webhooks, oldest first, locked for this transaction (other processes skip them). */
export function claimWebhooks(tx: DbOrTx, limit: number): Promise<WebhookRow[]> {
  return tx
    .select()
    .from(shopifyWebhooks)
    .where(and(isNull(shopifyWebhooks.processedAt), lte(shopifyWebhooks.nextAttemptAt, sql`now()`)))
    .orderBy(asc(shopifyWebhooks.nextAttemptAt), asc(shopifyWebhooks.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Processed: the body (with the customer's data) is not kept past its processing. */
export async function markWebhookProcessed(tx: DbOrTx, id: string, result: Record<string, unknown> | null) {
  await tx
    .update(shopifyWebhooks)
    .set({ processedAt: sql`now()`, body: '', result, lastError: null })
    .where(eq(shopifyWebhooks.id, id));
}

export async function markWebhookFailed(
  tx: DbOrTx,
  id: string,
  attempts: number,
  error: string,
  retryAt: Date | null,
) {
  await tx
    .update(shopifyWebhooks)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      ...(retryAt ? { nextAttemptAt: retryAt } : { processedAt: sql`now()`, body: '' }),
    })
    .where(eq(shopifyWebhooks.id, id));
}

export interface OrderRecord {
  clientId: string;
  shopDomain: string;
  orderId: string;
  name: string;
  customerId: string | null;
  customerName: string | null;
  phone: string | null;
  email: string | null;
  totalPrice: string;
  currency: string;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  cancelledAt: Date | null;
  orderedAt: Date;
}

export async function upsertOrder(tx: DbOrTx, order: OrderRecord) {
  await tx
    .insert(shopifyOrders)
    .values(order)
    .onConflictDoUpdate({
      target: [shopifyOrders.clientId, shopifyOrders.shopDomain, shopifyOrders.orderId],
      set: {
        name: order.name,
        customerId: order.customerId,
        customerName: order.customerName,
        phone: order.phone,
        email: order.email,
        totalPrice: order.totalPrice,
        currency: order.currency,
        financialStatus: order.financialStatus,
        fulfillmentStatus: order.fulfillmentStatus,
        cancelledAt: order.cancelledAt,
      },
    });
}

/** Claims the event's message of an order: false when it was claimed before (sent once). */
export async function claimOrderMessage(
  tx: DbOrTx,
  row: {
    clientId: string;
    shopDomain: string;
    orderId: string;
    event: ShopifyEvent;
    templateId: string | null;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(shopifyOrderMessages)
    .values({ ...row, outcome: 'skipped', reason: 'pending' })
    .onConflictDoNothing()
    .returning({ orderId: shopifyOrderMessages.orderId });
  return inserted.length > 0;
}

export async function setOrderMessageOutcome(
  tx: DbOrTx,
  key: { clientId: string; shopDomain: string; orderId: string; event: ShopifyEvent },
  outcome: { outcome: 'sent' | 'skipped' | 'failed'; messageId: string | null; reason: string | null },
) {
  await tx
    .update(shopifyOrderMessages)
    .set(outcome)
    .where(
      and(
        eq(shopifyOrderMessages.clientId, key.clientId),
        eq(shopifyOrderMessages.shopDomain, key.shopDomain),
        eq(shopifyOrderMessages.orderId, key.orderId),
        eq(shopifyOrderMessages.event, key.event),
      ),
    );
}

/** customers/data_request: what Sapa holds of the customer's orders in the shop. */
export function customerOrders(
  db: DbOrTx,
  input: { clientId: string; shopDomain: string; customerId: string | null; orderIds: string[] },
) {
  const byCustomer = input.customerId ? eq(shopifyOrders.customerId, input.customerId) : sql`false`;
  const byOrder = input.orderIds.length ? inArray(shopifyOrders.orderId, input.orderIds) : sql`false`;
  return db
    .select({
      orderId: shopifyOrders.orderId,
      name: shopifyOrders.name,
      customerName: shopifyOrders.customerName,
      phone: shopifyOrders.phone,
      email: shopifyOrders.email,
      totalPrice: shopifyOrders.totalPrice,
      currency: shopifyOrders.currency,
    })
    .from(shopifyOrders)
    .where(
      and(
        eq(shopifyOrders.clientId, input.clientId),
        eq(shopifyOrders.shopDomain, input.shopDomain),
        sql`(${byCustomer} or ${byOrder})`,
      ),
    );
}

/** customers/redact: the customer's name, phone and email erased from the shop's orders. */
export async function redactCustomer(
  tx: DbOrTx,
  input: { clientId: string; shopDomain: string; customerId: string | null; orderIds: string[] },
): Promise<number> {
  const byCustomer = input.customerId ? eq(shopifyOrders.customerId, input.customerId) : sql`false`;
  const byOrder = input.orderIds.length ? inArray(shopifyOrders.orderId, input.orderIds) : sql`false`;
  const rows = await tx
    .update(shopifyOrders)
    .set({ customerName: null, phone: null, email: null, customerId: null })
    .where(
      and(
        eq(shopifyOrders.clientId, input.clientId),
        eq(shopifyOrders.shopDomain, input.shopDomain),
        sql`(${byCustomer} or ${byOrder})`,
      ),
    )
    .returning({ orderId: shopifyOrders.orderId });
  return rows.length;
}

/** shop/redact: every order of the shop and its message records erased; the store forgotten. */
export async function redactShop(tx: DbOrTx, clientId: string, shopDomain: string) {
  await tx
    .delete(shopifyOrderMessages)
    .where(and(eq(shopifyOrderMessages.clientId, clientId), eq(shopifyOrderMessages.shopDomain, shopDomain)));
  await tx
    .delete(shopifyOrders)
    .where(and(eq(shopifyOrders.clientId, clientId), eq(shopifyOrders.shopDomain, shopDomain)));
  await tx
    .update(shopifyWebhooks)
    .set({ body: '' })
    .where(and(eq(shopifyWebhooks.clientId, clientId), eq(shopifyWebhooks.shopDomain, shopDomain)));
  await tx
    .delete(shopifyStores)
    .where(and(eq(shopifyStores.clientId, clientId), eq(shopifyStores.shopDomain, shopDomain)));
}

/** The report's messages per event: their outcome, and for sent ones the message's state now. */
export function reportRows(db: DbOrTx, clientId: string, from: Date, to: Date) {
  return db
    .select({
      event: shopifyOrderMessages.event,
      outcome: shopifyOrderMessages.outcome,
      status: messages.status,
      count: sql<number>`count(*)::int`,
    })
    .from(shopifyOrderMessages)
    .leftJoin(
      messages,
      and(
        eq(messages.clientId, shopifyOrderMessages.clientId),
        eq(messages.id, shopifyOrderMessages.messageId),
      ),
    )
    .where(
      and(
        eq(shopifyOrderMessages.clientId, clientId),
        gte(shopifyOrderMessages.createdAt, from),
        lt(shopifyOrderMessages.createdAt, to),
      ),
    )
    .groupBy(shopifyOrderMessages.event, shopifyOrderMessages.outcome, messages.status);
}

export async function orderCounts(db: DbOrTx, clientId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      paid: sql<number>`count(*) filter (where ${shopifyOrders.financialStatus} = 'paid')::int`,
      fulfilled: sql<number>`count(*) filter (where ${shopifyOrders.fulfillmentStatus} = 'fulfilled')::int`,
      cancelled: sql<number>`count(*) filter (where ${shopifyOrders.cancelledAt} is not null)::int`,
    })
    .from(shopifyOrders)
    .where(
      and(
        eq(shopifyOrders.clientId, clientId),
        gte(shopifyOrders.orderedAt, from),
        lt(shopifyOrders.orderedAt, to),
      ),
    );
  return row ?? { total: 0, paid: 0, fulfilled: 0, cancelled: 0 };
}

export async function leaseWebhooks(tx: DbOrTx, ids: string[], until: Date) {
  await tx.update(shopifyWebhooks).set({ nextAttemptAt: until }).where(inArray(shopifyWebhooks.id, ids));
}

export function reportClaim(
  db: DbOrTx,
  key: { clientId: string; shopDomain: string; orderId: string; event: ShopifyEvent },
) {
  return db
    .select({ outcome: shopifyOrderMessages.outcome, reason: shopifyOrderMessages.reason })
    .from(shopifyOrderMessages)
    .where(
      and(
        eq(shopifyOrderMessages.clientId, key.clientId),
        eq(shopifyOrderMessages.shopDomain, key.shopDomain),
        eq(shopifyOrderMessages.orderId, key.orderId),
        eq(shopifyOrderMessages.event, key.event),
      ),
    );
}
