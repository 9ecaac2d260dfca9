import { createHash } from 'node:crypto';
import {
  normaliseNewMessagePhone,
  SHOPIFY_DEFAULT_FIELDS,
  type ShopifyEvent,
  type ShopifyOrderField,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { ServerDeps } from '../../platform/deps.js';
import { type DrainDefinition, defineDrain } from '../../platform/jobs/job-queue.js';
import { sendAutomatedTemplate, type TemplateSendJobs } from '../templates/index.js';
import * as repo from './shopify.repository.js';
import { MYSHOPIFY_DOMAIN, parseShopifyJson, verifyWebhookHmac } from './shopify-protocol.js';

/** The order topics that carry an automated message, and their event. */
const EVENT_OF_TOPIC: Record<string, ShopifyEvent> = {
  'orders/create': 'order_created',
  'orders/paid': 'order_paid',
  'orders/fulfilled': 'order_fulfilled',
  'orders/cancelled': 'order_cancelled',
};
const ORDER_TOPICS = new Set([...Object.keys(EVENT_OF_TOPIC), 'orders/updated']);
export const COMPLIANCE_TOPICS = new Set(['customers/data_request', 'customers/redact', 'shop/redact']);

/** Shop → business for a few seconds: the intake answers within Shopify's 5 s without a lookup per webhook. */
const STORE_CACHE_MS = 5_000;
const storeCache = new Map<string, { clientId: string; until: number }>();

async function storeClientOf(deps: ServerDeps, shop: string): Promise<string | null> {
  const now = Date.now();
  const cached = storeCache.get(shop);
  if (cached && cached.until > now) return cached.clientId;
  const store = await repo.findStoreByShop(deps.db, shop);
  if (!store) {
    storeCache.delete(shop);
    return null;
  }
  if (storeCache.size > 10_000) storeCache.clear();
  storeCache.set(shop, { clientId: store.clientId, until: now + STORE_CACHE_MS });
  return store.clientId;
}

export type IntakeOutcome = { status: 200 | 400 | 401; stored: boolean };

const header = (headers: Record<string, unknown>, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
};

/**
 * A webhook from Shopify, answered at once (Shopify waits 5 s): the signature is checked on the raw bytes (401
 * when it fails, as Shopify's compliance review requires), then it is stored under its shop's
 * `X-Shopify-Webhook-Id` (a retry stores nothing) and the drain woken. A shop no business holds is answered 200
 * with nothing stored (Sapa holds nothing of it).
 */
export async function receiveWebhook(
  deps: ServerDeps,
  drain: DrainDefinition,
  headers: Record<string, unknown>,
  raw: Buffer,
): Promise<IntakeOutcome> {
  const app = deps.config.shopify;
  if (!app || !verifyWebhookHmac(app.clientSecret, raw, header(headers, 'x-shopify-hmac-sha256')))
    return { status: 401, stored: false };
  const shop = header(headers, 'x-shopify-shop-domain').toLowerCase();
  const topic = header(headers, 'x-shopify-topic');
  const webhookId = header(headers, 'x-shopify-webhook-id');
  if (!MYSHOPIFY_DOMAIN.test(shop) || !topic || !webhookId || webhookId.length > 200)
    return { status: 400, stored: false };
  if (!ORDER_TOPICS.has(topic) && !COMPLIANCE_TOPICS.has(topic) && topic !== 'app/uninstalled')
    return { status: 200, stored: false };
  const clientId = await storeClientOf(deps, shop);
  if (!clientId) return { status: 200, stored: false };
  const stored = await repo.insertWebhook(deps.db, {
    id: uuidv7(),
    clientId,
    shopDomain: shop,
    webhookId,
    topic,
    body: raw.toString('utf8'),
  });
  if (stored) deps.jobs.wake(drain);
  return { status: 200, stored };
}

interface ShopifyOrderBody {
  id?: string | number;
  admin_graphql_api_id?: string;
  name?: string;
  email?: string | null;
  phone?: string | null;
  created_at?: string;
  currency?: string;
  total_price?: string;
  financial_status?: string | null;
  fulfillment_status?: string | null;
  cancelled_at?: string | null;
  order_status_url?: string;
  customer?: {
    id?: string | number;
    first_name?: string | null;
    last_name?: string | null;
    phone?: string | null;
    email?: string | null;
  } | null;
  shipping_address?: { name?: string | null; phone?: string | null } | null;
  billing_address?: { name?: string | null; phone?: string | null } | null;
  line_items?: { title?: string; quantity?: number }[];
  fulfillments?: {
    tracking_company?: string | null;
    tracking_number?: string | null;
    tracking_url?: string | null;
  }[];
}

/** The order's id exact: the GraphQL id's digits, else the REST id (kept as a string by `parseShopifyJson`). */
function orderIdOf(order: ShopifyOrderBody): string | null {
  const gid = /\/Order\/(\d+)$/.exec(order.admin_graphql_api_id ?? '')?.[1];
  if (gid) return gid;
  return order.id === undefined || order.id === null ? null : String(order.id);
}

function customerNameOf(order: ShopifyOrderBody): string | null {
  const c = order.customer;
  const name = [c?.first_name, c?.last_name].filter(Boolean).join(' ').trim();
  return name || order.shipping_address?.name || order.billing_address?.name || null;
}

/** The order's WhatsApp number: the order's phone, the customer's, then the shipping and billing address's. */
export function orderPhoneOf(order: ShopifyOrderBody): string | null {
  for (const candidate of [
    order.phone,
    order.customer?.phone,
    order.shipping_address?.phone,
    order.billing_address?.phone,
  ]) {
    const phone = candidate ? normaliseNewMessagePhone(candidate) : null;
    if (phone) return phone;
  }
  return null;
}

function priceOf(total: string | undefined, currency: string | undefined): string {
  const amount = Number(total ?? '0');
  try {
    return new Intl.NumberFormat('id-ID', {
      style: 'currency',
      currency: currency || 'IDR',
      maximumFractionDigits: currency === 'IDR' ? 0 : 2,
    }).format(amount);
  } catch {
    return `${currency ?? ''} ${total ?? ''}`.trim();
  }
}

/** The value of each order field a template variable can take. */
export function orderValues(order: ShopifyOrderBody, shopName: string): Record<ShopifyOrderField, string> {
  const tracking = order.fulfillments?.at(-1);
  return {
    customer_name: customerNameOf(order) ?? '',
    order_number: order.name ?? '',
    total_price: priceOf(order.total_price, order.currency),
    items: (order.line_items ?? []).map((i) => `${i.quantity ?? 1}× ${i.title ?? ''}`).join(', '),
    shop_name: shopName,
    order_status_url: order.order_status_url ?? '',
    tracking_company: tracking?.tracking_company ?? '',
    tracking_number: tracking?.tracking_number ?? '',
    tracking_url: tracking?.tracking_url ?? '',
  };
}

/** The message id of an order's event: the same for every delivery of it, so it is stored and sent once. */
export function orderMessageId(clientId: string, shop: string, orderId: string, event: ShopifyEvent): string {
  const h = createHash('sha256').update(`shopify:${clientId}:${shop}:${orderId}:${event}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

async function processOrder(
  deps: ServerDeps,
  jobs: TemplateSendJobs,
  row: repo.WebhookRow,
  order: ShopifyOrderBody,
): Promise<Record<string, unknown> | null> {
  const orderId = orderIdOf(order);
  if (!orderId) return { ignored: 'noOrderId' };
  const { clientId, shopDomain } = row;
  const store = await repo.findStore(deps.db, clientId);
  if (store?.shopDomain !== shopDomain) return { ignored: 'storeGone' };
  await repo.upsertOrder(deps.db, {
    clientId,
    shopDomain,
    orderId,
    name: order.name ?? `#${orderId}`,
    customerId:
      order.customer?.id === undefined || order.customer?.id === null ? null : String(order.customer.id),
    customerName: customerNameOf(order),
    phone: orderPhoneOf(order),
    email: order.email ?? order.customer?.email ?? null,
    totalPrice: order.total_price ?? '0',
    currency: order.currency ?? 'IDR',
    financialStatus: order.financial_status ?? null,
    fulfillmentStatus: order.fulfillment_status ?? null,
    cancelledAt: toDate(order.cancelled_at),
    orderedAt: toDate(order.created_at) ?? row.receivedAt,
  });
  const event = EVENT_OF_TOPIC[row.topic];
  if (!event || store.status !== 'connected') return null;
  const automation = await repo.findAutomation(deps.db, clientId, event);
  if (!automation?.enabled || !automation.templateId) return null;
  const key = { clientId, shopDomain, orderId, event };
  const claimed = await repo.claimOrderMessage(deps.db, { ...key, templateId: automation.templateId });
  const messageId = orderMessageId(clientId, shopDomain, orderId, event);
  if (!claimed) {
    // Claimed by an earlier delivery that may have stopped half-way: only a pending claim goes on (the
    // message id makes the send itself happen once).
    const [prior] = await repo.reportClaim(deps.db, key);
    if (prior?.reason !== 'pending') return { duplicate: event };
  }
  const phone = orderPhoneOf(order);
  if (!phone) {
    await repo.setOrderMessageOutcome(deps.db, key, {
      outcome: 'skipped',
      messageId: null,
      reason: 'shopify.skip.noPhone',
    });
    return { skipped: 'shopify.skip.noPhone' };
  }
  if (!store.channelAccountId) {
    await repo.setOrderMessageOutcome(deps.db, key, {
      outcome: 'skipped',
      messageId: null,
      reason: 'shopify.skip.noWhatsapp',
    });
    return { skipped: 'shopify.skip.noWhatsapp' };
  }
  const values = orderValues(order, store.shopName);
  const fields = automation.variables.length ? automation.variables : SHOPIFY_DEFAULT_FIELDS[event];
  const result = await sendAutomatedTemplate(deps, jobs, {
    clientId,
    channelAccountId: store.channelAccountId,
    phone,
    contactName: customerNameOf(order),
    templateId: automation.templateId,
    values: fields.map((f) => values[f]),
    messageId,
    automatic: `shopify:${event}`,
  });
  if (result.sent) {
    await repo.setOrderMessageOutcome(deps.db, key, {
      outcome: 'sent',
      messageId: result.messageId,
      reason: null,
    });
    return { sent: event, messageId: result.messageId };
  }
  await repo.setOrderMessageOutcome(deps.db, key, {
    outcome: 'skipped',
    messageId: null,
    reason: result.reason,
  });
  return { skipped: result.reason };
}

