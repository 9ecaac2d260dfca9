import { randomBytes, randomInt } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { registerAuthRoutes } from './auth-routes.js';
import { createBuyerFeed } from './buyer-feed.js';
import { registerBuyerRoutes } from './buyer-routes.js';
import { createBuyerSends } from './buyer-sends.js';
import { registerChatRoutes } from './chat-routes.js';
import { registerCommerceRoutes } from './commerce-routes.js';
import { createPusher } from './pusher.js';
import { registerRecoveryRoutes } from './recovery-routes.js';
import { createState } from './state.js';
import type { ShopeeSimulator, ShopeeSimulatorOptions } from './types.js';

const FOUR_HOURS_MS = 4 * 3600_000;
const THIRTY_DAYS_MS = 30 * 86_400_000;

/**
 * Starts a Shopee Open Platform v2 simulator: one partner app (Sapa), shops, the seller's consent page and the
 * token endpoints (`auth-routes.ts`: access tokens of 4 h, single-use refresh tokens of 30 days), signed APIs
 * that refuse a wrong `sign` (`open-api.ts`), push settings and the seller chat send API (`chat-routes.ts`),
 * signed webchat pushes retried on a non-2xx answer (`pusher.ts`), the lost pushes and the chat pull
 * (`recovery-routes.ts`), and the buyer page (`/`).
 */
export async function startShopeeSimulator(options: ShopeeSimulatorOptions = {}): Promise<ShopeeSimulator> {
  let closed = false;
  let url = '';
  const partner = options.partner ?? {
    partnerId: 1_000_000 + randomInt(0, 8_999_999),
    partnerKey: randomBytes(32).toString('hex'),
  };
  const state = createState({
    partner,
    accessTokenTtlMs: options.accessTokenTtlMs ?? FOUR_HOURS_MS,
    refreshTokenTtlMs: options.refreshTokenTtlMs ?? THIRTY_DAYS_MS,
  });
  const feed = createBuyerFeed();
  const pusher = createPusher({
    state,
    retry: options.retry ?? { attempts: 4, baseDelayMs: 500 },
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    isClosed: () => closed,
  });
  const buyerSends = createBuyerSends({ state, feed, pusher, publicUrl: () => url });
  const stats = { apiCalls: 0, refusedSign: 0, throttled: 0, refreshed: 0 };
  function addOrder({
    shopId,
    buyer,
    items,
  }: {
    shopId: number;
    buyer: { username: string };
    items: { itemId: number; quantity: number }[];
  }) {
    const shop = state.shops.get(shopId);
    if (!shop || items.some((l) => !shop.items.has(l.itemId))) throw new Error('unknown shop or item');
    const orderSn = `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
    const buyerId = state.buyerIdOf(buyer.username);
    state.chatOf(shop, buyerId, buyer.username);
    shop.orders.set(orderSn, {
      orderSn,
      buyerId,
      status: 'READY_TO_SHIP',
      items,
      carrier: 'SPX Express',
      createdAt: Date.now(),
    });
    return orderSn;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 20 * 1024 * 1024,
    forceCloseConnections: true,
  });
  registerAuthRoutes(app, { state, stats });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  registerChatRoutes(app, {
    state,
    feed,
    stats,
    sendRatePerSecond: options.sendRatePerSecond,
    publicUrl: () => url,
  });
  registerRecoveryRoutes(app, { state, stats });
  registerCommerceRoutes(app, { state, stats });
  registerBuyerRoutes(app, { state, feed, buyerSends, addOrder });

  url = await listenAdvertised(app, options);

  return {
    url,
    apiBaseUrl: url,
    partner,
    async close() {
      if (closed) return;
      closed = true;
      pusher.close();
      feed.endAll();
      await app.close();
    },
    addShop(input) {
      const shop = state.addShop(input);
      return { shopId: shop.shopId, username: shop.username, name: shop.name };
    },
    async authorize({ authUrl, shopId }) {
      const page = await fetch(authUrl);
      const html = await page.text();
      const ticket = /name="ticket" value="([0-9a-f]+)"/.exec(html)?.[1];
      if (!page.ok || !ticket) throw new Error(`consent page refused: ${page.status} ${html}`);
      const confirm = await fetch(
        `${url}/api/v2/shop/auth_partner/confirm?ticket=${ticket}&shop_id=${shopId}`,
        {
          redirect: 'manual',
        },
      );
      const location = confirm.headers.get('location');
      if (confirm.status !== 302 || !location) throw new Error(`consent refused: ${confirm.status}`);
      return location;
    },
    buyerSends,
    items: (shopId) =>
      [...(state.shops.get(shopId)?.items.values() ?? [])].map((i) => ({
        itemId: i.itemId,
        name: i.name,
        price: i.price,
      })),
    addOrder,
    readUpTo: (shopId, buyerId) =>
      (state.shops.get(shopId)?.chats.get(buyerId)?.entries ?? []).filter((e) => e.read).map((e) => e.id),
    fileOf: (url) => state.files.get(/\/files\/([^/?#]+)$/.exec(url)?.[1] ?? ''),
    shopMessages: (shopId, buyerId) =>
      (state.shops.get(shopId)?.chats.get(buyerId)?.entries ?? []).flatMap((e) => (e.sent ? [e.sent] : [])),
    pushConfig: () => ({ callbackUrl: state.push.callbackUrl, codes: [...state.push.codes] }),
    expireAccessToken(shopId) {
      for (const grant of state.accessTokens.values())
        if (grant.shopId === shopId) grant.expiresAt = Date.now() - 1;
    },
    restoreTokens({ shopId, accessToken, refreshToken, expiresAt }) {
      state.accessTokens.set(accessToken, { shopId, expiresAt });
      if (!state.refreshTokens.has(refreshToken))
        state.refreshTokens.set(refreshToken, {
          shopId,
          expiresAt: Date.now() + (options.refreshTokenTtlMs ?? THIRTY_DAYS_MS),
        });
    },
    postSigned: (raw) => pusher.postSigned(raw),
    deliveredPushes: () => pusher.delivered(),
    lostPushes: () => state.lost.pushes.map((p) => ({ msgId: p.msgId, shopId: p.shopId, raw: p.data })),
    forgetLostPushes() {
      state.lost.pushes = [];
    },
    stats: () => {
      const p = pusher.stats();
      return { ...stats, pushAttempts: p.webhookAttempts, pushRetries: p.webhookRetries };
    },
    async idle() {
      while (!closed && pusher.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
