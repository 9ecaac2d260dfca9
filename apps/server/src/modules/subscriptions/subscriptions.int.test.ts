import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@sapa/contracts';
import { type PaymentGatewaySimulator, startPaymentGatewaySimulator } from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { PAYMENT_CALLBACK_PATH } from '../payments/index.js';
import { expireLapsedPlans } from '../tenancy/index.js';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * Plans and subscription (001 §2, §4, §6, §9) over real HTTP both ways with the gateway simulator: orders
 * are placed on the server, paid on the simulator, and applied only by its verified callback.
 */
const SECRET_KEY = 'xnd_development_subscription_secret';
const CALLBACK_TOKEN = 'subscription-callback-token-0123456789';
const DAY = 86_400_000;

let server: TestServer;
let sim: PaymentGatewaySimulator;
let shop: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;

beforeAll(async () => {
  sim = await startPaymentGatewaySimulator({
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    callbackUrl: 'http://127.0.0.1:9/unset',
    retry: { attempts: 5, baseDelayMs: 50 },
  });
  server = await startTestServer({
    env: {
      PAYMENT_GATEWAY_URL: sim.url,
      PAYMENT_GATEWAY_SECRET_KEY: SECRET_KEY,
      PAYMENT_GATEWAY_CALLBACK_TOKEN: CALLBACK_TOKEN,
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  sim.setCallbackUrl(`${base}${PAYMENT_CALLBACK_PATH}`);
  shop = await makeBusiness(server.deps.db, 'Toko Langganan');
  await setPlan(shop.clientId, {
    accountStatus: 'Free',
    subscriptionPackage: null,
    subscriptionEndsAt: null,
  });
  // The other business keeps the fixtures' plan (Enterprise without end).
  const other = await makeBusiness(server.deps.db, 'Toko Tetangga');
  owner = await signInFresh(server.app, shop.owner.email);
  agent = await signInFresh(server.app, shop.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
});

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

async function setPlan(clientId: string, plan: Partial<typeof clients.$inferInsert>) {
  await server.deps.db.update(clients).set(plan).where(eq(clients.id, clientId));
}

const en = { 'accept-language': 'en' };
function api(method: 'GET' | 'POST', url: string, tokens: TokenPair, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), ...en },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const subscription = async (tokens = owner) => (await api('GET', '/api/subscription', tokens)).json();
const invoiceIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

function order(body: Record<string, unknown>, tokens = owner) {
  return api('POST', '/api/subscription/orders', tokens, { method: 'BCA', acceptTerms: true, ...body });
}

/** Pays an order on the simulator and waits until its callback applied it. */
async function payOnGateway(checkoutUrl: string, channel?: string) {
  sim.pay(invoiceIdOf(checkoutUrl), channel);
  await waitFor(
    async () => (await api('GET', '/api/subscription/orders/pending', owner)).json().order === null,
  );
}

describe('gating of 001 §6 on a free account (402, the spec message)', () => {
  it.each([
    ['/api/broadcasts', 'subscription.premiumRequired'],
    ['/api/whatsapp-templates', 'subscription.premiumRequired'],
    ['/api/chat-history', 'subscription.premiumRequired'],
    ['/api/wallet/chat-credit/mutations', 'subscription.premiumRequired'],
  ])('GET %s is refused', async (url, code) => {
    const res = await api('GET', url, owner);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().message).toBe(
      'This feature is not available on a free account. Subscribe to a package to use it.',
    );
  });

  it('another business on its package is served the same routes', async () => {
    for (const url of ['/api/broadcasts', '/api/chat-history', '/api/wallet/chat-credit/mutations'])
      expect((await api('GET', url, otherOwner)).statusCode, url).toBe(200);
  });

  it('a free account cannot connect WhatsApp (Pro or Enterprise)', async () => {
    const res = await api('POST', '/api/channel-accounts/whatsapp-cloud', owner, {
      name: 'Toko WA',
      phoneNumberId: '1234567890',
      wabaId: '9876543210',
      accessToken: 'token-token-token',
      appSecret: 'secret-secret',
      verifyToken: 'verify-verify',
      displayPhoneNumber: '6281234567890',
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toBe('The WhatsApp channel needs the Pro or Enterprise package.');
  });

  it('the plan page, the banner state and the payment methods stay open', async () => {
    expect(await subscription()).toMatchObject({ tier: 'FREE', premium: false, whatsapp: false, users: 3 });
    expect(await subscription(agent)).toMatchObject({ tier: 'FREE' });
    expect((await api('GET', '/api/subscription/plans', owner)).statusCode).toBe(200);
    expect((await api('GET', '/api/subscription/payment-methods', owner)).statusCode).toBe(200);
  });
});

describe('buying Starter for 3 months through the gateway', () => {
  let checkoutUrl: string;
  let paymentId: string;
  let orderId: string;

  it('the summary gives the price with VAT 11% and the method fee', async () => {
    const res = await api('POST', '/api/subscription/quote', owner, {
      kind: 'start',
      package: 'STARTER',
      months: 3,
      method: 'BCA',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 3 × Rp129.000 = 387.000, VAT 42.570; BCA's fee 4.000 + VAT 440.
    expect(res.json()).toMatchObject({
      price: { net: 387_000, vat: 42_570, total: 429_570 },
      fee: 4_440,
      total: 434_010,
    });
  });

  it('refuses an order without accepted terms, and customer service may not buy', async () => {
    const noTerms = await order({ kind: 'start', package: 'STARTER', months: 3, acceptTerms: false });
    expect(noTerms.statusCode).toBe(400);
    const byAgent = await order({ kind: 'start', package: 'STARTER', months: 3 }, agent);
    expect(byAgent.statusCode).toBe(403);
  });

  it('places a pending order with its invoice; a second one is refused while it is unpaid', async () => {
    const res = await order({ kind: 'start', package: 'STARTER', months: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      price: { total: 429_570 },
      payment: { status: 'pending', total: 434_010 },
    });
    checkoutUrl = body.payment.checkoutUrl;
    paymentId = body.payment.id;
    orderId = body.id;
    expect(sim.invoice(invoiceIdOf(checkoutUrl))).toMatchObject({ amount: 434_010, status: 'PENDING' });
    const again = await order({ kind: 'start', package: 'PRO', months: 6 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Please complete or cancel the payment of your previous subscription first.',
    );
    const pending = (await api('GET', '/api/subscription/orders/pending', owner)).json();
    expect(pending.order).toMatchObject({ id: orderId, payment: { checkoutUrl } });
    expect(await subscription()).toMatchObject({ tier: 'FREE' });
  });

  it('another business sees no order of it and cannot cancel it', async () => {
    expect((await api('GET', '/api/subscription/orders/pending', otherOwner)).json().order).toBeNull();
    const res = await api('POST', `/api/subscription/orders/${orderId}/cancel`, otherOwner);
    expect(res.statusCode).toBe(404);
  });

  it('a forged callback (wrong token, or a PAID the gateway does not confirm) changes nothing', async () => {
    const body = JSON.stringify({
      id: invoiceIdOf(checkoutUrl),
      external_id: paymentId,
      status: 'PAID',
      paid_amount: 434_010,
      payment_channel: 'BCA',
      paid_at: new Date().toISOString(),
    });
    const wrongToken = await server.app.inject({
      method: 'POST',
      url: PAYMENT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', 'x-callback-token': 'not-the-token' },
      payload: body,
    });
    expect(wrongToken.statusCode).toBe(403);
    const unconfirmed = await server.app.inject({
      method: 'POST',
      url: PAYMENT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', 'x-callback-token': CALLBACK_TOKEN },
      payload: body,
    });
    expect(unconfirmed.json().outcome).toBe('unchanged');
    expect(await subscription()).toMatchObject({ tier: 'FREE' });
  });

  it('activates on the verified paid callback: Starter for 90 days; a replay changes nothing', async () => {
    await payOnGateway(checkoutUrl);
    const after = await subscription();
    expect(after).toMatchObject({
      accountStatus: 'Active',
      tier: 'STARTER',
      premium: true,
      whatsapp: false,
      daysLeft: 90,
    });
    const invoice = sim.invoice(invoiceIdOf(checkoutUrl))!;
    const replay = await server.app.inject({
      method: 'POST',
      url: PAYMENT_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', 'x-callback-token': CALLBACK_TOKEN },
      payload: JSON.stringify(invoice),
    });
    expect(replay.json().outcome).toBe('unchanged');
    expect((await subscription()).endsAt).toBe(after.endsAt);
  });

  it('Starter has the premium features but not WhatsApp', async () => {
    expect((await api('GET', '/api/chat-history', owner)).statusCode).toBe(200);
    const broadcasts = await api('GET', '/api/broadcasts', owner);
    expect(broadcasts.statusCode).toBe(402);
    expect(broadcasts.json().code).toBe('subscription.whatsappNeedsPro');
  });
});

describe('users, upgrade, downgrade, cancel, expiry', () => {
  const newUser = (n: number) => ({
    name: `Pengguna ${n}`,
    email: `pengguna-${n}-${Date.now()}@example.com`,
    password: 'Rahasia123',
    role: 'USC',
    csPosition: 'CS2',
  });

  it("Starter's 5 users: the sixth is 'maximum users reached' until an extra user is bought", async () => {
    for (const n of [1, 2])
      expect((await api('POST', '/api/admin/users', owner, newUser(n))).statusCode).toBe(200);
    const refused = await api('POST', '/api/admin/users', owner, newUser(3));
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().message).toBe('Maximum users reached. Add extra users to your package.');
    const res = await order({ kind: 'extra_users', extraUsers: 1 });
    expect(res.statusCode, res.body).toBe(200);
    // 90 days left → 3 months × Rp199.000, VAT 11%.
    expect(res.json().price).toEqual({ net: 597_000, vat: 65_670, total: 662_670 });
    await payOnGateway(res.json().payment.checkoutUrl);
    expect(await subscription()).toMatchObject({ extraUsers: 1, userLimit: 6 });
    expect((await api('POST', '/api/admin/users', owner, newUser(4))).statusCode).toBe(200);
  });

  it('an unpaid order can be cancelled: the invoice is expired at the gateway and nothing changes', async () => {
    const res = await order({ kind: 'extend', months: 6 }, owner);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await api('POST', `/api/subscription/orders/${res.json().id}/cancel`, owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' } });
    expect(sim.invoice(invoiceIdOf(res.json().payment.checkoutUrl))!.status).toBe('EXPIRED');
    expect(await subscription()).toMatchObject({ tier: 'STARTER', daysLeft: 90 });
  });

  it('upgrades Starter to Pro at Rp71.000 a remaining month, validity unchanged', async () => {
    const before = await subscription();
    const res = await order({ kind: 'upgrade' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ months: 3, price: { net: 213_000, vat: 23_430, total: 236_430 } });
    await payOnGateway(res.json().payment.checkoutUrl, 'QRIS');
    const after = await subscription();
    expect(after).toMatchObject({ tier: 'PRO', whatsapp: true, endsAt: before.endsAt });
    expect((await api('GET', '/api/broadcasts', owner)).statusCode).toBe(200);
  });

  it('no downgrade to Starter while Pro is active', async () => {
    const res = await order({ kind: 'start', package: 'STARTER', months: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot downgrade while your Pro package is active.');
  });

  it('expiry moves a lapsed package to Expired and the features close', async () => {
    await setPlan(shop.clientId, { subscriptionEndsAt: new Date(Date.now() - DAY) });
    const expired = await expireLapsedPlans(server.deps.db, new Date(), 500);
    expect(expired).toContain(shop.clientId);
    expect(await subscription()).toMatchObject({ accountStatus: 'Expired', tier: 'FREE', premium: false });
    expect((await api('GET', '/api/chat-history', owner)).statusCode).toBe(402);
    // Renewing an expired package is a new start.
    const renew = await api('POST', '/api/subscription/quote', owner, {
      kind: 'start',
      package: 'PRO',
      months: 12,
    });
    expect(renew.json().price.total).toBe(2_664_000);
  });
});
