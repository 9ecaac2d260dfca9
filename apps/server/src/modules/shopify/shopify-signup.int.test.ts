import type { SignUpState } from '@sapa/contracts';
import {
  type ShopifySimulator,
  shopifyQueryHmac,
  startShopifySimulator,
  startWhatsappCloudSimulator,
  type WhatsappCloudSimulator,
} from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { partnerFileWith, sapaProfile } from '../../../test/partner-profile.js';
import { freePort } from '../../../test/servers/telegram.js';
import { signUpCodeOnPhone } from '../../../test/sign-up-helpers.js';
import { signUps } from '../signup/signup.schema.js';
import { shopifyInstalls, shopifyStores } from './shopify.schema.js';

/**
 * Sign-up via Shopify (000 §2 /sign-up-shopify, 000 §8 'shopify.signUpFailed'): the merchant installs Sapa from
 * the simulator's app store, Shopify opens the App URL, the authorize page is approved, and the callback hands
 * the install to the sign-up, which claims it once when it completes. The partner does not require WhatsApp at
 * sign-up here (the step is skipped), so the journey stays on Shopify.
 */
const APP = { clientId: 'sapa-signup-app', clientSecret: 'shpss_signup_secret_0123456789' };
const PLATFORM = {
  phoneNumberId: '109000000000999',
  wabaId: '209000000000999',
  displayPhoneNumber: '6281100000999',
  accessToken: 'platform-sender-token-shopify',
  appSecret: 'platform-app-secret-shopify',
};
const STORE = {
  address: 'Jl. Braga 1, Bandung',
  businessFields: ['FASHION'],
  businessType: 'INDIVIDUAL',
  mode: 'ONLINE_SHOP',
};

let server: TestServer;
let shopify: ShopifySimulator;
let wa: WhatsappCloudSimulator;
let base: string;
let seq = 0;

beforeAll(async () => {
  const partner = partnerFileWith(sapaProfile().code, { wabaRequired: false });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  shopify = await startShopifySimulator({
    app: { ...APP, appUrl: `${base}/api/shopify/install` },
    shops: [{ domain: 'toko-pasang.myshopify.com', name: 'Toko Pasang', email: 'pemilik@toko-pasang.test' }],
  });
  wa = await startWhatsappCloudSimulator({ port: 0 });
  wa.registerNumber({ ...PLATFORM, webhookUrl: 'http://127.0.0.1:9/unused', businessName: 'Sapa' });
  server = await startTestServer({
    work: true,
    env: {
      PARTNER_CONFIG: partner,
      PUBLIC_URL: base,
      SHOPIFY_CLIENT_ID: APP.clientId,
      SHOPIFY_CLIENT_SECRET: APP.clientSecret,
      SHOPIFY_SHOP_ORIGIN: `${shopify.url}/shops/{shop}`,
      PLATFORM_WHATSAPP_PHONE_NUMBER_ID: PLATFORM.phoneNumberId,
      PLATFORM_WHATSAPP_ACCESS_TOKEN: PLATFORM.accessToken,
      PLATFORM_WHATSAPP_GRAPH_URL: wa.graphBaseUrl,
    },
  });
  await server.app.listen({ port, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await shopify?.close();
  await wa?.close();
  await server?.close();
});

const post = (url: string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'accept-language': 'en' },
  });
