import type { TokenPair } from '@sapa/contracts';
import { type ShopeeSimulator, startShopeeSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { freePort } from './telegram.js';

/**
 * The Shopee feature's preamble: the Shopee simulator playing Sapa's partner app (its partner id and key in the
 * server's env), a test server listening on a real port it advertises as its public URL (the push callback),
 * the shop `SHOP` connected by the business's owner through the API and the seller's consent. A second
 * business (`other`) proves tenant isolation.
 */
export const SHOP = { username: 'tokouji', name: 'Toko Uji' };

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: ShopeeSimulator;
export let accountId: string;
export let shopId: number;

/** Asks for the consent page (`POST /api/channel-accounts/shopee/authorize`) as `tokens`. */
export function authorizeShopee(tokens: TokenPair, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/shopee/authorize',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

/**
 * The whole connection as a person makes it: the dialog's store, Shopee's consent for `shop`, and the browser
 * coming back to Sapa; answers where Sapa then sends the browser (the channels page, `connected` or `error`).
 */
export async function connectShop(tokens: TokenPair, store: string, shop: number): Promise<URL> {
  const res = await authorizeShopee(tokens, { store });
  expect(res.statusCode, res.body).toBe(200);
  const back = new URL(await sim.authorize({ authUrl: res.json().authorizeUrl, shopId: shop }));
  const done = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(done.statusCode).toBe(303);
  return new URL(String(done.headers.location));
}

export async function useShopeeServer(options: { sendRatePerSecond?: number } = {}) {
  const port = await freePort();
  sim = await startShopeeSimulator({ retry: { attempts: 5, baseDelayMs: 100 }, ...options });
  useTestServer({
    business: 'Shopee',
    other: 'Lain',
    server: {
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SHOPEE_PARTNER_ID: String(sim.partner.partnerId),
        SHOPEE_PARTNER_KEY: sim.partner.partnerKey,
        SHOPEE_API_URL: sim.apiBaseUrl,
      },
    },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      await server.app.listen({ port, host: '127.0.0.1' });
      shopId = sim.addShop(SHOP).shopId;
      const back = await connectShop(owner, `https://shopee.co.id/${SHOP.username}?smtt=0.0.9`, shopId);
      expect(back.searchParams.get('connected')).toBe('SHP');
      const list = await server.app.inject({
        method: 'GET',
        url: '/api/channel-accounts',
        headers: bearer(owner),
      });
      accountId = list.json().items.find((a: { channel: string }) => a.channel === 'SHP').id;
    },
    beforeClose: () => sim?.close(),
  });
}
