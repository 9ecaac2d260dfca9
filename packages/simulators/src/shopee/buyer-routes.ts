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
  deps: { state: SimState; feed: BuyerFeed; buyerSends: BuyerSends },
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

  async function sendFromPage(b: PageBody) {
    const { shop, buyer } = chatOf(b);
    if (!shop || !buyer) return refuse('Choose a shop and enter your Shopee username.');
    const file = uploadedFile(b);
    if (file && !file.mime.startsWith('image/')) return refuse('Only photos can be sent.');
    const text = str(b, file ? 'caption' : 'text');
    if (!file && !text.trim()) return refuse('Type a message or attach a photo.');
    const from = { username: buyer };
    const sent = [];
    if (file)
      sent.push(await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { image: file } }));
    if (text.trim())
      sent.push(await deps.buyerSends({ shopId: shop.shopId, buyer: from, message: { text } }));
    return { messageIds: sent.map((s) => s.messageId) };
  }
}
