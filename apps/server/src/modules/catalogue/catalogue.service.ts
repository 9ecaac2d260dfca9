import {
  type Category,
  type CategoryInput,
  type categoryDeleteQuerySchema,
  type Product,
  type ProductSummary,
  type productInputSchema,
  type productListQuerySchema,
  type VariantGroup,
  weightInGrams,
  weightInUnit,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { requireOwnedIds } from '../../platform/db/owned-ids.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import * as repo from './catalogue.repository.js';
import { productCategories } from './catalogue.schema.js';
import { type Actor, catalogueStorage, photoOf } from './catalogue-photos.js';

type ProductInput = z.output<typeof productInputSchema>;
type ListQuery = z.output<typeof productListQuerySchema>;

const skuTaken = () => conflict('catalogue.skuTaken', { sku: 'catalogue.skuTaken' });
const categoryTaken = () => conflict('catalogue.categoryTaken', { name: 'catalogue.categoryTaken' });
const onUniqueRace = (refusal: () => Error) => (error: unknown) => {
  if (isUniqueViolation(error)) throw refusal();
  throw error;
};

const OWNED_CATEGORIES = {
  table: productCategories,
  id: productCategories.id,
  clientId: productCategories.clientId,
};

/** 001 §2 product list: search by name or SKU, category and status filters, keyset pages. */
export async function listProducts(deps: ServerDeps, auth: Actor, query: ListQuery) {
  const after = query.cursor ? decodeDbTimeCursor(query.cursor) : undefined;
  if (after === null) throw badRequest('validation.invalid', { cursor: 'validation.invalid' });
  const rows = await repo.listProducts(deps.db, auth.clientId, {
    search: query.search || undefined,
    categoryId: query.categoryId,
    active: query.status === undefined ? undefined : query.status === 'active',
    after,
    limit: query.limit,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeDbTimeCursor(last.createdAtText, last.id),
  );
  return {
    items: page.map(
      (r): ProductSummary => ({
        id: r.id,
        name: r.name,
        sku: r.sku,
        price: r.price,
        categoryId: r.categoryId,
        categoryName: r.categoryName,
        type: r.type,
        active: r.active,
        variantGroupCount: r.variantGroupCount,
        thumbnailUrl: r.thumbnailId ? photoOf(r.thumbnailId).thumbnailUrl : null,
        createdAt: r.createdAt.getTime(),
      }),
    ),
    nextCursor,
  };
}

/** One product of the caller's business with its photos and variants; 404 otherwise. */
export async function getProduct(deps: ServerDeps, auth: Actor, id: string): Promise<Product> {
  return productById(deps.db, auth.clientId, id);
}

async function productById(db: DbOrTx, clientId: string, id: string): Promise<Product> {
  const found = await repo.findProduct(db, clientId, id);
  if (!found) throw notFound();
  const { product: p, categoryName } = found;
  const photos = await repo.photosOf(db, clientId, id);
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    price: p.price,
    categoryId: p.categoryId,
    categoryName,
    type: p.type,
    active: p.active,
    variantGroupCount: p.variantGroups.length,
    thumbnailUrl: photos[0] ? photoOf(photos[0].id).thumbnailUrl : null,
    createdAt: p.createdAt.getTime(),
    unit: p.unit,
    weight: p.weightGrams === null ? null : weightInUnit(p.weightGrams, p.weightUnit),
    weightUnit: p.weightUnit,
    weightGrams: p.weightGrams,
    description: p.description,
    website: p.website,
    photos: photos.map((ph) => photoOf(ph.id)),
    variantGroups: p.variantGroups,
    updatedAt: p.updatedAt.getTime(),
  };
}

/**
 * The variant groups as stored: each group and option keeps its id when it already had one on this product
 * (a cart may name it), and gets a new one otherwise.
 */
export function withVariantIds(input: ProductInput['variantGroups'], existing: readonly VariantGroup[]) {
  const groupIds = new Set(existing.map((g) => g.id));
  const optionIds = new Set(existing.flatMap((g) => g.options.map((o) => o.id)));
  const keep = (id: string | undefined, known: Set<string>) => (id && known.has(id) ? id : uuidv7());
  return input.map(
    (g): VariantGroup => ({
      id: keep(g.id, groupIds),
      name: g.name,
      required: g.required,
      multiple: g.multiple,
      options: g.options.map((o) => ({
        id: keep(o.id, optionIds),
        name: o.name,
        extraPrice: o.extraPrice,
        available: o.available,
      })),
    }),
  );
}

/** The columns of a product from the seller's input (weight as grams, 000 §9). */
function productColumns(input: ProductInput, variantGroups: VariantGroup[]) {
  return {
    name: input.name,
    categoryId: input.categoryId,
    price: input.price,
    type: input.type,
    unit: input.unit,
    weightGrams: input.weight === null ? null : weightInGrams(input.weight, input.weightUnit),
    weightUnit: input.weightUnit,
    description: input.description,
    sku: input.sku,
    website: input.website,
    active: input.active,
    variantGroups,
  };
}

/** The checks a product's references need before it is written: its category, SKU and photos. */
async function checkReferences(db: DbOrTx, clientId: string, input: ProductInput, productId: string | null) {
  await requireOwnedIds(db, OWNED_CATEGORIES, clientId, input.categoryId ? [input.categoryId] : [], {
    field: 'categoryId',
    key: 'catalogue.categoryNotFound',
  });
  if (input.sku && (await repo.skuTaken(db, clientId, input.sku, productId ?? undefined))) throw skuTaken();
  const usable = await repo.usablePhotoIds(db, clientId, input.photoIds, productId);
  if (usable.length !== input.photoIds.length)
    throw badRequest('catalogue.photoNotFound', { photoIds: 'catalogue.photoNotFound' });
}

export async function createProduct(deps: ServerDeps, auth: Actor, input: ProductInput) {
  await checkReferences(deps.db, auth.clientId, input, null);
  const id = uuidv7();
  await deps.db
    .transaction(async (tx) => {
      await repo.insertProduct(tx, {
        clientId: auth.clientId,
        id,
        ...productColumns(input, withVariantIds(input.variantGroups, [])),
      });
      await repo.attachPhotos(tx, auth.clientId, id, input.photoIds);
    })
    .catch(onUniqueRace(skuTaken));
  return productById(deps.db, auth.clientId, id);
}

export async function updateProduct(deps: ServerDeps, auth: Actor, id: string, input: ProductInput) {
  const found = await repo.findProduct(deps.db, auth.clientId, id);
  if (!found) throw notFound();
  await checkReferences(deps.db, auth.clientId, input, id);
  const variantGroups = withVariantIds(input.variantGroups, found.product.variantGroups);
  await deps.db
    .transaction(async (tx) => {
      await repo.updateProduct(tx, auth.clientId, id, productColumns(input, variantGroups));
      await repo.attachPhotos(tx, auth.clientId, id, input.photoIds);
    })
    .catch(onUniqueRace(skuTaken));
  return productById(deps.db, auth.clientId, id);
}

/** 001 §2 bulk activate or deactivate: only the business's own products change. */
export async function setProductsActive(deps: ServerDeps, auth: Actor, ids: string[], active: boolean) {
  return { changed: await repo.setProductsActive(deps.db, auth.clientId, [...new Set(ids)], active) };
}

/** 001 §2 delete (one or in bulk): the products, their photo rows and stored files. */
export async function deleteProducts(deps: ServerDeps, auth: Actor, ids: string[]) {
  const { deleted, photos } = await repo.deleteProducts(deps.db, auth.clientId, [...new Set(ids)]);
  const storage = catalogueStorage(deps);
  await Promise.all(photos.flatMap((p) => [storage.remove(p.storageKey), storage.remove(p.thumbnailKey)]));
  return { deleted };
}

export async function deleteProduct(deps: ServerDeps, auth: Actor, id: string) {
  const { deleted } = await deleteProducts(deps, auth, [id]);
  if (deleted === 0) throw notFound();
  return { ok: true as const };
}

/** 001 §3 categories of the business, by name, with how many products use each. */
export async function listCategories(deps: ServerDeps, auth: Actor) {
  return { items: await repo.listCategories(deps.db, auth.clientId) };
}

async function categoryById(db: DbOrTx, clientId: string, id: string): Promise<Category> {
  const row = await repo.findCategory(db, clientId, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    displayed: row.displayed,
    productCount: await repo.countProductsInCategory(db, clientId, id),
  };
}

export async function createCategory(deps: ServerDeps, auth: Actor, input: Required<CategoryInput>) {
  if (await repo.categoryNameTaken(deps.db, auth.clientId, input.name)) throw categoryTaken();
  const id = uuidv7();
  await repo
    .insertCategory(deps.db, { clientId: auth.clientId, id, name: input.name, displayed: input.displayed })
    .catch(onUniqueRace(categoryTaken));
  return categoryById(deps.db, auth.clientId, id);
}

export async function updateCategory(
  deps: ServerDeps,
  auth: Actor,
  id: string,
  input: Required<CategoryInput>,
) {
  await categoryById(deps.db, auth.clientId, id);
  if (await repo.categoryNameTaken(deps.db, auth.clientId, input.name, id)) throw categoryTaken();
  await repo.updateCategory(deps.db, auth.clientId, id, input).catch(onUniqueRace(categoryTaken));
  return categoryById(deps.db, auth.clientId, id);
}

/**
 * Deletes a category. One that products use is never deleted silently: without `moveTo` (another category of
 * the business) or `leaveEmpty=true` the answer is 409 `catalogue.categoryInUse`, and the page asks.
 */
export async function deleteCategory(
  deps: ServerDeps,
  auth: Actor,
  id: string,
  query: z.output<typeof categoryDeleteQuerySchema>,
) {
  const category = await categoryById(deps.db, auth.clientId, id);
  const moveTo = query.moveTo ?? null;
  if (moveTo === id) throw badRequest('validation.invalid', { moveTo: 'validation.invalid' });
  await requireOwnedIds(deps.db, OWNED_CATEGORIES, auth.clientId, moveTo ? [moveTo] : [], {
    field: 'moveTo',
    key: 'catalogue.categoryNotFound',
  });
  if (category.productCount > 0 && !moveTo && query.leaveEmpty !== 'true')
    throw conflict('catalogue.categoryInUse');
  const movedProducts = await deps.db.transaction(async (tx) => {
    const moved = await repo.moveCategoryProducts(tx, auth.clientId, id, moveTo);
    await repo.deleteCategory(tx, auth.clientId, id);
    return moved;
  });
  return { ok: true as const, movedProducts };
}

/** The products a WhatsApp order names by SKU (retailer id), ignoring case: only the business's own. */
export async function productsBySkus(db: DbOrTx, clientId: string, skus: string[]) {
  return repo.productsBySkus(db, clientId, skus);
}

/** Every product of the business for the WhatsApp catalogue (name, SKU, price, description, first photo). */
export async function productsForCatalogue(db: DbOrTx, clientId: string) {
  return repo.productsForCatalogue(db, clientId);
}

/** Products in full (as the product page reads them) for the panel's cart, in the order asked; missing ones left out. */
export async function productsInFull(db: DbOrTx, clientId: string, ids: string[]): Promise<Product[]> {
  const out: Product[] = [];
  for (const id of new Set(ids)) {
    if (await repo.findProduct(db, clientId, id)) out.push(await productById(db, clientId, id));
  }
  return out;
}

/** 000 §7 `product-catalog/items/by-retailerid/{id}`: the business's product whose SKU is that retailer id. */
export async function productByRetailerId(
  deps: ServerDeps,
  auth: Actor,
  retailerId: string,
): Promise<Product> {
  const id = await repo.productIdBySku(deps.db, auth.clientId, retailerId);
  if (!id) throw notFound();
  return productById(deps.db, auth.clientId, id);
}

/** What a cart needs of its products (another module's order): only the business's own, sold or not. */
export async function productsForCart(db: DbOrTx, clientId: string, ids: string[]) {
  return repo.productsByIds(db, clientId, [...new Set(ids)]);
}
