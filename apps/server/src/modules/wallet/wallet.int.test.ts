import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@sapa/contracts';
import { type PaymentGatewaySimulator, startPaymentGatewaySimulator } from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import type { Business } from '../../../test/use-test-server.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { creditOrderTakings, DISBURSEMENT_CALLBACK_PATH, sendUnsentWithdrawals } from './index.js';
import { bankAccounts, withdrawals } from './wallet.schema.js';
import { createWalletContext } from './wallet.service.js';

/**
 * The wallet (001 §2 /wallet, §3, §8, §9) on PostgreSQL against the gateway simulator over real HTTP both
 * ways: account inquiries and disbursements go to the simulator, its signed disbursement callbacks come back.
 */
const SECRET_KEY = 'xnd_development_wallet_secret';
const CALLBACK_TOKEN = 'wallet-callback-token-0123456789';
const KNOWN = { bank: 'BCA', accountNo: '1234567890', accountHolder: 'Budi Santoso' };

let server: TestServer;
let sim: PaymentGatewaySimulator;
let biz: Business;
let owner: TokenPair;
let otherOwner: TokenPair;

beforeAll(async () => {
  sim = await startPaymentGatewaySimulator({
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    callbackUrl: 'http://127.0.0.1:9/unset',
    bankAccounts: [
      { bankCode: 'BCA', accountNumber: '1234567890', holderName: 'BUDI SANTOSO' },
      { bankCode: 'MANDIRI', accountNumber: '1370012345678', holderName: 'BUDI SANTOSO' },
      { bankCode: 'BNI', accountNumber: '0987654321', holderName: 'ANI WIJAYA' },
    ],
    retry: { attempts: 5, baseDelayMs: 50 },
  });
  server = await startTestServer({
    kind: 'postgres',
    env: {
      PAYMENT_GATEWAY_URL: sim.url,
      PAYMENT_GATEWAY_SECRET_KEY: SECRET_KEY,
      PAYMENT_GATEWAY_CALLBACK_TOKEN: CALLBACK_TOKEN,
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  sim.setDisbursementCallbackUrl(`${base}${DISBURSEMENT_CALLBACK_PATH}`);
  biz = await makeBusiness(server.deps.db, 'Toko Dompet');
  const other = await makeBusiness(server.deps.db, 'Toko Dompet Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const en = { 'accept-language': 'en' };

function api(method: 'GET' | 'POST' | 'DELETE', url: string, tokens: TokenPair, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const wallet = async (tokens = owner) => (await api('GET', '/api/wallet', tokens)).json();

/** Takings of a settled order payment, through the wallet's own entry (as the payment's settlement calls it). */
async function takings(amount: number, clientId = biz.clientId) {
  await server.deps.db.transaction((tx) =>
    creditOrderTakings(tx, { clientId, paymentId: randomUUID(), amount, orderNumber: `ORD-${amount}` }),
  );
}

function callback(body: unknown, token: string | null = CALLBACK_TOKEN) {
  return server.app.inject({
    method: 'POST',
    url: DISBURSEMENT_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-callback-token': token }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let verifiedId: string;

describe('bank accounts (Business settings › Bank account, account inquiry through the gateway)', () => {
  it('adds an account the bank holds under that name as VERIFIED and primary', async () => {
    const res = await api('POST', '/api/settings/bank-accounts', owner, {
      ...KNOWN,
      accountHolder: '  budi   santoso ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bank: 'BCA', inquiryStatus: 'VERIFIED', isPrimary: true });
    verifiedId = res.json().id;
  });

  it('marks an account under another name, or one the bank does not hold, FAILED', async () => {
    const wrongName = await api('POST', '/api/settings/bank-accounts', owner, {
      bank: 'BNI',
      accountNo: '0987654321',
      accountHolder: 'Budi Santoso',
    });
    expect(wrongName.json()).toMatchObject({ inquiryStatus: 'FAILED', isPrimary: false });
    const unknown = await api('POST', '/api/settings/bank-accounts', owner, {
      bank: 'MANDIRI',
      accountNo: '1370099999999',
      accountHolder: 'Budi Santoso',
    });
    expect(unknown.json()).toMatchObject({ inquiryStatus: 'FAILED' });
  });

  it('refuses bad input with a translated 400 and a duplicate with 409', async () => {
    const short = await api('POST', '/api/settings/bank-accounts', owner, {
      ...KNOWN,
      accountNo: '12345678',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The account number does not fit this bank');
    const noBank = await api('POST', '/api/settings/bank-accounts', owner, { ...KNOWN, bank: 'XYZ' });
    expect(noBank.statusCode).toBe(400);
    const dup = await api('POST', '/api/settings/bank-accounts', owner, KNOWN);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This bank account is already added');
  });

  it('moves the primary mark, and is the owner only (000 §6 store bank is an admin negative)', async () => {
    const list = (await api('GET', '/api/settings/bank-accounts', owner)).json().items as { id: string }[];
    const second = list.find((a) => a.id !== verifiedId)!;
    const res = await api('POST', `/api/settings/bank-accounts/${second.id}/primary`, owner);
    expect(res.json().isPrimary).toBe(true);
    const after = (await api('GET', '/api/settings/bank-accounts', owner)).json().items as {
      id: string;
      isPrimary: boolean;
    }[];
    expect(after.filter((a) => a.isPrimary).map((a) => a.id)).toEqual([second.id]);
    const admin = await signInFresh(server.app, biz.admin.email);
    expect((await api('GET', '/api/settings/bank-accounts', admin)).statusCode).toBe(403);
    // The admin may use the wallet (WALLET is not a negative), the agent may not.
    expect((await api('GET', '/api/wallet', admin)).statusCode).toBe(200);
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await api('GET', '/api/wallet', agent)).statusCode).toBe(403);
  });

  it("answers 404 for another business's account and leaves it", async () => {
    for (const [method, url] of [
      ['POST', `/api/settings/bank-accounts/${verifiedId}/primary`],
      ['POST', `/api/settings/bank-accounts/${verifiedId}/inquiry`],
      ['DELETE', `/api/settings/bank-accounts/${verifiedId}`],
    ] as const)
      expect((await api(method, url, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', '/api/settings/bank-accounts', otherOwner)).json().items).toEqual([]);
    const withdraw = await api('POST', '/api/wallet/withdrawals', otherOwner, {
      amount: 10_000,
      bankAccountId: verifiedId,
    });
    expect(withdraw.statusCode).toBe(400);
    expect(withdraw.json().message).toBe('Choose a bank account');
  });
});

describe('withdrawals through the gateway disbursement API', () => {
  it('holds a withdrawal in Pending until the signed callback, then moves it to Mutation', async () => {
    await takings(100_000);
    expect(await wallet()).toMatchObject({ balance: 100_000, held: 0, available: 100_000 });
    const res = await api('POST', '/api/wallet/withdrawals', owner, {
      amount: 30_000,
      bankAccountId: verifiedId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json();
    expect(pending).toMatchObject({ amount: 30_000, status: 'IN_PROCESS', destination: 'BCA ••7890' });
    expect(pending.estimatedDisbursementAt - pending.createdAt).toBe(86_400_000);
    expect(await wallet()).toMatchObject({ balance: 100_000, held: 30_000, available: 70_000 });
    expect((await api('GET', '/api/wallet/pending', owner)).json()).toMatchObject({ total: 1 });

    const d = sim.disbursements().find((x) => x.external_id === pending.id)!;
    expect(d).toMatchObject({
      amount: 30_000,
      bank_code: 'BCA',
      account_number: '1234567890',
      status: 'PENDING',
    });
    sim.completeDisbursement(d.id);
    await sim.idle();
    await waitFor(async () => (await wallet()).balance === 70_000);
    expect(await wallet()).toMatchObject({ balance: 70_000, held: 0, available: 70_000 });
    expect((await api('GET', '/api/wallet/pending', owner)).json()).toMatchObject({ total: 0, items: [] });
    const [row] = (await api('GET', '/api/wallet/mutations', owner)).json().items;
    expect(row).toMatchObject({ kind: 'withdrawal', amount: -30_000, balanceAfter: 70_000 });

    // The same callback again (a gateway retry or a replay) changes nothing.
    sim.resendDisbursementCallback(d.id);
    await sim.idle();
    const delivered = sim.deliveredCallbacks().filter((c) => c.invoiceId === d.id);
    expect(delivered).toHaveLength(2);
    expect(delivered[1]!.answeredStatus).toBe(200);
    const replay = await callback(delivered[1]!.rawBody);
    expect(replay.json()).toEqual({ outcome: 'unchanged' });
    expect(await wallet()).toMatchObject({ balance: 70_000 });
    expect((await api('GET', '/api/wallet/mutations', owner)).json().total).toBe(2);
  });

  it('believes no forged callback: a wrong token is 403, a claim the gateway does not hold changes nothing', async () => {
    const res = await api('POST', '/api/wallet/withdrawals', owner, {
      amount: 20_000,
      bankAccountId: verifiedId,
    });
    const w = res.json();
    const d = sim.disbursements().find((x) => x.external_id === w.id)!;
    const forged = { id: d.id, external_id: w.id, amount: 20_000, status: 'COMPLETED', bank_code: 'BCA' };
    expect((await callback(forged, 'not-the-token')).statusCode).toBe(403);
    expect((await callback(forged, null)).statusCode).toBe(403);
    // The right token (leaked) but a claim the gateway's own record contradicts: still PENDING there.
    expect((await callback(forged)).json()).toEqual({ outcome: 'unchanged' });
    // A disbursement the gateway never made.
    const made = await callback({ ...forged, id: 'ffffffffffffffffffffffff' });
    expect(made.json()).toEqual({ outcome: 'unknown' });
    // Another withdrawal's id on this disbursement.
    expect((await callback({ ...forged, external_id: randomUUID() })).json()).toEqual({ outcome: 'unknown' });
    expect((await callback('{not json')).statusCode).toBe(400);
    expect(await wallet()).toMatchObject({ balance: 70_000, held: 20_000 });

    // The bank refuses it: the amount is available again, no mutation.
    sim.failDisbursement(d.id, 'INVALID_DESTINATION');
    await sim.idle();
    await waitFor(async () => (await wallet()).held === 0);
    expect(await wallet()).toMatchObject({ balance: 70_000, available: 70_000 });
    expect((await api('GET', '/api/wallet/mutations', owner)).json().total).toBe(2);
  });

  it('refuses what the rules refuse, in the reader’s language', async () => {
    const failed = (await api('GET', '/api/settings/bank-accounts', owner))
      .json()
      .items.find((a: { inquiryStatus: string }) => a.inquiryStatus === 'FAILED');
    const notVerified = await api('POST', '/api/wallet/withdrawals', owner, {
      amount: 10_000,
      bankAccountId: failed.id,
    });
    expect(notVerified.statusCode).toBe(409);
    expect(notVerified.json().message).toBe('This bank account has not been verified yet');
    const tooMuch = await api('POST', '/api/wallet/withdrawals', owner, {
      amount: 70_001,
      bankAccountId: verifiedId,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('The amount is more than your available balance');
    const small = await api('POST', '/api/wallet/withdrawals', owner, {
      amount: 9_999,
      bankAccountId: verifiedId,
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('A withdrawal is between Rp10.000 and Rp100.000.000');
  });

  it('never withdraws more than the settled balance, however many requests race', async () => {
    // 70.000 settled: of ten parallel 30.000 withdrawals, exactly two fit.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/api/wallet/withdrawals', owner, { amount: 30_000, bankAccountId: verifiedId }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await wallet()).toMatchObject({ balance: 70_000, held: 60_000, available: 10_000 });
    // Their payouts complete; the balance never goes below zero.
    for (const r of results.filter((x) => x.statusCode === 200)) {
      const d = sim.disbursements().find((x) => x.external_id === r.json().id)!;
      sim.completeDisbursement(d.id);
    }
    await sim.idle();
    await waitFor(async () => (await wallet()).held === 0);
    expect(await wallet()).toMatchObject({ balance: 10_000, available: 10_000 });
  });

  it('refuses to delete an account a withdrawal is in process to, then deletes it', async () => {
    await takings(50_000);
    const w = (
      await api('POST', '/api/wallet/withdrawals', owner, { amount: 10_000, bankAccountId: verifiedId })
    ).json();
    const busy = await api('DELETE', `/api/settings/bank-accounts/${verifiedId}`, owner);
    expect(busy.statusCode).toBe(409);
    sim.completeDisbursement(sim.disbursements().find((x) => x.external_id === w.id)!.id);
    await sim.idle();
    await waitFor(async () => (await wallet()).held === 0);
    expect((await api('DELETE', `/api/settings/bank-accounts/${verifiedId}`, owner)).statusCode).toBe(200);
    // The history keeps its destination.
    const rows = (await api('GET', '/api/wallet/mutations?page=1&pageSize=2', owner)).json();
    expect(rows).toMatchObject({ page: 1, pageSize: 2 });
    expect(rows.items[0]).toMatchObject({ kind: 'withdrawal', reference: 'BCA ••7890' });
  });

  it('sends, once, a withdrawal the gateway never confirmed taking (a crash between commit and call)', async () => {
    const [account] = await server.deps.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.clientId, biz.clientId));
    await takings(20_000);
    const id = randomUUID();
    // As the request leaves it when the process dies before the disbursement call: pending, no gateway id.
    await server.deps.db.insert(withdrawals).values({
      id,
      clientId: biz.clientId,
      bankAccountId: account!.id,
      bank: account!.bank,
      accountNo: account!.accountNo,
      accountHolder: account!.accountHolder,
      amount: 15_000,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const ctx = createWalletContext(server.deps);
    await sendUnsentWithdrawals(ctx);
    await sendUnsentWithdrawals(ctx);
    const made = sim.disbursements().filter((d) => d.external_id === id);
    expect(made).toHaveLength(1);
    const [row] = await server.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'pending', gatewayId: made[0]!.id });
    // Paid out: its callback settles it, and the next sweep finds nothing unsent.
    sim.completeDisbursement(made[0]!.id);
    await sim.idle();
    await waitFor(async () => (await wallet()).held === 0);
    expect((await sendUnsentWithdrawals(ctx)).checked).toBe(0);
  });

  it('shows withdrawals temporarily off (001 §8) and refuses them while the switch is on', async () => {
    server.deps.config.withdrawalsOff = true;
    try {
      expect((await wallet()).withdrawalsOff).toBe(true);
      const res = await api('POST', '/api/wallet/withdrawals', owner, {
        amount: 10_000,
        bankAccountId: randomUUID(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Withdrawals are temporarily off. Please try again later.');
    } finally {
      server.deps.config.withdrawalsOff = false;
    }
  });

  it('is ID-country only (000 §6)', async () => {
    await server.deps.db.update(clients).set({ countryDefault: 'SG' }).where(eq(clients.id, biz.clientId));
    try {
      const sg = await signInFresh(server.app, biz.owner.email);
      expect((await api('GET', '/api/wallet', sg)).statusCode).toBe(403);
      expect((await api('GET', '/api/settings/bank-accounts', sg)).statusCode).toBe(403);
    } finally {
      await server.deps.db.update(clients).set({ countryDefault: 'ID' }).where(eq(clients.id, biz.clientId));
    }
  });
});
