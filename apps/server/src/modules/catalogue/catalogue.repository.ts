import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/like.js';
import { rowsOf } from '../../platform/db/rows.js';
import { productCategories, productPhotos, products } from './catalogue.schema.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type PhotoRow = typeof productPhotos.$inferSelect;

export interface ProductListFilter {
  search?: string | undefined;
  categoryId?: string | undefined;
  active?: boolean | undefined;
  /** Keyset position: the last row's created_at (PostgreSQL's text) and id. */
  after?: { at: string; id: string } | undefined;
  limit: number;
}

/**
 * How many of the newest products a search first looks through (walking `products_list_idx`): a common word
 * fills its page there and stops; only a term with fewer matches goes to the trigram indexes.
 */
const SEARCH_WINDOW = 2_000;

/**
 * The ids of a search's page, newest first. Two steps, so neither kind of term is slow: the newest
 * `SEARCH_WINDOW` products are filtered first (a common word, thousands of matches, fills its page there,
 * where a bitmap over every match and a sort would read them all); when that does not fill the page, every
 * match is found through the trigram indexes (a materialised set: the planner cannot turn it into a walk of
 * the whole list for a rare term) and sorted — few rows, as the term is rare.
 */
async function searchPage(db: DbOrTx, base: SQL, like: string, limit: number): Promise<string[]> {
  const recent = db
    .select({ id: products.id, createdAt: products.createdAt, name: products.name, sku: products.sku })
    .from(products)
    .where(base)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(SEARCH_WINDOW)
    .as('recent');
  const near = await db
    .select({ id: recent.id })
    .from(recent)
    .where(sql`(${recent.name} ilike ${like} or ${recent.sku} ilike ${like})`)
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(limit + 1);
  if (near.length > limit) return near.map((r) => r.id);
  const rows = await db.execute(sql`
    with matched as materialized (
      select ${products.id} as id, ${products.createdAt} as created_at from ${products}
      where ${base} and (${products.name} ilike ${like} or ${products.sku} ilike ${like})
    )
    select id from matched order by created_at desc, id desc limit ${limit + 1}`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** 001 §2 product list: newest first, by part of the name or SKU, keyset pages (`limit + 1` rows read). */
export async function listProducts(db: DbOrTx, clientId: string, f: ProductListFilter) {
  const conditions: (SQL | undefined)[] = [eq(products.clientId, clientId)];
  if (f.categoryId) conditions.push(eq(products.categoryId, f.categoryId));
  if (f.active !== undefined) conditions.push(eq(products.active, f.active));
  if (f.after)
    conditions.push(
      sql`(${products.createdAt}, ${products.id}) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)`,
    );
  if (f.search) {
    const ids = await searchPage(db, and(...conditions)!, containsPattern(f.search), f.limit);
    if (ids.length === 0) return [];
    conditions.push(inArray(products.id, ids));
  }
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      categoryId: products.categoryId,
      categoryName: productCategories.name,
      type: products.type,
      active: products.active,
      variantGroupCount: sql<number>`jsonb_array_length(${products.variantGroups})`.mapWith(Number),
      thumbnailId: sql<
        string | null
      >`(select p.id from ${productPhotos} p where p.client_id = "products"."client_id" and p.product_id = "products"."id" order by p.position limit 1)`,
      createdAt: products.createdAt,
      createdAtText: sql<string>`${products.createdAt}::text`,
    })
    .from(products)
    .leftJoin(
      productCategories,
      and(eq(productCategories.clientId, products.clientId), eq(productCategories.id, products.categoryId)),
    )
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(f.limit + 1);
}

export async function findProduct(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select({ product: products, categoryName: productCategories.name })
    .from(products)
    .leftJoin(
      productCategories,
      and(eq(productCategories.clientId, products.clientId), eq(productCategories.id, products.categoryId)),
    )
    .where(and(eq(products.clientId, clientId), eq(products.id, id)));
  return row;
}

/** Whether another product of the business has this SKU (ignoring case). */
export async function skuTaken(db: DbOrTx, clientId: string, sku: string, exceptId?: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.clientId, clientId),
        sql`lower(${products.sku}) = lower(${sku})`,
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertProduct(db: DbOrTx, row: NewProductRow) {
  await db.insert(products).values(row);
}

export async function updateProduct(db: DbOrTx, clientId: string, id: string, row: Partial<NewProductRow>) {
  await db
    .update(products)
    .set({ ...row, updatedAt: sql`now()` })
    .where(and(eq(products.clientId, clientId), eq(products.id, id)));
}

