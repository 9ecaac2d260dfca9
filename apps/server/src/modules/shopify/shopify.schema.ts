import type { ShopifyEvent, ShopifyOrderField } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

const now = (name: string) => timestamp(name, { withTimezone: true }).notNull().default(sql`now()`);

/**
 * A business's Shopify store (000 §3 Shopify store: account name, status, subscription): one per business, and
 * a shop belongs to one business. The offline access token is sealed (`deps.secrets`); the shop's name is taken
 * once, at registration (000 §5: it cannot change).
 */
export const shopifyStores = pgTable(
  'shopify_stores',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id),
    shopDomain: text('shop_domain').notNull(),
    shopName: text('shop_name').notNull(),
    shopId: text('shop_id'),
    /** The sealed offline access token; null once disconnected or redacted. */
    accessToken: text('access_token'),
    scope: text('scope').notNull().default(''),
    status: text('status').$type<'connected' | 'disconnected'>().notNull(),
    /** The WhatsApp account the automated messages go out from. */
    channelAccountId: uuid('channel_account_id'),
    connectedAt: now('connected_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [uniqueIndex('shopify_stores_shop_key').on(t.shopDomain)],
);

/** 000 §2 automated-message settings: one per order event. */
export const shopifyAutomations = pgTable(
  'shopify_automations',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    event: text('event').$type<ShopifyEvent>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    templateId: uuid('template_id'),
    variables: jsonb('variables').$type<ShopifyOrderField[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: now('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.event] })],
);

/**
 * Shopify webhooks as received (raw body, verified), one per `X-Shopify-Webhook-Id` of a shop: a retry of one
 * already stored is answered 200 and stored nothing. Processed by the `shopify.webhooks` drain.
 */
export const shopifyWebhooks = pgTable(
  'shopify_webhooks',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    shopDomain: text('shop_domain').notNull(),
    webhookId: text('webhook_id').notNull(),
    topic: text('topic').notNull(),
    /** The raw body (text: Shopify's 64-bit ids stay exact). Emptied by customers/redact and shop/redact. */
    body: text('body').notNull(),
    receivedAt: now('received_at'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: now('next_attempt_at'),
    lastError: text('last_error'),
    /** What processing found (customers/data_request: the customer's data Sapa holds, for the merchant). */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('shopify_webhooks_webhook_key').on(t.shopDomain, t.webhookId),
    index('shopify_webhooks_pending_idx').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
  ],
);

/** The orders Shopify told Sapa of (for the report and the messages' variables). */
export const shopifyOrders = pgTable(
  'shopify_orders',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    shopDomain: text('shop_domain').notNull(),
    orderId: text('order_id').notNull(),
    name: text('name').notNull(),
    customerId: text('customer_id'),
    customerName: text('customer_name'),
    phone: text('phone'),
    email: text('email'),
    totalPrice: text('total_price').notNull(),
    currency: text('currency').notNull(),
    financialStatus: text('financial_status'),
    fulfillmentStatus: text('fulfillment_status'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    receivedAt: now('received_at'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.shopDomain, t.orderId] }),
    index('shopify_orders_client_time_idx').on(t.clientId, t.orderedAt),
  ],
);

/**
 * The automated message of an order's event, claimed once (the primary key): the WhatsApp message it became,
 * or why none was sent. Its delivery and read states are the message's own (conversations' `messages`).
 */
export const shopifyOrderMessages = pgTable(
  'shopify_order_messages',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    shopDomain: text('shop_domain').notNull(),
    orderId: text('order_id').notNull(),
    event: text('event').$type<ShopifyEvent>().notNull(),
    messageId: uuid('message_id'),
    templateId: uuid('template_id'),
    outcome: text('outcome').$type<'sent' | 'skipped' | 'failed'>().notNull(),
    reason: text('reason'),
    createdAt: now('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.shopDomain, t.orderId, t.event] }),
    index('shopify_order_messages_time_idx').on(t.clientId, t.createdAt),
  ],
);

/**
 * A merchant's install of the app from Shopify without a Sapa account yet (sign-up via Shopify, 000 §2): the
 * shop read and its offline token (sealed) kept until the sign-up completes and claims it, once. The browser
 * holds an opaque install token; only its sha256 is stored. Unclaimed installs stop being offered at `expiresAt`.
 */
export const shopifyInstalls = pgTable(
  'shopify_installs',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    shopDomain: text('shop_domain').notNull(),
    shopName: text('shop_name').notNull(),
    shopId: text('shop_id').notNull(),
    email: text('email').notNull().default(''),
    /** The sealed offline access token; emptied once claimed (the store keeps its own). */
    accessToken: text('access_token'),
    scope: text('scope').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The business the sign-up opened (set when claimed). */
    clientId: uuid('client_id').references(() => clients.id),
    createdAt: now('created_at'),
  },
  (t) => [uniqueIndex('shopify_installs_token_key').on(t.tokenHash)],
);
