import type { TokenPair } from '@sapa/contracts';
import type { PaymentGatewaySimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { startServerWithGateway } from '../../../test/servers/payment-gateway.js';
import type { Business } from '../../../test/use-test-server.js';
import { chatCreditMutations } from '../billing/billing.schema.js';
import { PAYMENT_CALLBACK_PATH } from './index.js';
import { payments } from './payments.schema.js';

/**
 * Top-up of chat credits through the payment gateway (001 §4 Top-up, §7, §8), against the gateway simulator
 * over real HTTP both ways: the server creates invoices on the simulator, the simulator posts its callbacks
 * (with the callback token) back to the listening server.
 */
const SECRET_KEY = 'xnd_development_test_secret';
const CALLBACK_TOKEN = 'test-callback-token-0123456789';

let server: TestServer;
let sim: PaymentGatewaySimulator;
let biz: Business;
let owner: TokenPair;
let otherOwner: TokenPair;

beforeAll(async () => {
  ({ server, sim } = await startServerWithGateway({
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    env: { PAYMENT_METHODS_OFF: 'LINKAJA' },
  }));
  biz = await makeBusiness(server.deps.db, 'Toko Bayar');
  const other = await makeBusiness(server.deps.db, 'Toko Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
});

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const en = { 'accept-language': 'en' };

async function topUp(amount: number, method = 'BCA', tokens = owner) {
  return server.app.inject({
    method: 'POST',
    url: '/api/wallet/chat-credit/top-ups',
    headers: { ...bearer(tokens), ...en },
    payload: { amount, method },
  });
}

async function balance(tokens = owner): Promise<number> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/wallet/chat-credit',
    headers: bearer(tokens),
  });
  return res.json().balance as number;
}

async function topUpRows(paymentId: string) {
  return server.deps.db
    .select()
    .from(chatCreditMutations)
    .where(
      and(eq(chatCreditMutations.referenceType, 'payment'), eq(chatCreditMutations.referenceId, paymentId)),
    );
}

async function paymentStatus(id: string, tokens = owner): Promise<string> {
  const res = await server.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: bearer(tokens) });
  return res.json().status as string;
}

function callback(body: unknown, token: string | null = CALLBACK_TOKEN) {
  return server.app.inject({
    method: 'POST',
    url: PAYMENT_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-callback-token': token }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function invoiceIdOf(checkoutUrl: string): string {
  return checkoutUrl.split('/').pop()!;
}

/** A PAID callback as the gateway would send it for `paymentId`'s invoice. */
function paidBody(paymentId: string, invoiceId: string, amount: number) {
  return {
    id: invoiceId,
    external_id: paymentId,
    status: 'PAID',
    amount,
    paid_amount: amount,
    payment_method: 'BANK_TRANSFER',
    payment_channel: 'BCA',
    paid_at: new Date().toISOString(),
  };
}

describe('payment methods and fees (001 §7 calculate-payment-fee, §8)', () => {
  it('lists every method with its fee; one the gateway disabled or Sapa switched off is unavailable', async () => {
    sim.setChannelEnabled('OVO', false);
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/payments/methods',
        headers: bearer(owner),
      });
      expect(res.statusCode, res.body).toBe(200);
      const methods = res.json().methods as {
        code: string;
        available: boolean;
        fee: { flat: number | null };
      }[];
      const byCode = Object.fromEntries(methods.map((m) => [m.code, m]));
      expect(Object.keys(byCode)).toEqual(
        expect.arrayContaining([
          'BCA',
          'BNI',
          'BRI',
          'MANDIRI',
          'PERMATA',
          'QRIS',
          'OVO',
          'DANA',
          'SHOPEEPAY',
          'LINKAJA',
        ]),
      );
      expect(byCode.BCA).toMatchObject({ available: true, fee: { flat: 4000 } });
      expect(byCode.QRIS!.available).toBe(true);
      expect(byCode.OVO!.available).toBe(false);
      expect(byCode.LINKAJA!.available).toBe(false);
    } finally {
      sim.setChannelEnabled('OVO', true);
    }
  });

  it("answers 'Failed to get payment method (refresh the page)' when the gateway is down", async () => {
    sim.setChannelsOutage(true);
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/payments/methods',
        headers: { ...bearer(owner), ...en },
      });
      expect(res.statusCode).toBe(424);
      expect(res.json().message).toBe('Failed to get payment method (refresh the page)');
    } finally {
      sim.setChannelsOutage(false);
    }
  });

  it.each([
    ['BCA', 100_000, 4_440, 104_440],
    ['QRIS', 100_000, 777, 100_777],
    ['OVO', 50_000, 1_515, 51_515],
  ])('%s for Rp%i: fee %i incl. VAT, total %i', async (method, amount, fee, total) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/payments/fee',
      headers: bearer(owner),
      payload: { method, amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount, fee, total });
  });
});

