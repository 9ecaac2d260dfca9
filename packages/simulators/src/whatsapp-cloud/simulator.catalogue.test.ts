import { describe, expect, it } from 'vitest';
import {
  asJ,
  CUSTOMER,
  closeAfterEach,
  inboundOf,
  PHONE_ID,
  setup,
  text,
  WABA,
  waitFor,
} from './simulator.fixture.js';

/** The WhatsApp Cloud simulator: the WABA's catalogue, product messages and the customer's order. */
closeAfterEach();

const item = (id: string, title: string, price: string) => ({
  method: 'UPDATE',
  data: {
    id,
    title,
    description: `${title} enak`,
    availability: 'in stock',
    condition: 'new',
    price,
    link: 'https://shop.example/p',
    image_link: 'https://shop.example/p.jpg',
    brand: 'Demo',
  },
});

describe('WhatsApp Cloud simulator: catalogue', () => {
  it('syncs items by retailer id, sends product messages and posts the customer order webhook', async () => {
    const { sim, receiver, graph, send } = await setup();
    const catalogs = await graph(`/${WABA}/product_catalogs`).then((r) => r.json().then(asJ));
    const catalogId = catalogs.data[0].id as string;
    expect(catalogId).toMatch(/^\d+$/);

    const batch = await graph(`/${catalogId}/items_batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        item_type: 'PRODUCT_ITEM',
        requests: [
          item('KOPI-1', 'Kopi Susu', '18000 IDR'),
          item('ROTI-1', 'Roti Bakar', '15000 IDR'),
          { method: 'CREATE', data: { id: 'BAD-1', title: 'No price' } },
        ],
      }),
    }).then((r) => r.json().then(asJ));
    expect(batch.handles).toHaveLength(1);
    expect(batch.validation_status).toEqual([
      { retailer_id: 'BAD-1', errors: [{ message: expect.stringContaining('price') }] },
    ]);
    const products = await graph(`/${catalogId}/products`).then((r) => r.json().then(asJ));
    expect(products.data.map((p: { retailer_id: string }) => p.retailer_id).sort()).toEqual([
      'KOPI-1',
      'ROTI-1',
    ]);

    // Another token's WABA cannot touch this catalogue.
    const foreign = await graph(`/${catalogId}/products`, { token: 'nope' });
    expect(foreign.status).toBe(401);

    await text(sim, 'ada menu?');
    const single = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'product',
        body: { text: 'Ini kopinya' },
        action: { catalog_id: catalogId, product_retailer_id: 'KOPI-1' },
      },
    });
    expect(single.status).toBe(200);
    const missing = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: { type: 'product', action: { catalog_id: catalogId, product_retailer_id: 'NOPE' } },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json().then(asJ)).error.code).toBe(131009);
    const noHeader = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'product_list',
        body: { text: 'Menu' },
        action: {
          catalog_id: catalogId,
          sections: [{ title: 'Semua', product_items: [{ product_retailer_id: 'KOPI-1' }] }],
        },
      },
    });
    expect(noHeader.status).toBe(400);
    const list = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'product_list',
        header: { type: 'text', text: 'Menu hari ini' },
        body: { text: 'Silakan pilih' },
        action: {
          catalog_id: catalogId,
          sections: [
            {
              title: 'Semua',
              product_items: [{ product_retailer_id: 'KOPI-1' }, { product_retailer_id: 'ROTI-1' }],
            },
          ],
        },
      },
    });
    expect(list.status).toBe(200);
    const shown = sim.conversation(PHONE_ID, CUSTOMER).at(-1);
    expect(shown?.products?.map((p) => [p.retailerId, p.price])).toEqual([
      ['KOPI-1', 18000],
      ['ROTI-1', 15000],
    ]);

    await sim.customerSends({
      phoneNumberId: PHONE_ID,
      from: CUSTOMER,
      name: 'Budi',
      message: {
        type: 'order',
        catalogId,
        text: 'tanpa gula',
        items: [
          { productRetailerId: 'KOPI-1', quantity: 2 },
          { productRetailerId: 'ROTI-1', quantity: 1 },
        ],
      },
    });
    const order = await waitFor(
      () => inboundOf(receiver.received).find((m) => m.type === 'order'),
      'order webhook',
    );
    expect(order.order).toEqual({
      catalog_id: catalogId,
      text: 'tanpa gula',
      product_items: [
        { product_retailer_id: 'KOPI-1', quantity: 2, item_price: 18000, currency: 'IDR' },
        { product_retailer_id: 'ROTI-1', quantity: 1, item_price: 15000, currency: 'IDR' },
      ],
    });
    await expect(
      sim.customerSends({
        phoneNumberId: PHONE_ID,
        from: CUSTOMER,
        name: 'Budi',
        message: { type: 'order', catalogId, items: [{ productRetailerId: 'NOPE', quantity: 1 }] },
      }),
    ).rejects.toThrow(/no product NOPE/);
  });
});
