import type {
  Address,
  CART_SOURCES,
  CartDraft,
  CatalogueOrderItem,
  ChosenOption,
  CourierFeeType,
  DeliveryMethod,
  PriceThreshold,
  TransactionStatus,
} from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

/** 001 §3 seller courier (business settings › shipping): the fee rule is kept whole, one JSON list of thresholds. */
export const sellerCouriers = pgTable(
  'seller_couriers',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    feeType: text('fee_type').$type<CourierFeeType>().notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    thresholds: jsonb('thresholds').$type<PriceThreshold[]>().notNull().default([]),
    estimateTime: text('estimate_time'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('seller_couriers_position_idx').on(t.clientId, t.position),
  ],
);

/**
 * 001 §3 transaction and order, taken in a chat. The number is the business's own sequence (`seq`); customer,
 * courier and address are copied at order time so a later edit of the contact or courier does not rewrite it.
 */
export const transactions = pgTable(
  'transactions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    clientRequestId: uuid('client_request_id'),
    ticketId: uuid('ticket_id'),
    contactId: uuid('contact_id'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    delivery: text('delivery').$type<DeliveryMethod>().notNull(),
    courierName: text('courier_name'),
    courierEstimate: text('courier_estimate'),
    address: jsonb('address').$type<Address>(),
    note: text('note'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shippingFee: bigint('shipping_fee', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull(),
    itemCount: integer('item_count').notNull(),
    status: text('status').$type<TransactionStatus>().notNull().default('new_order'),
    paymentId: uuid('payment_id'),
    paymentUrl: text('payment_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('transactions_seq_key').on(t.clientId, t.seq),
    uniqueIndex('transactions_request_key').on(t.clientId, t.clientRequestId),
    // The page's tabs: one status, newest first, keyset pages. NULLS FIRST is the order `ORDER BY … DESC`
    // means (drizzle's bare `.desc()` writes NULLS LAST, which no list query could walk).
    index('transactions_status_list_idx').on(
      t.clientId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_list_idx').on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_contact_idx').on(t.clientId, t.contactId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('transactions_payment_key').on(t.paymentId),
    index('transactions_number_trgm_idx')
      .using('gin', t.number.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('transactions_customer_trgm_idx')
      .using('gin', t.customerName.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** 001 §3 cart item as ordered: the product's name, SKU, price and chosen variant of that moment. */
export const transactionItems = pgTable(
  'transaction_items',
  {
    clientId: uuid('client_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id'),
    name: text('name').notNull(),
    sku: text('sku'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    variants: jsonb('variants').$type<ChosenOption[]>().notNull().default([]),
    note: text('note'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.transactionId, t.position] }),
    foreignKey({
      columns: [t.clientId, t.transactionId],
      foreignColumns: [transactions.clientId, transactions.id],
    }).onDelete('cascade'),
  ],
);

/** The timeline: every status an order reached, who moved it and whether the customer was told. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    byUserId: uuid('by_user_id'),
    notified: boolean('notified').notNull().default(false),
    at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.transactionId],
      foreignColumns: [transactions.clientId, transactions.id],
    }).onDelete('cascade'),
    index('transaction_events_order_idx').on(t.clientId, t.transactionId, t.at),
  ],
);

/** The last order number of each business. */
export const transactionCounters = pgTable('transaction_counters', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  last: bigint('last', { mode: 'number' }).notNull(),
});

/**
 * The cart being built in a chat (000 §2 create-transaction panel), one per chat: the panel's draft as the
 * contracts' `CartDraft`, started by an agent or by the customer's WhatsApp catalogue order (`source`), with a
 * catalogue order's lines that named no product. Ended by creating the transaction or discarding (000 §4).
 */
export const ticketCarts = pgTable(
  'ticket_carts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    ticketId: uuid('ticket_id').notNull(),
    draft: jsonb('draft').$type<CartDraft>().notNull(),
    source: text('source').$type<(typeof CART_SOURCES)[number]>().notNull(),
    unmatched: jsonb('unmatched').$type<CatalogueOrderItem[]>().notNull().default([]),
    /** The inbound order message a catalogue cart came from (a redelivered webhook does not start it again). */
    orderMessageId: uuid('order_message_id'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ticketId] })],
);

/**
 * The business's WhatsApp catalogue (issue 19 §4): the catalogue of the connected number's Business Account,
 * when it was last synced and the last failure.
 */
export const whatsappCatalogues = pgTable('whatsapp_catalogues', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  channelAccountId: uuid('channel_account_id').notNull(),
  catalogId: text('catalog_id').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** What the WhatsApp catalogue holds of each product: its retailer id (the SKU) and when it was sent. */
export const whatsappCatalogueItems = pgTable(
  'whatsapp_catalogue_items',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    productId: uuid('product_id').notNull(),
    retailerId: text('retailer_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.productId] })],
);
