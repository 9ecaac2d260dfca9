import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../../test/fixtures.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  biz,
  owner,
  server,
  shopId,
  sim,
  useShopeeServer,
} from '../../../../../test/servers/shopee.js';
import { waitFor } from '../../../../../test/wait-for.js';

await useShopeeServer();

const { inboundOf, reply, sentRow, upload } = channelInbox(() => ({
  server,
  clientId: biz.clientId,
  accountId,
  owner,
}));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function buyerWrites(username: string, text: string) {
  const sent = await sim.buyerSends({ shopId, buyer: { username }, message: { text } });
  return { sent, row: await inboundOf(sent.messageId) };
}

describe('Shopee agent photos (upload_image, then an image message)', () => {
  it('uploads the photo, sends it as an image message and its caption as text after it', async () => {
    const { sent, row } = await buyerWrites('pembeli.foto', 'Minta foto aslinya kak');
    const res = await reply(row.ticketId, {
      attachmentId: await upload(row.ticketId, PNG, 'asli.png'),
      text: 'Ini kak',
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = await sentRow(res.json().id, 'sent');
    const [image, caption] = sim.shopMessages(shopId, sent.buyerId);
    expect(image).toMatchObject({ messageType: 'image' });
    expect(sim.fileOf(String(image!.content.image_url))?.bytes.equals(PNG)).toBe(true);
    expect(caption).toMatchObject({ messageType: 'text', content: { text: 'Ini kak' } });
    expect(done.providerMessageId).toBe(image!.messageId);
  });

  it("refuses a photo over Shopee's 2 MB with the reason, and sends nothing", async () => {
    const { sent, row } = await buyerWrites('pembeli.besar', 'Fotonya yang besar');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await reply(row.ticketId, { attachmentId: await upload(row.ticketId, big, 'besar.png') });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'shopee.failed' });
    expect(sim.shopMessages(shopId, sent.buyerId)).toEqual([]);
  });
});

describe('Shopee read state (read_conversation)', () => {
  it("opening the chat reads the buyer's conversation up to their latest message", async () => {
    await buyerWrites('pembeli.baca', 'Halo');
    const { sent, row } = await buyerWrites('pembeli.baca', 'Sudah dibaca?');
    expect(sim.readUpTo(shopId, sent.buyerId)).toEqual([]);
    const opened = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${row.ticketId}/read`,
      headers: bearer(owner),
      payload: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitFor(async () => sim.readUpTo(shopId, sent.buyerId).includes(sent.messageId));
    expect(sim.readUpTo(shopId, sent.buyerId)).toHaveLength(2);
  });
});

describe('the order and product beside a Shopee chat (GET /api/tickets/:id/marketplace)', () => {
  const contextOf = (ticketId: string, tokens = owner) =>
    server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}/marketplace`,
      headers: bearer(tokens),
    });

  it("reads the buyer's order and the product they asked about from Shopee", async () => {
    const buyer = { username: 'pembeli.pesanan' };
    const { row } = await buyerWrites(buyer.username, 'Halo kak');
    expect((await contextOf(row.ticketId)).json()).toEqual({ order: null, product: null });
    const [kaos, tas] = sim.items(shopId);
    const orderSn = sim.addOrder({
      shopId,
      buyer,
      items: [
        { itemId: kaos!.itemId, quantity: 2 },
        { itemId: tas!.itemId, quantity: 1 },
      ],
    });
    const order = await sim.buyerSends({ shopId, buyer, message: { order: orderSn } });
    const product = await sim.buyerSends({ shopId, buyer, message: { item: tas!.itemId } });
    await inboundOf(order.messageId);
    await inboundOf(product.messageId);
    const res = await contextOf(row.ticketId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      order: {
        orderSn,
        status: 'READY_TO_SHIP',
        currency: 'IDR',
        total: 2 * kaos!.price + tas!.price,
        items: [
          { name: kaos!.name, quantity: 2, price: kaos!.price },
          { name: tas!.name, quantity: 1, price: tas!.price },
        ],
        shipping: 'SPX Express',
      },
      product: {
        itemId: String(tas!.itemId),
        name: tas!.name,
        status: 'NORMAL',
        currency: 'IDR',
        price: tas!.price,
        stock: 20,
      },
    });
  });
});
