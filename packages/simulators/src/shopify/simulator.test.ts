import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shopifySignature } from '../signatures.js';
import { shopifyQueryHmac, startShopifySimulator } from './simulator.js';
import type { ShopifySimulator } from './types.js';

/** The Shopify simulator: OAuth grant, Admin REST with the token, signed webhooks and their retries. */

const APP = { clientId: 'app-id', clientSecret: 'shpss_secret' };
const SHOP = 'uji.myshopify.com';
const open: { sim?: ShopifySimulator; receiver?: Server }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sim?.close();
    await new Promise((r) => o.receiver?.close(r) ?? r(undefined));
  }
});

async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, raw });
      res.statusCode = statuses.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ receiver: server });
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function installed() {
  const sim = await startShopifySimulator({
    app: APP,
    shops: [{ domain: SHOP, name: 'Toko Uji' }],
    retry: { attempts: 3, baseDelayMs: 10 },
  });
  open.push({ sim });
  const approve = await fetch(`${sim.shopOrigin(SHOP)}/admin/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: APP.clientId,
      scope: 'read_orders',
      redirect_uri: 'http://127.0.0.1:1/cb',
      state: 'st',
      decision: 'install',
    }),
    redirect: 'manual',
  });
  const back = new URL(approve.headers.get('location') ?? '');
  const params = Object.fromEntries(back.searchParams);
  const token = await fetch(`${sim.shopOrigin(SHOP)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: APP.clientId, client_secret: APP.clientSecret, code: params.code }),
  });
  return { sim, params, token: (await token.json()) as { access_token: string }, status: token.status };
}

describe('Shopify simulator', () => {
  it('redirects with a signed code once the merchant approves, and exchanges it once', async () => {
    const { sim, params, token, status } = await installed();
    const { hmac, ...rest } = params;
    expect(hmac).toBe(shopifyQueryHmac(APP.clientSecret, rest));
    expect(params).toMatchObject({ shop: SHOP, state: 'st' });
    expect(status).toBe(200);
    expect(token.access_token).toMatch(/^shpat_/);
    expect(sim.tokens(SHOP)).toEqual([token.access_token]);
    const again = await fetch(`${sim.shopOrigin(SHOP)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: APP.clientId, client_secret: APP.clientSecret, code: params.code }),
    });
    expect(again.status).toBe(400);
  });

  it('answers the Admin API only with the token, and signs and retries order webhooks', async () => {
    const { sim, token } = await installed();
    const api = `${sim.shopOrigin(SHOP)}/admin/api/2025-07`;
    expect((await fetch(`${api}/shop.json`)).status).toBe(401);
    const shop = await fetch(`${api}/shop.json`, {
      headers: { 'x-shopify-access-token': token.access_token },
    });
    expect(((await shop.json()) as { shop: { name: string } }).shop.name).toBe('Toko Uji');
    const hook = await receiver([500]);
    const made = await fetch(`${api}/webhooks.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token.access_token },
      body: JSON.stringify({ webhook: { topic: 'orders/create', address: hook.url, format: 'json' } }),
    });
    expect(made.status).toBe(201);
    const order = sim.createOrder(SHOP, {
      customer: { firstName: 'Budi', phone: '+6281234567890' },
      items: [{ title: 'Kopi', quantity: 1, price: 25_000 }],
    });
    await sim.idle();
    expect(hook.got).toHaveLength(2);
    const [first, second] = hook.got;
    expect(second?.headers['x-shopify-webhook-id']).toBe(first?.headers['x-shopify-webhook-id']);
    expect(second?.headers['x-shopify-hmac-sha256']).toBe(
      shopifySignature(APP.clientSecret, second?.raw ?? ''),
    );
    expect(second?.headers).toMatchObject({
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': SHOP,
    });
    expect(JSON.parse(second?.raw ?? '{}')).toMatchObject({ name: order.name, phone: '+6281234567890' });
  });
});

describe('app store (a merchant installs the app; Shopify opens the App URL)', () => {
  it('creates the named shop and opens the App URL with shop, host, timestamp and a valid hmac', async () => {
    const sim = await startShopifySimulator({
      app: { ...APP, appUrl: 'https://sapa.test/api/shopify/install' },
    });
    open.push({ sim });
    expect(await (await fetch(`${sim.url}/app-store`)).text()).toContain('Install on a new shop');
    const res = await fetch(`${sim.url}/app-store/install`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Toko Shopify Baru', email: 'pemilik@baru.test' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin + url.pathname).toBe('https://sapa.test/api/shopify/install');
    const params = Object.fromEntries(url.searchParams);
    expect(params.shop).toBe('toko-shopify-baru.myshopify.com');
    expect(Math.abs(Number(params.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(params.hmac).toBe(shopifyQueryHmac(APP.clientSecret, params));
    expect(sim.shop('toko-shopify-baru.myshopify.com')).toMatchObject({
      name: 'Toko Shopify Baru',
      email: 'pemilik@baru.test',
    });
    // No name and no shop: the page again, with what is missing.
    const empty = await fetch(`${sim.url}/app-store/install`, {
      method: 'POST',
      body: new URLSearchParams({}),
    });
    expect(empty.status).toBe(422);
  });
});
