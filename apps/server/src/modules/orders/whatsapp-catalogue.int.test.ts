import { randomUUID } from 'node:crypto';
import { type CartResponse, type TokenPair, translate } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import type { makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { customerWritesIn, startSimulatedBusiness } from '../../../test/whatsapp-simulator.js';
import { messages, tickets } from '../conversations/conversations.schema.js';

/**
 * The WhatsApp catalogue (issue 19 §4) and the chat's cart (000 §2 create-transaction panel, §4) on real
 * PostgreSQL against the WhatsApp simulator: the catalogue synced by retailer id = SKU, single- and
 * multi-product messages, the customer's `order` webhook becoming the chat's cart; each business sees only
 * its own.
 */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
const number = {
  phoneNumberId: '106540352247929',
  wabaId: '102290129347929',
  displayPhoneNumber: '6281100007929',
  accessToken: 'sim-access-token-wa-catalogue',
  appSecret: 'sim-app-secret-wa-catalogue',
};
const tag = randomUUID().slice(0, 6).toUpperCase();
const SKU_KOPI = `KOPI-${tag}`;
const SKU_ROTI = `ROTI-${tag}`;
const ids: { kopi: string; roti: string; noSku: string; sizeGroup: string; large: string } = {
  kopi: '',
  roti: '',
  noSku: '',
  sizeGroup: '',
  large: '',
};

beforeAll(async () => {
  ({ server, sim, biz, owner, contactOnly, otherOwner } = await startSimulatedBusiness(
    'Toko Katalog',
    'Toko Katalog Lain',
    number,
  ));
  agent = await signInFresh(server.app, biz.agent.email);
}, 180_000);
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const api = apiClient(() => server.app);

async function photo() {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/product-photos',
    headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'image/jpeg' },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

async function product(body: Record<string, unknown>, withPhoto = true) {
  const photoIds = withPhoto ? [await photo()] : [];
  const res = await api('POST', '/api/products', owner, { type: 'non_physical', photoIds, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let customers = 0;
const openChat = () =>
  customerWritesIn(
    { server, sim, clientId: biz.clientId, phoneNumberId: number.phoneNumberId },
    { waId: `62813929${String(++customers).padStart(4, '0')}`, name: 'Rina', text: 'Ada menu apa?' },
  );

describe('WhatsApp catalogue sync (retailer id = SKU)', () => {
  it('sends every product with a SKU to the number’s catalogue; another business sees none of it', async () => {
    const kopi = await product({
      name: 'Kopi Susu',
      sku: SKU_KOPI,
      price: 18_000,
      description: 'Kopi susu gula aren',
      variantGroups: [
        {
          name: 'Ukuran',
          required: true,
          options: [
            { name: 'Regular', extraPrice: 0, available: false },
            { name: 'Large', extraPrice: 5_000 },
          ],
        },
      ],
    });
    ids.kopi = kopi.id;
    ids.sizeGroup = kopi.variantGroups[0].id;
    ids.large = kopi.variantGroups[0].options[1].id;
    ids.roti = (await product({ name: 'Roti Bakar', sku: SKU_ROTI, price: 15_000 })).id;
    ids.noSku = (await product({ name: 'Tanpa SKU', price: 1_000 })).id;
    const noPhoto = (await product({ name: 'Tanpa Foto', sku: `FOTO-${tag}`, price: 1_000 }, false)).id;

    const before = await api('GET', '/api/whatsapp-catalogue', owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().account).not.toBeNull();
    const stateOf = (body: { items: { productId: string; state: string }[] }, id: string) =>
      body.items.find((i) => i.productId === id)?.state;
    expect(stateOf(before.json(), ids.kopi)).toBe('pending');
    expect(stateOf(before.json(), ids.noSku)).toBe('noSku');
    expect(stateOf(before.json(), noPhoto)).toBe('noPhoto');

    // Syncing needs WHATSAPP_CATALOGUE UPDATE.
    expect((await api('POST', '/api/whatsapp-catalogue/sync', contactOnly)).statusCode).toBe(403);
    const synced = await api('POST', '/api/whatsapp-catalogue/sync', owner);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(stateOf(synced.json(), ids.kopi)).toBe('synced');
    expect(stateOf(synced.json(), ids.roti)).toBe('synced');
    const catalogue = sim.catalogue(number.wabaId);
    expect(synced.json().catalogId).toBe(catalogue.id);
    expect(catalogue.items.map((i) => [i.retailerId, i.title, i.price, i.currency]).sort()).toEqual([
      [SKU_KOPI, 'Kopi Susu', 18_000, 'IDR'],
      [SKU_ROTI, 'Roti Bakar', 15_000, 'IDR'],
    ]);
    // The image WhatsApp fetches is the product's photo behind a signed public link; a forged one is 404.
    const image = new URL(catalogue.items[0]!.imageLink);
    expect(
      (await server.app.inject({ method: 'GET', url: `${image.pathname}${image.search}` })).statusCode,
    ).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: `${image.pathname}?s=forged` })).statusCode).toBe(
      404,
    );

    // An edit makes the product pending again; a product that stops selling goes out of stock there.
    await api('POST', '/api/products/bulk-status', owner, { ids: [ids.roti], active: false });
    const edited = (await api('GET', '/api/whatsapp-catalogue', owner)).json();
    expect(stateOf(edited, ids.roti)).toBe('pending');
    await api('POST', '/api/whatsapp-catalogue/sync', owner);
    expect(sim.catalogue(number.wabaId).items.find((i) => i.retailerId === SKU_ROTI)?.availability).toBe(
      'out of stock',
    );
    await api('POST', '/api/products/bulk-status', owner, { ids: [ids.roti], active: true });
    await api('POST', '/api/whatsapp-catalogue/sync', owner);

    // 000 §7 by retailer id; another business has no such product and no catalogue.
    const byRetailer = await api(
      'GET',
      `/api/product-catalog/items/by-retailerid/${SKU_KOPI.toLowerCase()}`,
      agent,
    );
    expect(byRetailer.statusCode, byRetailer.body).toBe(200);
    expect(byRetailer.json().id).toBe(ids.kopi);
    expect(
      (await api('GET', `/api/product-catalog/items/by-retailerid/${SKU_KOPI}`, otherOwner)).statusCode,
    ).toBe(404);
    const theirs = (await api('GET', '/api/whatsapp-catalogue', otherOwner)).json();
    expect(theirs).toMatchObject({ account: null, catalogId: null, items: [] });
    const refused = await api('POST', '/api/whatsapp-catalogue/sync', otherOwner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(translate('waCatalogue.noAccount', 'en'));
  });
});

describe('product messages and the customer’s catalogue order', () => {
  it('sends single- and multi-product messages; the order webhook becomes the chat’s cart', async () => {
    const { waId, ticketId } = await openChat();
    const single = await api('POST', `/api/tickets/${ticketId}/product-messages`, agent, {
      productIds: [ids.kopi],
      body: 'Ini kopi andalan kami',
      clientMessageId: randomUUID(),
    });
    expect(single.statusCode, single.body).toBe(200);
    // A multi-product message needs WhatsApp's header.
    const noHeader = await api('POST', `/api/tickets/${ticketId}/product-messages`, agent, {
      productIds: [ids.kopi, ids.roti],
      body: 'Menu',
      clientMessageId: randomUUID(),
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(translate('waCatalogue.headerRequired', 'en'));
    // A product the catalogue does not hold cannot be sent.
    const notSynced = await api('POST', `/api/tickets/${ticketId}/product-messages`, agent, {
      productIds: [ids.noSku],
      clientMessageId: randomUUID(),
    });
    expect(notSynced.statusCode).toBe(400);
    const list = await api('POST', `/api/tickets/${ticketId}/product-messages`, agent, {
      productIds: [ids.kopi, ids.roti],
      header: 'Menu hari ini',
      body: 'Silakan dipilih',
      clientMessageId: randomUUID(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const sent = await waitFor(async () => {
      const conv = sim.conversation(number.phoneNumberId, waId).filter((m) => m.type === 'interactive');
      return conv.length === 2 && conv;
    });
    expect((sent[0]!.request as { interactive: unknown }).interactive).toEqual({
      type: 'product',
      body: { text: 'Ini kopi andalan kami' },
      action: { catalog_id: sim.catalogue(number.wabaId).id, product_retailer_id: SKU_KOPI },
    });
    expect(sent[1]!.products?.map((p) => p.retailerId)).toEqual([SKU_KOPI, SKU_ROTI]);
    // Another business cannot send into this chat.
    const foreign = await api('POST', `/api/tickets/${ticketId}/product-messages`, otherOwner, {
      productIds: [ids.kopi],
      clientMessageId: randomUUID(),
    });
    expect(foreign.statusCode).toBe(404);

    // The customer orders from the catalogue: the real `type: order` webhook.
    const { messageId } = await sim.customerSends({
      phoneNumberId: number.phoneNumberId,
      from: waId,
      name: 'Rina',
      message: {
        type: 'order',
        catalogId: sim.catalogue(number.wabaId).id,
        text: 'Antar sore ya',
        items: [
          { productRetailerId: SKU_KOPI, quantity: 2 },
          { productRetailerId: SKU_ROTI, quantity: 1 },
        ],
      },
    });
    const cart = await waitFor(async (): Promise<CartResponse | false> => {
      const res = await api('GET', `/api/tickets/${ticketId}/cart`, agent);
      return res.json().draft ? (res.json() as CartResponse) : false;
    });
    if (!cart.draft) throw new Error('no draft');
    expect(cart.source).toBe('catalogue');
    expect(cart.draft.items).toEqual([
      { productId: ids.kopi, quantity: 2, choice: { [ids.sizeGroup]: [ids.large] }, note: null },
      { productId: ids.roti, quantity: 1, choice: {}, note: null },
    ]);
    expect(cart.draft.note).toBe('Antar sore ya');
    expect(cart.products.map((p: { id: string }) => p.id).sort()).toEqual([ids.kopi, ids.roti].sort());
    const [stored] = await server.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, messageId)));
    expect(stored).toMatchObject({ type: 'order', direction: 'in' });
    expect(stored?.payload).toMatchObject({
      items: [
        { retailerId: SKU_KOPI, quantity: 2, itemPrice: 18_000, currency: 'IDR' },
        { retailerId: SKU_ROTI, quantity: 1, itemPrice: 15_000, currency: 'IDR' },
      ],
    });
    // The chat's last-message line reads as an order, not raw markup (ticket list, inbox, push).
    const [row] = await server.deps.db
      .select({ preview: tickets.lastMessagePreview })
      .from(tickets)
      .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
    expect(row?.preview).toBe('🛒 Pesanan (2 produk) Antar sore ya');

    // The cart is the chat's: another business gets 404, a user without the panel 403.
    expect((await api('GET', `/api/tickets/${ticketId}/cart`, otherOwner)).statusCode).toBe(404);
    expect((await api('PUT', `/api/tickets/${ticketId}/cart`, otherOwner, cart.draft)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/tickets/${ticketId}/cart`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', `/api/tickets/${ticketId}/cart`, contactOnly)).statusCode).toBe(403);

    // The agent edits it (kept across reloads), then discards it (000 §4).
    const edited = { ...cart.draft, items: [{ ...cart.draft.items[1], quantity: 3 }] };
    const saved = await api('PUT', `/api/tickets/${ticketId}/cart`, agent, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await api('GET', `/api/tickets/${ticketId}/cart`, owner)).json().draft.items).toEqual([
      { productId: ids.roti, quantity: 3, choice: {}, note: null },
    ]);
    const bad = await api('PUT', `/api/tickets/${ticketId}/cart`, agent, {
      ...edited,
      items: [{ productId: ids.roti, quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(translate('orders.quantityInvalid', 'en'));
    expect((await api('DELETE', `/api/tickets/${ticketId}/cart`, agent)).statusCode).toBe(200);
    expect((await api('GET', `/api/tickets/${ticketId}/cart`, agent)).json().draft).toBeNull();
  });

  it('creating the transaction ends the chat’s cart', async () => {
    const { ticketId } = await openChat();
    const draft = {
      items: [{ productId: ids.roti, quantity: 1, choice: {}, note: null }],
      requestId: randomUUID(),
      delivery: 'pickup',
    };
    expect((await api('PUT', `/api/tickets/${ticketId}/cart`, agent, draft)).statusCode).toBe(200);
    const created = await api('POST', `/api/tickets/${ticketId}/transactions`, agent, {
      clientRequestId: draft.requestId,
      customerName: 'Rina',
      items: draft.items,
      delivery: 'pickup',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await api('GET', `/api/tickets/${ticketId}/cart`, agent)).json().draft).toBeNull();
  });
});
