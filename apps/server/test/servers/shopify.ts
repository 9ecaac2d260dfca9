import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@sapa/contracts';
import {
  type ShopifySimulator,
  startShopifySimulator,
  startWhatsappCloudSimulator,
  type WhatsappCloudSimulator,
} from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll } from 'vitest';
import { chatCreditWallets } from '../../src/modules/billing/billing.schema.js';
import { insertTemplates } from '../../src/modules/templates/index.js';
import { signInFresh } from '../auth-helpers.js';
import { bearer, makeBusiness } from '../fixtures.js';
import { startTestServer, type TestServer } from '../harness.js';
import type { Business } from '../use-test-server.js';
import { connectSimulatedNumber } from '../whatsapp-simulator.js';
import { freePort } from './telegram.js';

/**
 * The Shopify tests' server: Sapa listening on a real port it advertises (Shopify redirects the merchant's
 * browser and posts webhooks there), the Shopify simulator as the app's Shopify (`SHOPIFY_SHOP_ORIGIN` points
 * shops at it) with the shops `SHOP` and `SHOP_B`, the WhatsApp Cloud simulator with the business's number, and
 * the approved templates `T`. A second business (`other`) proves tenant isolation.
 */
export const APP = { clientId: 'sapa-shopify-app-id', clientSecret: 'shpss_test_secret_0123456789' };
export const SHOP = 'toko-uji.myshopify.com';
export const SHOP_B = 'toko-lain.myshopify.com';
export const number = {
  phoneNumberId: '106540352249901',
  wabaId: '102290129349901',
  displayPhoneNumber: '6281100009901',
  accessToken: 'sim-access-token-shopify',
  appSecret: 'sim-app-secret-shopify',
};
export const T = { created: uuidv7(), paid: uuidv7(), fulfilled: uuidv7() };

export let server: TestServer;
export let shopify: ShopifySimulator;
export let wa: WhatsappCloudSimulator;
export let base: string;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let agent: TokenPair;
export let otherOwner: TokenPair;
export let accountId: string;

export function api(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  tokens: TokenPair,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * The merchant's whole connection: the connect dialog's admin URL, Shopify's authorize page approved, the
 * browser sent back to Sapa's callback. Answers where Sapa sends the browser at the end.
 */
export async function connectShop(tokens: TokenPair, adminUrl: string): Promise<string> {
  const started = await api('POST', '/api/shopify/connect', tokens, { adminUrl });
  if (started.statusCode !== 200) throw new Error(started.body);
  const authorize = new URL(started.json().authorizeUrl as string);
  const page = await fetch(authorize);
  if (!page.ok) throw new Error(await page.text());
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    scope: authorize.searchParams.get('scope') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    decision: 'install',
  });
  const approved = await fetch(authorize.origin + authorize.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = approved.headers.get('location') ?? '';
  const back = await fetch(callback, { redirect: 'manual' });
  return back.headers.get('location') ?? '';
}

export function useShopifyServer() {
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shopify = await startShopifySimulator({
      app: { ...APP, complianceUrl: `${base}/webhooks/shopify` },
      shops: [
        { domain: SHOP, name: 'Toko Uji' },
        { domain: SHOP_B, name: 'Toko Lain' },
      ],
      retry: { attempts: 4, baseDelayMs: 100 },
    });
    server = await startTestServer({
      env: {
        PUBLIC_URL: base,
        SHOPIFY_CLIENT_ID: APP.clientId,
        SHOPIFY_CLIENT_SECRET: APP.clientSecret,
        SHOPIFY_SHOP_ORIGIN: `${shopify.url}/shops/{shop}`,
      },
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    wa = await startWhatsappCloudSimulator({ port: 0 });
    biz = await makeBusiness(server.deps.db, 'Toko Shopify');
    other = await makeBusiness(server.deps.db, 'Toko Lain');
    owner = await signInFresh(server.app, biz.owner.email);
    agent = await signInFresh(server.app, biz.agent.email);
    otherOwner = await signInFresh(server.app, other.owner.email);
    accountId = await connectSimulatedNumber(server, wa, base, owner, number);
    // Template messages are charged (001 §9): the business has credits.
    await server.deps.db
      .update(chatCreditWallets)
      .set({ balance: '100000' })
      .where(eq(chatCreditWallets.clientId, biz.clientId));
    const approved = {
      clientId: biz.clientId,
      language: 'id',
      status: 'approved',
      category: 'UTILITY',
    } as const;
    const manual = (name: string) => ({ name, sample: 'x', contactField: null });
    await insertTemplates(server.deps.db, [
      {
        ...approved,
        id: T.created,
        name: 'pesanan_dibuat',
        body: 'Halo {{1}}, pesanan {{2}} sebesar {{3}} sudah kami terima.',
        variables: [manual('nama'), manual('nomor'), manual('total')],
      },
      {
        ...approved,
        id: T.paid,
        name: 'pesanan_dibayar',
        body: 'Terima kasih {{1}}, pembayaran pesanan {{2}} sudah kami terima.',
        variables: [manual('nama'), manual('nomor')],
      },
      {
        ...approved,
        id: T.fulfilled,
        name: 'pesanan_dikirim',
        body: 'Pesanan {{1}} dikirim dengan {{2}}, resi {{3}}.',
        variables: [manual('nomor'), manual('kurir'), manual('resi')],
      },
    ]);
  }, 60_000);
  afterAll(async () => {
    await shopify?.close();
    await wa?.close();
    await server?.close();
  });
}

export const portOf = (s: TestServer) => (s.app.server.address() as AddressInfo).port;