interface ComplianceBody {
  customer?: { id?: string | number; email?: string | null; phone?: string | null };
  orders_to_redact?: (string | number)[];
  orders_requested?: (string | number)[];
  data_request?: { id?: string | number };
}

/** The mandatory compliance topics: a customer's data gathered for the merchant, a customer erased, a shop erased. */
async function processCompliance(deps: ServerDeps, row: repo.WebhookRow, body: ComplianceBody) {
  const { clientId, shopDomain } = row;
  const customerId =
    body.customer?.id === undefined || body.customer?.id === null ? null : String(body.customer.id);
  if (row.topic === 'customers/data_request') {
    const orders = await repo.customerOrders(deps.db, {
      clientId,
      shopDomain,
      customerId,
      orderIds: (body.orders_requested ?? []).map(String),
    });
    return {
      dataRequest: body.data_request?.id === undefined ? null : String(body.data_request.id),
      customerId,
      orders,
    };
  }
  if (row.topic === 'customers/redact') {
    const redacted = await deps.db.transaction((tx) =>
      repo.redactCustomer(tx, {
        clientId,
        shopDomain,
        customerId,
        orderIds: (body.orders_to_redact ?? []).map(String),
      }),
    );
    return { redactedOrders: redacted };
  }
  await deps.db.transaction((tx) => repo.redactShop(tx, clientId, shopDomain));
  return { shopRedacted: true };
}