const redirectOf = async (url: string) =>
  (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';

/** A new shop on the simulator (each test its own). */
function newShop() {
  seq += 1;
  const handle = `toko-daftar-${Date.now().toString(36)}-${seq}`;
  return shopify.createShop({
    domain: `${handle}.myshopify.com`,
    name: `Toko Daftar ${seq}`,
    email: `${handle}@example.com`,
  });
}

/** The merchant approves Sapa on the authorize page the App URL sent them to; answers where the callback sends them. */
async function approve(authorizeUrl: string): Promise<string> {
  const authorize = new URL(authorizeUrl);
  const form = new URLSearchParams({ decision: 'install' });
  for (const k of ['client_id', 'scope', 'redirect_uri', 'state'])
    form.set(k, authorize.searchParams.get(k) ?? '');
  const approved = await fetch(authorize.origin + authorize.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return redirectOf(approved.headers.get('location') ?? '');
}

/** The whole install from the app store: App URL → authorize page → callback. Answers the install token. */
async function install(domain: string): Promise<string> {
  const authorize = await redirectOf(shopify.installUrl(domain));
  expect(authorize).toContain(`/shops/${domain}/admin/oauth/authorize`);
  const landing = new URL(await approve(authorize));
  expect(landing.pathname).toBe('/sign-up-shopify');
  return landing.searchParams.get('install') ?? '';
}

const codeOnPhone = (phone: string) => signUpCodeOnPhone(wa, PLATFORM.phoneNumberId, phone);

/** A sign-up started with the install, its phone verified and store saved, the WhatsApp step skipped. */
async function signUpWith(installToken: string, storeName: string) {
  seq += 1;
  const phone = `6285${String(Date.now()).slice(-7)}${seq % 10}`;
  const email = `shopify-${Date.now()}-${seq}@example.com`;
  const started = await post('/api/sign-up/account', {
    phone,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    shopifyInstall: installToken,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { token } = started.json() as SignUpState;
  await post('/api/sign-up/otp/verify', { token, otp: await codeOnPhone(phone) });
  await post('/api/sign-up/store', { token, name: storeName, ...STORE });
  expect((await post('/api/sign-up/waba/skip', { token })).statusCode).toBe(200);
  return { token, email, state: started.json() as SignUpState };
}

describe('the App URL (shopify.dev authorization-code grant, step 1)', () => {
  it('refuses a forged hmac, a stale timestamp and a shop that is not myshopify.com', async () => {
    const shop = newShop();
    const good = new URL(shopify.installUrl(shop.domain));
    const forged = new URL(good);
    forged.searchParams.set('hmac', '0'.repeat(64));
    const stale = shopify.installUrl(shop.domain, Math.floor(Date.now() / 1000) - 3600);
    const foreign = new URL(good);
    const params = { host: 'eA', shop: 'toko.example.com', timestamp: String(Math.floor(Date.now() / 1000)) };
    foreign.search = new URLSearchParams({
      ...params,
      hmac: shopifyQueryHmac(APP.clientSecret, params),
    }).toString();
    for (const url of [forged.toString(), stale, foreign.toString()])
      expect(await redirectOf(url)).toBe(`${base}/sign-up-shopify?error=shopify.invalidToken`);
    // The good one goes on to Shopify's authorize page, with a state and Sapa's callback.
    const authorize = new URL(await redirectOf(good.toString()));
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/shopify/oauth/callback`);
    expect(authorize.searchParams.get('state')).toBeTruthy();
  });

  it('answers junk queries (repeated, NUL, huge, missing) with the error page or a 400, never a 500', async () => {
    const junk = [
      '',
      '?shop=a&shop=b&hmac=1&hmac=2',
      `?shop=${encodeURIComponent('toko\u0000.myshopify.com')}&timestamp=1&hmac=${'f'.repeat(64)}`,
      `?shop=${'x'.repeat(20_000)}&timestamp=${'9'.repeat(40)}&hmac=zz`,
      '?__proto__[hmac]=1&constructor=2',
    ];
    for (const path of ['/api/shopify/install', '/api/shopify/oauth/callback'])
      for (const query of junk) {
        const res = await server.app.inject({ method: 'GET', url: `${path}${query}` });
        // NUL is refused before any route with the platform's 400 (bad-input.int.test.ts); the rest are redirected.
        expect([303, 400], `${path}${query.slice(0, 60)}`).toContain(res.statusCode);
        if (res.statusCode === 303)
          expect(res.headers.location).toMatch(/\/(sign-up-shopify|shopify)\?error=shopify\./);
        else expect(res.json().message).toBeTruthy();
      }
  });

  it('refuses a callback whose shop is not the one the sign-up state names', async () => {
    const [a, b] = [newShop(), newShop()];
    const authorize = new URL(await redirectOf(shopify.installUrl(a.domain)));
    const params: Record<string, string> = {
      code: 'x',
      shop: b.domain,
      state: authorize.searchParams.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    params.hmac = shopifyQueryHmac(APP.clientSecret, params);
    expect(await redirectOf(`${base}/api/shopify/oauth/callback?${new URLSearchParams(params)}`)).toBe(
      `${base}/sign-up-shopify?error=shopify.invalidToken`,
    );
  });
});

describe('sign-up via Shopify', () => {
  it('keeps the install for the sign-up, connects its store to the new business once, then sends the shop to sign in', async () => {
    const shop = newShop();
    const installToken = await install(shop.domain);
    expect(installToken.length).toBeGreaterThanOrEqual(32);
    // Only the token's hash is stored, and the Shopify token is sealed.
    const [kept] = await server.deps.db
      .select()
      .from(shopifyInstalls)
      .where(eq(shopifyInstalls.shopDomain, shop.domain));
    expect(kept?.tokenHash).not.toContain(installToken);
    expect(kept?.accessToken).not.toContain('shpat_');

    const summary = await post('/api/shopify/install/summary', { install: installToken });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ shopDomain: shop.domain, shopName: shop.name, email: shop.email });

    // Two sign-ups hold the install (two tabs): the first to complete claims it, the second opens without it.
    const first = await signUpWith(installToken, 'Toko Baru Satu');
    const second = await signUpWith(installToken, 'Toko Baru Dua');
    expect(first.state.shopify).toEqual({ shopDomain: shop.domain, shopName: shop.name });

    const done = await post('/api/sign-up/complete', { token: first.token, plan: 'FREE_TRIAL' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ next: '/shopify', notice: null });
    const owner = bearer(done.json().tokens);
    const store = await server.app.inject({ method: 'GET', url: '/api/shopify/store', headers: owner });
    expect(store.json().store).toMatchObject({
      shopDomain: shop.domain,
      shopName: shop.name,
      status: 'connected',
    });
    expect(shopify.subscriptions(shop.domain).map((s) => s.topic)).toContain('orders/create');
    expect(shopify.subscriptions(shop.domain).every((s) => s.address === `${base}/webhooks/shopify`)).toBe(
      true,
    );
    const [claimed] = await server.deps.db
      .select()
      .from(shopifyInstalls)
      .where(eq(shopifyInstalls.shopDomain, shop.domain));
    expect(claimed).toMatchObject({ accessToken: null });
    expect(claimed?.claimedAt).not.toBeNull();

    // The install is used: its summary is gone, and a new sign-up cannot take it.
    const gone = await post('/api/shopify/install/summary', { install: installToken });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/expired or was already used/);

    // The second sign-up's business opens, told that the store could not be connected (000 §8).
    const late = await post('/api/sign-up/complete', { token: second.token, plan: 'FREE_TRIAL' });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ next: '/dashboard', notice: 'shopify.signUpFailed' });
    const lateOwner = bearer(late.json().tokens);
    // Tenant isolation: the second business sees no store, and the first business's store is its own.
    const none = await server.app.inject({ method: 'GET', url: '/api/shopify/store', headers: lateOwner });
    expect(none.json().store).toBeNull();
    const [lateSignUp] = await server.deps.db.select().from(signUps).where(eq(signUps.email, second.email));
    const stores = await server.deps.db
      .select()
      .from(shopifyStores)
      .where(eq(shopifyStores.shopDomain, shop.domain));
    expect(stores).toHaveLength(1);
    expect(stores[0]?.clientId).not.toBe(lateSignUp?.clientId);

    // Installing again from the app store: the shop has a business now, so the merchant signs in.
    expect(await redirectOf(shopify.installUrl(shop.domain))).toBe(`${base}/login`);
  });

  it('refuses an unknown or made-up install token, at the summary and at the account step', async () => {
    const unknown = await post('/api/shopify/install/summary', { install: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(410);
    const short = await post('/api/shopify/install/summary', { install: 'abc' });
    expect(short.statusCode).toBe(400);
    const started = await post('/api/sign-up/account', {
      phone: '6285700000001',
      email: `made-up-${Date.now()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      shopifyInstall: 'y'.repeat(43),
    });
    expect(started.statusCode).toBe(410);
    expect(started.json().code).toBe('shopify.installExpired');
  });

  it('refuses an install that expired before its sign-up started', async () => {
    const shop = newShop();
    const installToken = await install(shop.domain);
    await server.deps.db
      .update(shopifyInstalls)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shopifyInstalls.shopDomain, shop.domain));
    expect((await post('/api/shopify/install/summary', { install: installToken })).statusCode).toBe(410);
  });
});
