import type { ProductType, VariantGroup, WeightUnit } from '@sapa/contracts';
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
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`);

/** 001 §3 category: name (unique per business, ignoring case) and display flag. */
export const productCategories = pgTable(
  'product_categories',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    displayed: boolean('displayed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('product_categories_name_key').on(t.clientId, sql`lower(${t.name})`),
  ],
);

/**
 * 001 §3 product. Price in whole rupiah; weight kept in grams with the unit the seller chose (000 §9). The
 * variant groups (≤ 3 × 10, 001 §9) are one JSON value: always read and written with their product, never
 * queried on their own, each group and option keeping a stable uuid a cart can name.
 */
export const products = pgTable(
  'products',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    categoryId: uuid('category_id'),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    type: text('type').$type<ProductType>().notNull(),
    unit: text('unit'),
    weightGrams: integer('weight_grams'),
    weightUnit: text('weight_unit').$type<WeightUnit>().notNull().default('g'),
    description: text('description'),
    sku: text('sku'),
    website: text('website'),
    active: boolean('active').notNull().default(true),
    variantGroups: jsonb('variant_groups').$type<VariantGroup[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.categoryId],
      foreignColumns: [productCategories.clientId, productCategories.id],
    }),
    uniqueIndex('products_sku_key').on(t.clientId, sql`lower(${t.sku})`).where(sql`${t.sku} is not null`),
    // DESC NULLS FIRST is what `ORDER BY created_at DESC, id DESC` asks for; drizzle's bare `.desc()` writes
    // NULLS LAST, an order no list query uses, so the planner sorted the whole table instead (bench/commerce).
    index('products_list_idx').on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_idx').on(t.clientId, t.categoryId),
    // fastupdate off: a search never reads a pending list of fresh rows linearly (bench/commerce: 27 ms → 0.2 ms).
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * A product photo: the original and a thumbnail in storage. Uploaded before the product is saved, so
 * `product_id` is empty until a product names it.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    productId: uuid('product_id'),
    position: integer('position').notNull().default(0),
    mime: text('mime').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.productId],
      foreignColumns: [products.clientId, products.id],
    }).onDelete('cascade'),
    index('product_photos_product_idx').on(t.clientId, t.productId, t.position),
  ],
);
