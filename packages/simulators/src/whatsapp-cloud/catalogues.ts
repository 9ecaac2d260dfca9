import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isObj, type Obj, str } from './context.js';
import { checkVersion, type GraphAuth } from './graph-auth.js';
import { invalidParam, unknownObject } from './graph-errors.js';
import type { NumberRegistry } from './number-registry.js';

/**
 * Commerce catalogues: one product catalogue connected to each WhatsApp Business Account (Commerce Manager's
 * "connected catalog"), with the Catalog Batch API (`POST /{catalog-id}/items_batch`, item_type PRODUCT_ITEM,
 * methods CREATE / UPDATE / DELETE, the product's `id` in `data` being its retailer id), the catalogue's
 * products (`GET /{catalog-id}/products`) and the WABA's catalogues (`GET /{waba-id}/product_catalogs`).
 */

export interface CatalogueItem {
  /** Graph's own id of the product item. */
  graphId: string;
  retailerId: string;
  title: string;
  description: string;
  availability: string;
  condition: string;
  /** Minor units are not used: the amount as written before the currency ("15000 IDR" → 15000). */
  price: number;
  currency: string;
  link: string;
  imageLink: string;
  brand: string;
}

export interface Catalogue {
  id: string;
  wabaId: string;
  name: string;
  items: Map<string, CatalogueItem>;
}

export interface Catalogues {
  /** The catalogue connected to the WABA (made the first time it is asked for). */
  ofWaba(wabaId: string): Catalogue;
  byId(id: string): Catalogue | undefined;
}