async function processOne(deps: ServerDeps, jobs: TemplateSendJobs, row: repo.WebhookRow) {
  const body = parseShopifyJson(row.body || '{}') as Record<string, unknown>;
  if (COMPLIANCE_TOPICS.has(row.topic)) return processCompliance(deps, row, body as ComplianceBody);
  if (row.topic === 'app/uninstalled') {
    const store = await repo.findStore(deps.db, row.clientId);
    if (store?.shopDomain === row.shopDomain) await repo.markStoreDisconnected(deps.db, row.clientId);
    return { uninstalled: true };
  }
  return processOrder(deps, jobs, row, body as ShopifyOrderBody);
}

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 6;

/**
 * `shopify.webhooks`: takes due webhooks (leased for a minute, so a process that dies leaves them to another),
 * processes the orders of a batch side by side and each order's webhooks in their order, and marks each done —
 * or due again later with a growing pause, up to six tries.
 */
export function shopifyWebhookDrain(deps: ServerDeps, jobs: TemplateSendJobs): DrainDefinition {
  return defineDrain({
    name: 'shopify.webhooks',
    pollMs: 2_000,
    lingerMs: 20,
    async drain() {
      const rows = await deps.db.transaction(async (tx) => {
        const claimed = await repo.claimWebhooks(tx, 50);
        if (claimed.length)
          await repo.leaseWebhooks(
            tx,
            claimed.map((r) => r.id),
            new Date(Date.now() + LEASE_MS),
          );
        return claimed;
      });
      const groups = new Map<string, repo.WebhookRow[]>();
      for (const row of rows) {
        const order =
          /"admin_graphql_api_id"\s*:\s*"gid:\/\/shopify\/Order\/(\d+)"/.exec(row.body)?.[1] ?? row.id;
        const key = `${row.clientId}:${order}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      await Promise.all(
        [...groups.values()].map(async (group) => {
          for (const row of group) {
            try {
              const result = await processOne(deps, jobs, row);
              await repo.markWebhookProcessed(deps.db, row.id, result);
            } catch (err) {
              deps.logger.warn({ err, webhook: row.id, topic: row.topic }, 'shopify webhook failed');
              const attempts = row.attempts + 1;
              const retryAt = attempts < MAX_ATTEMPTS ? new Date(Date.now() + 5_000 * 2 ** attempts) : null;
              await repo.markWebhookFailed(
                deps.db,
                row.id,
                attempts,
                err instanceof Error ? err.message : String(err),
                retryAt,
              );
            }
          }
        }),
      );
      return rows.length === 50;
    },
  });
}