/** Sets the active flag of the listed products of the business; returns how many exist. */
export async function setProductsActive(db: DbOrTx, clientId: string, ids: string[], active: boolean) {
  const rows = await db
    .update(products)
    .set({ active, updatedAt: sql`now()` })
    .where(and(eq(products.clientId, clientId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

/** Deletes the listed products of the business (their photo rows go with them); returns the photos' keys. */
export async function deleteProducts(db: DbOrTx, clientId: string, ids: string[]) {
  const photos = await db
    .select({ storageKey: productPhotos.storageKey, thumbnailKey: productPhotos.thumbnailKey })
    .from(productPhotos)
    .where(and(eq(productPhotos.clientId, clientId), inArray(productPhotos.productId, ids)));
  const rows = await db
    .delete(products)
    .where(and(eq(products.clientId, clientId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return { deleted: rows.length, photos };
}

export async function insertPhoto(db: DbOrTx, row: typeof productPhotos.$inferInsert) {
  await db.insert(productPhotos).values(row);
}

export async function findPhoto(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(productPhotos)
    .where(and(eq(productPhotos.clientId, clientId), eq(productPhotos.id, id)));
  return row;
}

export async function photosOf(db: DbOrTx, clientId: string, productId: string) {
  return db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(and(eq(productPhotos.clientId, clientId), eq(productPhotos.productId, productId)))
    .orderBy(asc(productPhotos.position));
}

/**
 * The photos a product keeps, in order: the listed ones are attached at their positions, its others are
 * detached. Only photos not attached to another product may be named (checked by the caller).
 */
export async function attachPhotos(db: DbOrTx, clientId: string, productId: string, photoIds: string[]) {
  await db
    .update(productPhotos)
    .set({ productId: null })
    .where(and(eq(productPhotos.clientId, clientId), eq(productPhotos.productId, productId)));
  for (const [position, id] of photoIds.entries())
    await db
      .update(productPhotos)
      .set({ productId, position })
      .where(and(eq(productPhotos.clientId, clientId), eq(productPhotos.id, id)));
}

/** The listed photo ids of the business that are free or already this product's. */
export async function usablePhotoIds(db: DbOrTx, clientId: string, ids: string[], productId: string | null) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(
      and(
        eq(productPhotos.clientId, clientId),
        inArray(productPhotos.id, ids),
        productId
          ? sql`(${productPhotos.productId} is null or ${productPhotos.productId} = ${productId})`
          : isNull(productPhotos.productId),
      ),
    );
  return rows.map((r) => r.id);
}

export async function listCategories(db: DbOrTx, clientId: string) {
  return db
    .select({
      id: productCategories.id,
      name: productCategories.name,
      displayed: productCategories.displayed,
      productCount:
        sql<number>`(select count(*) from ${products} p where p.client_id = "product_categories"."client_id" and p.category_id = "product_categories"."id")`.mapWith(
          Number,
        ),
    })
    .from(productCategories)
    .where(eq(productCategories.clientId, clientId))
    .orderBy(asc(sql`lower(${productCategories.name})`));
}

export async function findCategory(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(productCategories)
    .where(and(eq(productCategories.clientId, clientId), eq(productCategories.id, id)));
  return row;
}

export async function categoryNameTaken(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.clientId, clientId),
        sql`lower(${productCategories.name}) = lower(${name})`,
        exceptId ? sql`${productCategories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCategory(db: DbOrTx, row: typeof productCategories.$inferInsert) {
  await db.insert(productCategories).values(row);
}

export async function updateCategory(
  db: DbOrTx,
  clientId: string,
  id: string,
  row: { name: string; displayed: boolean },
) {
  await db
    .update(productCategories)
    .set({ ...row, updatedAt: sql`now()` })
    .where(and(eq(productCategories.clientId, clientId), eq(productCategories.id, id)));
}

export async function countProductsInCategory(db: DbOrTx, clientId: string, categoryId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.clientId, clientId), eq(products.categoryId, categoryId)));
  return row?.n ?? 0;
}

/** Moves the category's products to `to` (null: no category); returns how many moved. */
export async function moveCategoryProducts(db: DbOrTx, clientId: string, from: string, to: string | null) {
  const rows = await db
    .update(products)
    .set({ categoryId: to, updatedAt: sql`now()` })
    .where(and(eq(products.clientId, clientId), eq(products.categoryId, from)))
    .returning({ id: products.id });
  return rows.length;
}

export async function deleteCategory(db: DbOrTx, clientId: string, id: string) {
  await db
    .delete(productCategories)
    .where(and(eq(productCategories.clientId, clientId), eq(productCategories.id, id)));
}

/** The listed products of the business as a cart prices them (name, SKU, price, weight, variants, sold or not). */
export async function productsByIds(db: DbOrTx, clientId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      weightGrams: products.weightGrams,
      active: products.active,
      variantGroups: products.variantGroups,
    })
    .from(products)
    .where(and(eq(products.clientId, clientId), inArray(products.id, ids)));
}

/** The business's products whose SKU is one of these, ignoring case (a WhatsApp order names them by it). */
export async function productsBySkus(db: DbOrTx, clientId: string, skus: string[]) {
  if (skus.length === 0) return [];
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  return db
    .select({
      id: products.id,
      sku: products.sku,
      active: products.active,
      variantGroups: products.variantGroups,
    })
    .from(products)
    .where(and(eq(products.clientId, clientId), inArray(sql`lower(${products.sku})`, lowered)));
}

/** Every product of the business as the WhatsApp catalogue takes it, with its first photo. */
export async function productsForCatalogue(db: DbOrTx, clientId: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      description: products.description,
      website: products.website,
      active: products.active,
      updatedAt: products.updatedAt,
      photoId: sql<
        string | null
      >`(select p.id from ${productPhotos} p where p.client_id = "products"."client_id" and p.product_id = "products"."id" order by p.position limit 1)`,
    })
    .from(products)
    .where(eq(products.clientId, clientId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/** The product of the business with this SKU, ignoring case. */
export async function productIdBySku(db: DbOrTx, clientId: string, sku: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.clientId, clientId), sql`lower(${products.sku}) = ${sku.toLowerCase()}`))
    .limit(1);
  return row?.id ?? null;
}