export function createCatalogues(): Catalogues {
  const byWaba = new Map<string, Catalogue>();
  const byId = new Map<string, Catalogue>();
  return {
    ofWaba(wabaId) {
      let c = byWaba.get(wabaId);
      if (!c) {
        const id = `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
        c = { id, wabaId, name: `Catalogue ${wabaId}`, items: new Map() };
        byWaba.set(wabaId, c);
        byId.set(id, c);
      }
      return c;
    },
    byId: (id) => byId.get(id),
  };
}

const METHODS = ['CREATE', 'UPDATE', 'DELETE'] as const;
const REQUIRED = [
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
] as const;
const AVAILABILITY = ['in stock', 'out of stock', 'preorder', 'available for order', 'discontinued'];

/** "15000 IDR" or "15000.00 IDR" → amount and ISO currency; null when it is not that shape. */
export function parsePrice(v: unknown): { price: number; currency: string } | null {
  const m = typeof v === 'string' ? /^(\d+(?:\.\d{1,2})?) ([A-Z]{3})$/.exec(v.trim()) : null;
  return m ? { price: Number(m[1]), currency: m[2]! } : null;
}

/** The public shape of a product (Graph ProductItem fields the simulator keeps). */
export function productItemJson(item: CatalogueItem) {
  return {
    id: item.graphId,
    retailer_id: item.retailerId,
    name: item.title,
    description: item.description,
    availability: item.availability,
    condition: item.condition,
    price: `${item.price} ${item.currency}`,
    currency: item.currency,
    url: item.link,
    image_url: item.imageLink,
    brand: item.brand,
  };
}

type ItemError = { retailer_id: string; errors: { message: string }[] };

/** One batch request applied to the catalogue; an error for the item, or null. */
function applyRequest(catalogue: Catalogue, request: unknown, allowUpsert: boolean): ItemError | null {
  const r = isObj(request) ? request : {};
  const data = isObj(r.data) ? r.data : {};
  const retailerId = str(data.id) ?? str(data.retailer_id) ?? '';
  const fail = (message: string): ItemError => ({ retailer_id: retailerId, errors: [{ message }] });
  const method = str(r.method);
  if (!method || !(METHODS as readonly string[]).includes(method))
    return fail('method must be CREATE, UPDATE or DELETE');
  if (!retailerId) return fail('data.id (the retailer id) is required');
  const existing = catalogue.items.get(retailerId);
  if (method === 'DELETE') {
    catalogue.items.delete(retailerId);
    return null;
  }
  if (method === 'UPDATE' && !existing && !allowUpsert) return fail('item does not exist');
  const creating = !existing;
  if (creating) {
    const missing = REQUIRED.filter((f) => data[f] === undefined || data[f] === '');
    if (missing.length) return fail(`required fields missing: ${missing.join(', ')}`);
  } else if (method === 'CREATE') return fail('item with this retailer id already exists');
  const price = data.price !== undefined ? parsePrice(data.price) : null;
  if (data.price !== undefined && !price) return fail('price must be "<amount> <ISO currency>"');
  const availability = data.availability !== undefined ? str(data.availability) : undefined;
  if (availability !== undefined && !AVAILABILITY.includes(availability))
    return fail(`availability must be one of ${AVAILABILITY.join(', ')}`);
  const base: CatalogueItem = existing ?? {
    graphId: `${randomInt(1e6, 9e6)}${randomInt(1e8, 9e8)}`,
    retailerId,
    title: '',
    description: '',
    availability: 'in stock',
    condition: 'new',
    price: 0,
    currency: 'IDR',
    link: '',
    imageLink: '',
    brand: '',
  };
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  catalogue.items.set(retailerId, {
    graphId: base.graphId,
    retailerId,
    title: text(data.title, base.title),
    description: text(data.description, base.description),
    availability: availability ?? base.availability,
    condition: text(data.condition, base.condition),
    price: price?.price ?? base.price,
    currency: price?.currency ?? base.currency,
    link: text(data.link, base.link),
    imageLink: text(data.image_link, base.imageLink),
    brand: text(data.brand, base.brand),
  });
  return null;
}

/** Reads a Graph parameter that may come as JSON or as a JSON string (form-encoded calls). */
function jsonParam(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: { registry: NumberRegistry; auth: GraphAuth; catalogues: Catalogues },
): void {
  const { auth, catalogues } = deps;
  let handles = 0;

  /** The catalogue, when the token belongs to a number of the catalogue's WABA. */
  function ownCatalogue(req: Parameters<GraphAuth['authWaba']>[0], id: string, method: 'get' | 'post') {
    const c = catalogues.byId(id);
    if (!c) {
      // Still refuses a bad token first, as Graph does.
      auth.authWaba(req, `no-waba-${id}`, method);
      throw unknownObject(id, method);
    }
    auth.authWaba(req, c.wabaId, method);
    return c;
  }

  app.get<{ Params: { version: string; id: string } }>('/:version/:id/product_catalogs', async (req) => {
    checkVersion(req.params.version);
    auth.authWaba(req, req.params.id, 'get');
    const c = catalogues.ofWaba(req.params.id);
    return { data: [{ id: c.id, name: c.name }] };
  });

  app.post<{ Params: { version: string; id: string } }>('/:version/:id/items_batch', async (req) => {
    checkVersion(req.params.version);
    const c = ownCatalogue(req, req.params.id, 'post');
    const body: Obj = isObj(req.body) ? req.body : {};
    const q = (req.query ?? {}) as Obj;
    const itemType = str(body.item_type) ?? str(q.item_type);
    if (itemType !== 'PRODUCT_ITEM')
      throw invalidParam('(#100) Param item_type must be one of {PRODUCT_ITEM, …}', 'item_type');
    const requests = jsonParam(body.requests ?? q.requests);
    if (!Array.isArray(requests) || requests.length === 0)
      throw invalidParam('(#100) The parameter requests is required');
    if (requests.length > 5000) throw invalidParam('(#100) requests can contain up to 5000 items');
    const allowUpsert = (body.allow_upsert ?? q.allow_upsert) !== false && q.allow_upsert !== 'false';
    const errors = requests.map((r) => applyRequest(c, r, allowUpsert)).filter((e) => e !== null);
    handles += 1;
    return {
      handles: [`AczQ${String(handles).padStart(6, '0')}${c.id.slice(-6)}`],
      ...(errors.length ? { validation_status: errors } : {}),
    };
  });

  app.get<{ Params: { version: string; id: string } }>('/:version/:id/products', async (req) => {
    checkVersion(req.params.version);
    const c = ownCatalogue(req, req.params.id, 'get');
    return { data: [...c.items.values()].map((i) => productItemJson(i)) };
  });
}
