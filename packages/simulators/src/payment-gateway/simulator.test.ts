import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentGatewaySimulator } from './simulator.js';
import type { PaymentGatewaySimulator, SimInvoice } from './types.js';

/** A merchant endpoint that answers the first `failFirst` callbacks with 500, then 200, and records them. */
async function startMerchant(failFirst: number) {
  const received: { token: string | undefined; webhookId: string | undefined; body: string }[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      calls++;
      received.push({
        token: req.headers['x-callback-token'] as string | undefined,
        webhookId: req.headers['webhook-id'] as string | undefined,
        body,
      });
      res.statusCode = calls <= failFirst ? 500 : 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SECRET = 'xnd_development_unit';
const auth = { authorization: `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}` };

describe('payment gateway simulator (Xendit Invoice API shape)', () => {
  let sim: PaymentGatewaySimulator;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;

  beforeAll(async () => {
    merchant = await startMerchant(2);
    sim = await startPaymentGatewaySimulator({
      secretKey: SECRET,
      callbackToken: 'cb-token',
      callbackUrl: merchant.url,
      retry: { attempts: 4, baseDelayMs: 10 },
    });
  });
  afterAll(async () => {
    await sim.close();
    await merchant.close();
  });

  const invoiceOf = async (res: Response) => (await res.json()) as SimInvoice;
  const errorOf = async (res: Response) => (await res.json()) as { error_code: string };

  async function create(body: Record<string, unknown>, headers: Record<string, string> = auth) {
    return fetch(`${sim.url}/v2/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  it('refuses a call without the secret key', async () => {
    const res = await create({ external_id: 'a', amount: 1000 }, { authorization: 'Basic eDo=' });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error_code).toBe('INVALID_API_KEY');
  });

  it('creates an invoice once per idempotency key', async () => {
    const key = { ...auth, 'x-idempotency-key': 'k1' };
    const a = await invoiceOf(
      await create({ external_id: 'p1', amount: 15_000, payment_methods: ['QRIS'] }, key),
    );
    const b = await invoiceOf(
      await create({ external_id: 'p1', amount: 15_000, payment_methods: ['QRIS'] }, key),
    );
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ status: 'PENDING', amount: 15_000, currency: 'IDR' });
    expect(a.invoice_url).toBe(`${sim.url}/web/invoices/${a.id}`);
  });

  it('refuses a disabled channel and reports it in payment_channels', async () => {
    sim.setChannelEnabled('OVO', false);
    const res = await create({ external_id: 'p2', amount: 15_000, payment_methods: ['OVO'] });
    expect((await errorOf(res)).error_code).toBe('UNAVAILABLE_PAYMENT_METHOD_ERROR');
    const channels = (await (await fetch(`${sim.url}/payment_channels`, { headers: auth })).json()) as {
      channel_code: string;
      is_enabled: boolean;
    }[];
    expect(channels.find((c) => c.channel_code === 'OVO')?.is_enabled).toBe(false);
    sim.setChannelEnabled('OVO', true);
  });

  it('paying on the page sends the PAID callback with the token, retried until answered 2xx', async () => {
    const invoice = await invoiceOf(
      await create({ external_id: 'p3', amount: 20_000, payment_methods: ['BCA'] }),
    );
    const page = await fetch(`${sim.url}/web/invoices/${invoice.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    await sim.idle();
    const mine = merchant.received.filter((r) => JSON.parse(r.body).id === invoice.id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.webhookId)).size).toBe(1);
    for (const r of mine) expect(r.token).toBe('cb-token');
    expect(JSON.parse(mine[2]!.body)).toMatchObject({
      external_id: 'p3',
      status: 'PAID',
      paid_amount: 20_000,
      payment_method: 'BANK_TRANSFER',
      payment_channel: 'BCA',
    });
    expect(sim.deliveredCallbacks().at(-1)).toMatchObject({
      invoiceId: invoice.id,
      attempts: 3,
      answeredStatus: 200,
    });
  });

  it('paying sends the payer to the merchant success_redirect_url when the invoice has one', async () => {
    const invoice = await invoiceOf(
      await create({
        external_id: 'p5',
        amount: 20_000,
        payment_methods: ['BNI'],
        success_redirect_url: 'https://shop.example/dashboard',
      }),
    );
    const page = await fetch(`${sim.url}/web/invoices/${invoice.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('https://shop.example/dashboard');
    await sim.idle();
  });

  it('an invoice expires at its time and can then not be paid', async () => {
    const invoice = await invoiceOf(await create({ external_id: 'p4', amount: 20_000, invoice_duration: 1 }));
    const deadline = Date.now() + 5_000;
    while (sim.invoice(invoice.id)?.status === 'PENDING' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(sim.invoice(invoice.id)?.status).toBe('EXPIRED');
    const pay = await fetch(`${sim.url}/web/invoices/${invoice.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(400);
  });
});