describe('top-up through the gateway (001 §4 Top-up)', () => {
  let paymentId: string;
  let invoiceId: string;

  it('creates a pending payment and an invoice for amount + fee; a second top-up is refused while it is unpaid', async () => {
    const res = await topUp(100_000, 'BCA');
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json();
    expect(payment).toMatchObject({
      purpose: 'top_up',
      status: 'pending',
      amount: 100_000,
      fee: 4_440,
      total: 104_440,
    });
    paymentId = payment.id;
    invoiceId = invoiceIdOf(payment.checkoutUrl);
    expect(sim.invoice(invoiceId)).toMatchObject({
      external_id: paymentId,
      amount: 104_440,
      payment_methods: ['BCA'],
    });

    const again = await topUp(50_000, 'QRIS');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Please complete payment for top up process before this one.');
  });

  it('the person pays on the gateway page: the notification credits the amount once, in one ledger row', async () => {
    const before = await balance();
    const page = await fetch(`${sim.url}/web/invoices/${invoiceId}`);
    expect(await page.text()).toContain('Rp104.440');
    const pay = await fetch(`${sim.url}/web/invoices/${invoiceId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    await waitFor(async () => (await paymentStatus(paymentId)) === 'paid');
    expect(await balance()).toBe(before + 100_000);
    const rows = await topUpRows(paymentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'top_up', amount: '100000.00' });
  });

  it('the same notification replayed 5 times, then 5 at once, changes nothing', async () => {
    await sim.idle();
    const delivered = sim.deliveredCallbacks().find((c) => c.invoiceId === invoiceId && c.status === 'PAID');
    expect(delivered?.answeredStatus).toBe(200);
    const before = await balance();
    for (let i = 0; i < 5; i++) {
      const res = await callback(delivered!.rawBody);
      expect(res.json().outcome).toBe('unchanged');
    }
    const burst = await Promise.all(Array.from({ length: 5 }, () => callback(delivered!.rawBody)));
    for (const res of burst) expect(res.statusCode).toBe(200);
    expect(await balance()).toBe(before);
    expect(await topUpRows(paymentId)).toHaveLength(1);
  });

  it('the gateway callback and 10 more deliveries of the PAID state at once credit exactly once', async () => {
    const res = await topUp(25_000, 'BCA');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    const before = await balance();
    const invoiceId = invoiceIdOf(p.checkoutUrl);
    sim.pay(invoiceId);
    const body = paidBody(p.id, invoiceId, p.total);
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(body)));
    await sim.idle();
    const outcomes = [
      ...answers.map((a) => a.json().outcome as string),
      ...sim
        .deliveredCallbacks()
        .filter((c) => c.invoiceId === invoiceId)
        .map((c) => (c.answeredStatus === 200 ? 'delivered' : 'refused')),
    ];
    expect(outcomes.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(outcomes.filter((o) => o !== 'paid' && o !== 'unchanged' && o !== 'delivered')).toEqual([]);
    await waitFor(async () => (await paymentStatus(p.id)) === 'paid');
    expect(await balance()).toBe(before + 25_000);
    expect(await topUpRows(p.id)).toHaveLength(1);
  });
});

describe('forged and expired notifications change nothing', () => {
  let pending: { id: string; checkoutUrl: string; total: number };

  beforeAll(async () => {
    const res = await topUp(40_000, 'MANDIRI');
    expect(res.statusCode, res.body).toBe(200);
    pending = res.json();
  });

  it.each([
    ['a wrong token', 'not-the-token'],
    ['a token one character short', CALLBACK_TOKEN.slice(0, -1)],
    ['no token', null],
  ])('%s is refused with 403', async (_label, token) => {
    const before = await balance();
    const res = await callback(paidBody(pending.id, invoiceIdOf(pending.checkoutUrl), pending.total), token);
    expect(res.statusCode).toBe(403);
    expect(await paymentStatus(pending.id)).toBe('pending');
    expect(await balance()).toBe(before);
  });

  it('a body that is not a notification is a 400, never a 500', async () => {
    for (const body of [
      '{',
      '[]',
      '{"id":1}',
      JSON.stringify({ id: 'x', external_id: 'not-a-uuid', status: 'PAID' }),
    ]) {
      const res = await callback(body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('a PAID or EXPIRED claim with the right token that the gateway does not confirm, or for another invoice, changes nothing', async () => {
    const before = await balance();
    const invoiceId = invoiceIdOf(pending.checkoutUrl);
    expect((await callback(paidBody(pending.id, invoiceId, pending.total))).json().outcome).toBe('unchanged');
    const expiredClaim = { ...paidBody(pending.id, invoiceId, pending.total), status: 'EXPIRED' };
    expect((await callback(expiredClaim)).json().outcome).toBe('unchanged');
    expect((await callback(paidBody(pending.id, 'another-invoice', pending.total))).json().outcome).toBe(
      'unknown',
    );
    expect(await paymentStatus(pending.id)).toBe('pending');
    expect(await balance()).toBe(before);
    expect(await topUpRows(pending.id)).toHaveLength(0);
  });

  it('an expired payment cannot be paid, and no longer blocks a new top-up', async () => {
    const invoiceId = invoiceIdOf(pending.checkoutUrl);
    const expire = await fetch(`${sim.url}/web/invoices/${invoiceId}/expire`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(expire.status).toBe(303);
    await waitFor(async () => (await paymentStatus(pending.id)) === 'expired');
    const before = await balance();
    const res = await callback(paidBody(pending.id, invoiceId, pending.total));
    expect(res.json().outcome).toBe('unchanged');
    expect(await paymentStatus(pending.id)).toBe('expired');
    expect(await balance()).toBe(before);
    expect(await topUpRows(pending.id)).toHaveLength(0);
  });

  it('a payment the gateway reports paid after its expiry is expired, not credited', async () => {
    const res = await topUp(30_000, 'BNI');
    const p = res.json();
    await server.deps.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, p.id));
    sim.pay(invoiceIdOf(p.checkoutUrl));
    await waitFor(async () => (await paymentStatus(p.id)) === 'expired');
    expect(await topUpRows(p.id)).toHaveLength(0);
  });

  it('a paid amount other than the payment total changes nothing', async () => {
    const res = await topUp(35_000, 'PERMATA');
    const p = res.json();
    await server.deps.db
      .update(payments)
      .set({ total: p.total + 1 })
      .where(eq(payments.id, p.id));
    const before = await balance();
    sim.pay(invoiceIdOf(p.checkoutUrl));
    await sim.idle();
    const answered = await callback(paidBody(p.id, invoiceIdOf(p.checkoutUrl), p.total));
    expect(answered.json().outcome).toBe('amountMismatch');
    expect(await paymentStatus(p.id)).toBe('pending');
    expect(await balance()).toBe(before);
  });

  it('a pending payment more than an hour past its expiry no longer blocks a new top-up', async () => {
    const [stuck] = await server.deps.db.select().from(payments).where(eq(payments.status, 'pending'));
    expect(stuck).toBeDefined();
    await server.deps.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(payments.id, stuck!.id));
    expect((await topUp(20_000, 'BRI')).statusCode).toBe(409);
    await server.deps.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(payments.id, stuck!.id));
    const next = await topUp(20_000, 'BRI');
    expect(next.statusCode, next.body).toBe(200);
    expect(await paymentStatus(stuck!.id)).toBe('expired');
    // Left expired by the clock, so the next test starts without an unpaid top-up.
    await server.deps.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(payments.id, next.json().id));
  });

  it('a method the gateway turned off is refused and leaves no unpaid top-up behind', async () => {
    sim.setChannelEnabled('DANA', false);
    try {
      const res = await topUp(20_000, 'DANA');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This payment method is temporarily off. Choose another one.');
      const off = await topUp(20_000, 'LINKAJA');
      expect(off.statusCode).toBe(409);
    } finally {
      sim.setChannelEnabled('DANA', true);
    }
    const ok = await topUp(20_000, 'QRIS');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a business sees only its own payments', () => {
  it('another business gets 404 for the payment and an empty list', async () => {
    const mine = await server.app.inject({ method: 'GET', url: '/api/payments', headers: bearer(owner) });
    const items = mine.json().items as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/payments/${items[0]!.id}`,
      headers: bearer(otherOwner),
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: bearer(otherOwner),
    });
    expect(theirs.json().items).toEqual([]);
  });

  it('refuses top-ups out of range or with an unknown method', async () => {
    for (const payload of [
      { amount: 9_999, method: 'BCA' },
      { amount: 100_000_001, method: 'BCA' },
      { amount: 10_000.5, method: 'BCA' },
      { amount: 10_000, method: 'CASH' },
    ]) {
      const res = await topUp(payload.amount, payload.method, otherOwner);
      expect(res.statusCode).toBe(400);
    }
  });
});
