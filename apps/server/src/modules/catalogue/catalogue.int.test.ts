import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** The catalogue (001 §2 Products, §3, §5; 000 §6 ID only, §9 weight) on real PostgreSQL. */
let server: TestServer;
let owner: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;
let foreignOwner: TokenPair;

beforeAll(async () => {
  server = await startTestServer();
  const biz = await makeBusiness(server.deps.db, 'Toko Katalog');
  const other = await makeBusiness(server.deps.db, 'Toko Lain');
  const foreign = await makeBusiness(server.deps.db, 'Kedai Singapura');
  // 000 §6: products and categories are ID-country only; this business is in Singapore.
  await server.deps.db.update(clients).set({ countryDefault: 'SG' }).where(eq(clients.id, foreign.clientId));
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  foreignOwner = await signInFresh(server.app, foreign.owner.email);
  // Three businesses and four sign-ins: on PGlite under a loaded machine this passes the default hook limit.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const api = apiClient(() => server.app);

const image = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    [format]()
    .toBuffer();

async function upload(tokens: TokenPair, bytes: Buffer, type = 'image/jpeg') {
  return server.app.inject({
    method: 'POST',
    url: '/api/product-photos?name=foto.jpg',
    headers: { ...bearer(tokens), 'content-type': type, 'accept-language': 'en' },
    payload: bytes,
  });
}

const kopi = (extra: Record<string, unknown> = {}) => ({
  name: 'Kopi Susu Gula Aren',
  price: 18000,
  type: 'physical',
  weight: 0.25,
  weightUnit: 'kg',
  sku: 'KOPI-001',
  variantGroups: [
    {
      name: 'Ukuran',
      required: true,
      multiple: false,
      options: [
        { name: 'Regular', extraPrice: 0 },
        { name: 'Large', extraPrice: 5000 },
      ],
    },
    {
      name: 'Topping',
      multiple: true,
      options: [
        { name: 'Boba', extraPrice: 3000 },
        { name: 'Jelly', extraPrice: 2000, available: false },
      ],
    },
  ],
  ...extra,
});

describe('categories', () => {
  it('adds, renames, hides, refuses a duplicate name, and lists with product counts', async () => {
    const made = await api('POST', '/api/product-categories', owner, { name: 'Minuman' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Minuman', displayed: true, productCount: 0 });
    const dup = await api('POST', '/api/product-categories', owner, { name: ' minuman ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'This category name is already used.' });
    const renamed = await api('PUT', `/api/product-categories/${made.json().id}`, owner, {
      name: 'Minuman Dingin',
      displayed: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Minuman Dingin', displayed: false });
    const empty = await api('POST', '/api/product-categories', owner, { name: '  ' }, 'id');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: 'Kolom ini wajib diisi' });
  });

  it('never deletes a category in use silently: 409, then move its products or leave them without one', async () => {
    const from = (await api('POST', '/api/product-categories', owner, { name: 'Lama' })).json();
    const to = (await api('POST', '/api/product-categories', owner, { name: 'Baru' })).json();
    const product = (
      await api('POST', '/api/products', owner, {
        name: 'Voucher',
        price: 50000,
        type: 'non_physical',
        categoryId: from.id,
      })
    ).json();
    const listed = (await api('GET', '/api/product-categories', owner)).json().items;
    expect(listed.find((c: { id: string }) => c.id === from.id).productCount).toBe(1);
    expect(listed.find((c: { id: string }) => c.id === to.id).productCount).toBe(0);
    const refused = await api('DELETE', `/api/product-categories/${from.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Move them to another category/);
    const moved = await api('DELETE', `/api/product-categories/${from.id}?moveTo=${to.id}`, owner);
    expect(moved.json()).toEqual({ ok: true, movedProducts: 1 });
    expect((await api('GET', `/api/products/${product.id}`, owner)).json().categoryId).toBe(to.id);
    const left = await api('DELETE', `/api/product-categories/${to.id}?leaveEmpty=true`, owner);
    expect(left.json()).toEqual({ ok: true, movedProducts: 1 });
    expect((await api('GET', `/api/products/${product.id}`, owner)).json().categoryId).toBeNull();
  });
});

describe('products', () => {
  it('adds a product with two variant groups, a photo and a weight in kg kept as grams', async () => {
    const photo = await upload(owner, await image(2400, 1200));
    expect(photo.statusCode, photo.body).toBe(200);
    const category = (await api('POST', '/api/product-categories', owner, { name: 'Kopi' })).json();
    const res = await api(
      'POST',
      '/api/products',
      owner,
      kopi({ categoryId: category.id, photoIds: [photo.json().id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    expect(product).toMatchObject({
      name: 'Kopi Susu Gula Aren',
      categoryName: 'Kopi',
      weight: 0.25,
      weightUnit: 'kg',
      weightGrams: 250,
      active: true,
      variantGroupCount: 2,
      thumbnailUrl: `/api/product-photos/${photo.json().id}?size=thumb`,
    });
    expect(product.variantGroups[1].options[1]).toMatchObject({ name: 'Jelly', available: false });
    // The thumbnail is resized; the kept photo is scaled down to 1600 px.
    const thumb = await server.app.inject({
      method: 'GET',
      url: product.thumbnailUrl,
      headers: bearer(owner),
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 240, height: 240 });
    const full = await server.app.inject({
      method: 'GET',
      url: product.photos[0].url,
      headers: bearer(owner),
    });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1600, height: 800 });

    // Editing keeps the ids of the groups and options it keeps (a cart may name them).
    const edited = await api('PUT', `/api/products/${product.id}`, owner, {
      ...kopi({ photoIds: [photo.json().id] }),
      variantGroups: [product.variantGroups[0]],
      weight: 300,
      weightUnit: 'g',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().variantGroups).toEqual([product.variantGroups[0]]);
    expect(edited.json().weightGrams).toBe(300);
  });

  it.each([
    [{ name: '' }, 'name', 'Kolom ini wajib diisi'],
    [{ price: -1 }, 'price', 'Masukkan harga dalam rupiah bulat, 0 atau lebih.'],
    [{ price: 10.5 }, 'price', 'Masukkan harga dalam rupiah bulat, 0 atau lebih.'],
    [{ weight: null }, 'weight', 'Berat wajib diisi untuk produk fisik.'],
    [{ weight: 1001, weightUnit: 'kg' }, 'weight', 'Masukkan berat antara 1 g dan 1.000 kg.'],
    [{ website: 'toko.id' }, 'website', 'Masukkan situs web yang diawali http:// atau https://'],
    [
      {
        variantGroups: ['A', 'B', 'C', 'D'].map((name) => ({ name, options: [{ name: 'x' }] })),
      },
      'variantGroups',
      'Produk dapat memiliki maksimal 3 grup varian.',
    ],
    [
      { variantGroups: [{ name: 'A', options: Array.from({ length: 11 }, (_, i) => ({ name: `o${i}` })) }] },
      'variantGroups.0.options',
      'Grup varian dapat memiliki maksimal 10 opsi.',
    ],
  ])('refuses %j with the translated message on the field', async (patch, field, message) => {
    const res = await api('POST', '/api/products', owner, kopi({ sku: null, ...patch }), 'id');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('keeps SKUs unique per business (ignoring case), not across businesses', async () => {
    const first = await api('POST', '/api/products', owner, kopi({ sku: 'UNIK-1' }));
    expect(first.statusCode).toBe(200);
    const again = await api('POST', '/api/products', owner, kopi({ sku: 'unik-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This SKU is already used by another product.' });
    expect((await api('POST', '/api/products', otherOwner, kopi({ sku: 'UNIK-1' }))).statusCode).toBe(200);
  });

  it("refuses another business's category or photo in the body", async () => {
    const theirs = (await api('POST', '/api/product-categories', otherOwner, { name: 'Milik Lain' })).json();
    const res = await api('POST', '/api/products', owner, kopi({ sku: null, categoryId: theirs.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ categoryId: 'This category no longer exists.' });
    const photo = (await upload(otherOwner, await image(50, 50, 'png'), 'image/png')).json();
    const withPhoto = await api('POST', '/api/products', owner, kopi({ sku: null, photoIds: [photo.id] }));
    expect(withPhoto.statusCode).toBe(400);
    expect(withPhoto.json().fields).toEqual({
      photoIds: 'This photo is no longer available. Upload it again.',
    });
  });

  it('refuses a file that is no photo, by its bytes', async () => {
    const res = await upload(owner, Buffer.from('%PDF-1.4 not an image'), 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The photo must be a JPG, PNG or WEBP image.');
  });

  it('searches by name or SKU, filters, and pages by keyset without repeats', async () => {
    const category = (await api('POST', '/api/product-categories', owner, { name: 'Roti' })).json();
    for (let i = 0; i < 7; i++)
      await api('POST', '/api/products', owner, {
        name: `Roti Sobek ${i}`,
        price: 10000 + i,
        type: 'non_physical',
        sku: `ROTI-${i}`,
        categoryId: category.id,
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api(
        'GET',
        `/api/products?categoryId=${category.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        owner,
      );
      seen.push(...page.json().items.map((p: { name: string }) => p.name));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Roti Sobek ${i}`));
    const bySku = await api('GET', '/api/products?search=roti-4', owner);
    expect(bySku.json().items.map((p: { name: string }) => p.name)).toEqual(['Roti Sobek 4']);
    const literal = await api('GET', `/api/products?search=${encodeURIComponent('%')}`, owner);
    expect(literal.json().items).toEqual([]);
    const forged = await api('GET', '/api/products?cursor=bm90LWEtY3Vyc29y', owner);
    expect(forged.statusCode).toBe(400);
  });

  it('activates, deactivates and deletes in bulk, only the business own products', async () => {
    const mine = await Promise.all(
      [1, 2].map(async (i) =>
        (
          await api('POST', '/api/products', owner, { name: `Bulk ${i}`, price: 1, type: 'non_physical' })
        ).json(),
      ),
    );
    const theirs = (
      await api('POST', '/api/products', otherOwner, { name: 'Bulk lain', price: 1, type: 'non_physical' })
    ).json();
    const ids = [...mine.map((p) => p.id), theirs.id];
    const off = await api('POST', '/api/products/bulk-status', owner, { ids, active: false });
    expect(off.json()).toEqual({ changed: 2 });
    const inactive = await api('GET', '/api/products?status=inactive&search=Bulk', owner);
    expect(inactive.json().items).toHaveLength(2);
    expect((await api('GET', `/api/products/${theirs.id}`, otherOwner)).json().active).toBe(true);
    const gone = await api('POST', '/api/products/bulk-delete', owner, { ids });
    expect(gone.json()).toEqual({ deleted: 2 });
    expect((await api('GET', `/api/products/${theirs.id}`, otherOwner)).statusCode).toBe(200);
    expect((await api('GET', `/api/products/${mine[0].id}`, owner)).statusCode).toBe(404);
  });

  it("answers 404 for another business's product, photo and category", async () => {
    const theirs = (
      await api('POST', '/api/products', otherOwner, { name: 'Rahasia', price: 1, type: 'non_physical' })
    ).json();
    const category = (await api('POST', '/api/product-categories', otherOwner, { name: 'Rahasia' })).json();
    const photo = (await upload(otherOwner, await image(40, 40))).json();
    for (const [method, url] of [
      ['GET', `/api/products/${theirs.id}`],
      ['DELETE', `/api/products/${theirs.id}`],
      ['GET', `/api/product-photos/${photo.id}`],
      ['DELETE', `/api/product-categories/${category.id}`],
    ] as const)
      expect((await api(method, url, owner)).statusCode, url).toBe(404);
    const list = await api('GET', '/api/products?search=Rahasia', owner);
    expect(list.json().items).toEqual([]);
  });
});

describe('access (000 §6)', () => {
  it('lets a customer-service agent list and add products (their fixed list)', async () => {
    expect((await api('GET', '/api/products', agent)).statusCode).toBe(200);
    expect((await api('GET', '/api/product-categories', agent)).statusCode).toBe(200);
  });

  it('refuses every catalogue route to a business outside Indonesia (ID only)', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/products', undefined],
      ['POST', '/api/products', kopi({ sku: null })],
      ['GET', '/api/product-categories', undefined],
      ['POST', '/api/product-categories', { name: 'Drinks' }],
      ['POST', '/api/products/bulk-status', { ids: [crypto.randomUUID()], active: false }],
    ] as const) {
      const res = await api(method, url, foreignOwner, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You have no permission to access this menu.');
    }
    const photo = await upload(foreignOwner, await image(40, 40));
    expect(photo.statusCode).toBe(403);
  });
});
