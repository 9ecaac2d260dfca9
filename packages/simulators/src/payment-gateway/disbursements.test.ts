import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentGatewaySimulator } from './simulator.js';
import type { PaymentGatewaySimulator } from './types.js';

const SECRET = 'xnd_development_disb';
const auth = { authorization: `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}` };

describe('payment gateway simulator: disbursements and name validator (Xendit shapes)', () => {
  let sim: PaymentGatewaySimulator;
  let merchant: http.Server;
  const received: { token: unknown; body: string }[] = [];

  beforeAll(async () => {
    merchant = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ token: req.headers['x-callback-token'], body });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    sim = await startPaymentGatewaySimulator({
      secretKey: SECRET,
      callbackToken: 'cb-token',
      callbackUrl: 'http://127.0.0.1:9/unused',
      disbursementCallbackUrl: `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/disb`,
      bankAccounts: [{ bankCode: 'BCA', accountNumber: '1234567890', holderName: 'BUDI SANTOSO' }],
      retry: { attempts: 2, baseDelayMs: 10 },
    });
  });
  afterAll(async () => {
    await sim.close();
    await new Promise<void>((r) => merchant.close(() => r()));
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers the holder of a known account, FAILURE for another, 401 without the key', async () => {
    const known = await post('/bank_account_data_requests', {
      bank_code: 'BCA',
      bank_account_number: '1234567890',
    });
    expect(await known.json()).toMatchObject({ status: 'SUCCESS', bank_account_holder_name: 'BUDI SANTOSO' });
    const unknown = await post('/bank_account_data_requests', {
      bank_code: 'BCA',
      bank_account_number: '9999999999',
    });
    expect(await unknown.json()).toMatchObject({ status: 'FAILURE', failure_reason: 'INVALID_DESTINATION' });
    const bad = await post('/bank_account_data_requests', { bank_code: 'BCA' }, {});
    expect(bad.status).toBe(401);
  });

  it('creates a PENDING disbursement once per idempotency key, then calls back COMPLETED', async () => {
    const body = {
      external_id: 'w-1',
      amount: 25_000,
      bank_code: 'BCA',
      account_holder_name: 'BUDI SANTOSO',
      account_number: '1234567890',
      description: 'Sapa withdrawal',
    };
    const created = await post('/disbursements', body, { ...auth, 'x-idempotency-key': 'w-1' });
    const d = (await created.json()) as { id: string; status: string; external_id: string };
    expect(d).toMatchObject({ status: 'PENDING', external_id: 'w-1', amount: 25_000, bank_code: 'BCA' });
    expect(d).not.toHaveProperty('account_number');
    const again = await post('/disbursements', body, { ...auth, 'x-idempotency-key': 'w-1' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error_code: 'DUPLICATE_TRANSACTION_ERROR' });
    expect((await post('/disbursements', { ...body, bank_code: 'XYZ' })).status).toBe(400);
    expect((await post('/disbursements', { ...body, amount: 9_999 })).status).toBe(400);

    sim.completeDisbursement(d.id);
    await sim.idle();
    const last = received.at(-1)!;
    expect(last.token).toBe('cb-token');
    expect(JSON.parse(last.body)).toMatchObject({ id: d.id, external_id: 'w-1', status: 'COMPLETED' });
    const byExternal = await fetch(`${sim.url}/disbursements?external_id=w-1`, { headers: auth });
    expect(await byExternal.json()).toMatchObject([{ id: d.id, external_id: 'w-1' }]);
    const none = await fetch(`${sim.url}/disbursements?external_id=w-none`, { headers: auth });
    expect(await none.json()).toEqual([]);
    const fetched = await fetch(`${sim.url}/disbursements/${d.id}`, { headers: auth });
    expect(await fetched.json()).toMatchObject({ status: 'COMPLETED' });
    expect(() => sim.failDisbursement(d.id)).toThrow();
    sim.resendDisbursementCallback(d.id);
    await sim.idle();
    expect(received.at(-1)!.body).toBe(last.body);
  });
});
