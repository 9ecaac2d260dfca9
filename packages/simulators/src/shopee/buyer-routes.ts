import type { FastifyInstance } from 'fastify';
import { type PageBody, refuse, registerChatPageRoutes, str, uploadedFile } from '../chat-page-routes.js';
import { type BuyerFeed, pageEntryOf } from './buyer-feed.js';
import type { BuyerSends } from './buyer-sends.js';
import { buyerPageHtml } from './pages.js';
import type { SimState } from './state.js';

const USERNAME = /^[A-Za-z0-9._]{3,30}$/;

/** The buyer page (shops, a chat's entries, sending, photos, live feed). */
export function registerBuyerRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: BuyerFeed;
    buyerSends: BuyerSends;
    addOrder: (input: {
      shopId: number;
      buyer: { username: string };
      items: { itemId: number; quantity: number }[];
    }) => string;
  },
) {
  const { state } = deps;
  const chatOf = (q: PageBody | Record<string, string | undefined>) => {
    const shop = state.shops.get(Number(str(q, 'shopId')));
    const buyer = str(q, 'buyer').trim();
    return { shop, buyer: USERNAME.test(buyer) ? buyer : null };
  };

  registerChatPageRoutes(app, {
    html: buyerPageHtml,
    accounts: {
      path: 'buyer/shops',
      list: () =>
        [...state.shops.values()].map((s) => ({ shopId: s.shopId, name: s.name, username: s.username })),
    },
    history: {
      path: 'buyer/chat',
      entries: (q) => {
        const { shop, buyer } = chatOf(q);
        if (!shop || !buyer) return [];
        return shop.chats.get(state.buyerIdOf(buyer))?.entries.map(pageEntryOf) ?? [];
      },
    },
    send: (b) => sendFromPage(b),
    files: { path: 'files', get: (id) => state.files.get(id) },
    subscribe: (q, res) => {
      const { shop, buyer } = chatOf(q);
      if (!shop || !buyer) return () => {};
      return deps.feed.subscribe(shop.shopId, state.buyerIdOf(buyer), res);
    },
  });

  // The cards a buyer may share: the shop's products and the buyer's own orders there.
  app.get('/buyer/cards', async (req) => {
    const { shop, buyer } = chatOf((req.query ?? {}) as Record<string, string | undefined>);
    if (!shop) return [];
    const buyerId = buyer ? state.buyerIdOf(buyer) : null;
    return [
      ...[...shop.items.values()].map((i) => ({
        value: `item:${i.itemId}`,
        label: `Product: ${i.name} (Rp ${i.price.toLocaleString('id-ID')})`,
      })),
      ...[...shop.orders.values()]
        .filter((o) => o.buyerId === buyerId)
        .map((o) => ({ value: `order:${o.orderSn}`, label: `My order ${o.orderSn}` })),
    ];
  });

  // Like the marketplace's checkout: a buyer orders a product of the shop (the demo and tests; no payment).
  app.post('/console/orders', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const { shop, buyer } = chatOf({ shopId: String(b.shopId ?? ''), buyer: String(b.buyer ?? '') });
    const item = shop?.items.get(Number(b.itemId));
    if (!shop || !buyer || !item)
      return reply.code(400).send({ error: 'Choose a shop, a buyer and a product.' });
    const quantity = Number.isInteger(b.quantity) && Number(b.quantity) > 0 ? Number(b.quantity) : 1;
    return {
      orderSn: deps.addOrder({
        shopId: shop.shopId,
        buyer: { username: buyer },
        items: [{ itemId: item.itemId, quantity }],
      }),
    };
  });

  async function sendFromPage(b: PageBody) {
    const { shop, buyer } = chatOf(b);
    if (!shop || !buyer) return refuse('Choose a shop and enter your Shopee username.');
    const file = uploadedFile(b);
    if (file && !file.mime.startsWith('image/')) return refuse('Only photos can be sent.');
    const text = str(b, file ? 'caption' : 'text');
    if (!file && !text.trim()) return refuse('Type a message or attach a photo.');
    const from = { username: buyer };
    const sent = [];
    const card = /^(item|order):(.+)$/.exec(str(b, 'card'));
    if (card?.[1] === 'item' && shop.items.has(Number(card[2])))
      sent.push(
        await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { item: Number(card[2]) } }),
      );
    if (card?.[1] === 'order' && shop.orders.get(card[2]!)?.buyerId === state.buyerIdOf(buyer))
      sent.push(await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { order: card[2]! } }));
    if (file)
      sent.push(await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { image: file } }));
    if (text.trim())
      sent.push(await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { text } }));
    return { messageIds: sent.map((s) => s.messageId) };
  }
}
