import { billablePeriod, jakartaDate, type TokenPair } from '@sapa/contracts';
import type { PaymentGatewaySimulator } from '@sapa/simulators';
import { and, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { startServerWithGateway } from '../../../test/servers/payment-gateway.js';
import { chatCreditMutations } from '../billing/billing.schema.js';
import { chargeCredits } from '../billing/index.js';
import { outboxMessages } from '../notifications/notifications.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { advanceBills, buildMonthlyBills, createBillsContext } from './index.js';
import { invoices } from './invoices.schema.js';

/**
 * The monthly bills (issue 21 point 2; 001 §2, §4, §5, §7) on PostgreSQL: built from the credit ledger on the
 * 3rd, confirmed with a BAST or rejected, invoiced, paid on the gateway simulator over real HTTP both ways or
 * by a presigned proof upload, and their PDFs read back as text.
 */
const SECRET_KEY = 'xnd_development_bills_secret';
const CALLBACK_TOKEN = 'bills-callback-token-0123456789ab';
const PERIOD = billablePeriod(jakartaDate(new Date())) ?? '2026-10';

let server: TestServer;
let sim: PaymentGatewaySimulator;
type Biz = Awaited<ReturnType<typeof makeBusiness>>;
let biz: Biz;
let owner: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;

/** A POST_PAID business whose ledger holds `credits` of post-paid usage in the billed month. */
async function postPaidUsage(b: Biz, credits: number[]) {
  const db = server.deps.db;
  await db.update(clients).set({ billingType: 'POST_PAID' }).where(eq(clients.id, b.clientId));
  for (const amount of credits)
    await db.transaction((tx) =>
      chargeCredits(tx, {
        clientId: b.clientId,
        amount,
        description: 'credits.broadcast',
        referenceType: 'broadcast',
        referenceId: uuidv7(),
      }),
    );
  // The charges happened in the billed month (the ledger's time is the only thing moved).
  await db
    .update(chatCreditMutations)
    .set({ createdAt: new Date(`${PERIOD}-15T05:00:00Z`) })
    .where(and(eq(chatCreditMutations.clientId, b.clientId), eq(chatCreditMutations.status, 'post_paid')));
}

beforeAll(async () => {
  ({ server, sim } = await startServerWithGateway({
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    kind: 'postgres',
    env: { FINANCE_EMAIL: 'finance@sapa.test' },
  }));
  biz = await makeBusiness(server.deps.db, 'Toko Tagihan');
  const other = await makeBusiness(server.deps.db, 'Toko Tagihan Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  await postPaidUsage(biz, [120_000, 102_000.5]);
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const en = { 'accept-language': 'en' };
function api(method: 'GET' | 'POST' | 'PUT', url: string, tokens: TokenPair | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...(tokens ? bearer(tokens) : {}), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const billsOf = (clientId: string) =>
  server.deps.db.select().from(invoices).where(eq(invoices.clientId, clientId));

async function pdfText(url: string): Promise<string> {
  const res = await api('GET', url, null);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text;
}

async function documentText(id: string, kind: string, tokens = owner) {
  const link = await api('GET', `/api/invoices/${id}/documents/${kind}`, tokens);
  expect(link.statusCode).toBe(200);
  return pdfText(link.json().url);
}

describe('the monthly job', () => {
  it('builds one bill per business and month, however often it runs', async () => {
    const ctx = createBillsContext(server.deps);
    await Promise.all([buildMonthlyBills(ctx, PERIOD), buildMonthlyBills(ctx, PERIOD)]);
    await buildMonthlyBills(ctx, PERIOD);
    const bills = await billsOf(biz.clientId);
    expect(bills).toHaveLength(1);
    // 222.000,5 credits → Rp222.001, VAT included: net 200.001 + VAT 22.000.
    expect(bills[0]).toMatchObject({
      status: 'PENDING_CONFIRMATION',
      total: 222_001,
      vat: 22_000,
      net: 200_001,
    });
  });

  it('writes the summary of usage as a PDF with its amounts', async () => {
    const [bill] = await billsOf(biz.clientId);
    const text = await documentText(bill!.id, 'SUMMARY_USAGE');
    expect(text).toContain('Summary of Usage');
    expect(text).toContain(bill!.number);
    expect(text).toContain('Rp222.001');
  });
});

describe('/setting/finance', () => {
  it('groups the active bills and refuses users without the finance permission', async () => {
    const res = await api('GET', '/api/invoices/active', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().pendingConfirmation).toHaveLength(1);
    expect(res.json().blocked).toBe(false);
    expect((await api('GET', '/api/invoices/active', agent)).statusCode).toBe(403);
    const theirs = await api('GET', '/api/invoices?status=active', otherOwner);
    expect(theirs.json().items).toHaveLength(0);
  });

  it("hides a business's bill from another business", async () => {
    const [bill] = await billsOf(biz.clientId);
    expect((await api('GET', `/api/invoices/${bill!.id}`, otherOwner)).statusCode).toBe(404);
    const answer = { statusApproval: 'APPROVED', signerName: 'Someone Else', agree: true };
    expect((await api('POST', `/api/invoices/${bill!.id}/approval`, otherOwner, answer)).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/api/invoices/${bill!.id}/documents/BAST`, otherOwner)).statusCode).toBe(404);
  });

  it('refuses a confirmation without the agreement, with a translated message', async () => {
    const [bill] = await billsOf(biz.clientId);
    const res = await api('POST', `/api/invoices/${bill!.id}/approval`, owner, {
      statusApproval: 'APPROVED',
      signerName: 'Budi Santoso',
      agree: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Tick the agreement');
  });

  it('confirms with a signed BAST, issues the final invoice with VAT 11% and takes the gateway payment', async () => {
    const [bill] = await billsOf(biz.clientId);
    const confirmed = await api('POST', `/api/invoices/${bill!.id}/approval`, owner, {
      statusApproval: 'APPROVED',
      signerName: 'Budi Santoso',
      signerTitle: 'Direktur',
      agree: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ approval: 'APPROVED', bastSignerName: 'Budi Santoso' });
    const bast = await documentText(bill!.id, 'BAST');
    expect(bast).toContain('Budi Santoso');
    expect(bast).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} WIB/);
    // The woken lifecycle issues the final invoice.
    await waitFor(
      async () => (await api('GET', `/api/invoices/${bill!.id}`, owner)).json().status === 'WAITING_PAYMENT',
    );
    const final = await documentText(bill!.id, 'FINAL_INVOICE');
    expect(final).toContain('VAT 11%');
    expect(final).toContain('Rp22.000');
    expect(final).toContain('Rp200.001');

    const again = await api('POST', `/api/invoices/${bill!.id}/approval`, owner, {
      statusApproval: 'REJECTED',
      reason: 'too late to reject',
    });
    expect(again.statusCode).toBe(409);

    const paying = await api('POST', `/api/invoices/${bill!.id}/payment`, owner, { method: 'BCA' });
    expect(paying.statusCode).toBe(200);
    expect(paying.json().status).toBe('PAYMENT_PROCESS');
    const checkout: string = paying.json().checkoutUrl;
    sim.pay(checkout.split('/').pop()!);
    await waitFor(
      async () => (await api('GET', `/api/invoices/${bill!.id}`, owner)).json().status === 'PAID',
    );
    const history = await api('GET', '/api/invoices?status=history', owner);
    expect(history.json().items.map((b: { id: string }) => b.id)).toEqual([bill!.id]);
  });
});

describe('rejection, auto-confirmation, proof and overdue', () => {
  let second: Biz;
  let secondOwner: TokenPair;
  beforeAll(async () => {
    second = await makeBusiness(server.deps.db, 'Toko Tagihan Dua');
    secondOwner = await signInFresh(server.app, second.owner.email);
    await postPaidUsage(second, [50_000]);
    await buildMonthlyBills(createBillsContext(server.deps), PERIOD);
  });

  it('e-mails finance the reason of a rejection', async () => {
    const [bill] = await billsOf(second.clientId);
    const res = await api('POST', `/api/invoices/${bill!.id}/approval`, secondOwner, {
      statusApproval: 'REJECTED',
      reason: 'The broadcast of the 15th was cancelled',
    });
    expect(res.json().status).toBe('REJECT_CONFIRMATION');
    await waitFor(async () => {
      const mails = await server.deps.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'finance@sapa.test'));
      return mails.some((m) => m.body.includes('The broadcast of the 15th was cancelled'));
    });
  });

  it('confirms an unanswered summary after its due date, then turns the unpaid invoice OVERDUE', async () => {
    const [bill] = await billsOf(second.clientId);
    await server.deps.db
      .update(invoices)
      .set({ status: 'PENDING_CONFIRMATION', approval: null })
      .where(eq(invoices.id, bill!.id));
    const ctx = createBillsContext(server.deps);
    const later = new Date(Date.now() + 8 * 86_400_000);
    await advanceBills(ctx, later);
    await waitFor(async () => (await billsOf(second.clientId))[0]!.status === 'WAITING_PAYMENT');
    await advanceBills(ctx, new Date(Date.now() + 30 * 86_400_000));
    const [overdue] = await billsOf(second.clientId);
    expect(overdue).toMatchObject({ status: 'OVERDUE', approval: null });
    const active = await api('GET', '/api/invoices/active', secondOwner);
    expect(active.json().overdue).toHaveLength(1);
  });

  it('takes a payment proof through a presigned upload of at most 2 MB', async () => {
    const [bill] = await billsOf(second.clientId);
    const tooBig = await api('POST', '/api/invoices/files', secondOwner, {
      mimeType: 'image/png',
      type: 'PAYMENT_PROOF_IMAGE',
      filename: 'transfer.png',
      size: 3 * 1024 * 1024,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toContain('Payment proof over 2 MB');
    const presign = await api('POST', '/api/invoices/files', secondOwner, {
      mimeType: 'image/png',
      type: 'PAYMENT_PROOF_IMAGE',
      filename: 'transfer bca.png',
      size: 2048,
    });
    expect(presign.statusCode).toBe(200);
    const { presignUrl, fileId } = presign.json();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2040),
    ]);
    const oversized = await server.app.inject({
      method: 'PUT',
      url: presignUrl,
      headers: { 'content-type': 'image/png', ...en },
      payload: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.body).toContain('Payment proof over 2 MB');
    const forged = await server.app.inject({
      method: 'PUT',
      url: `${presignUrl}x`,
      headers: { 'content-type': 'image/png', ...en },
      payload: png,
    });
    expect(forged.statusCode).toBe(403);
    const put = await server.app.inject({
      method: 'PUT',
      url: presignUrl,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    // Another business cannot pay with this proof.
    const theirs = await api('POST', `/api/invoices/${bill!.id}/payment`, otherOwner, {
      urlPaymentProof: fileId,
    });
    expect(theirs.statusCode).toBe(409);
    const paid = await api('POST', `/api/invoices/${bill!.id}/payment`, secondOwner, {
      urlPaymentProof: fileId,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('PAYMENT_PROCESS');
    expect(paid.json().documents.map((d: { kind: string }) => d.kind)).toContain('PAYMENT_PROOF_IMAGE');
  });

  it('blocks a business with a bill more than 90 days overdue', async () => {
    const [bill] = await billsOf(second.clientId);
    await server.deps.db
      .update(invoices)
      .set({ paymentDueDate: sql`current_date - 91` })
      .where(eq(invoices.id, bill!.id));
    const active = await api('GET', '/api/invoices/active', secondOwner);
    expect(active.json().blocked).toBe(true);
  });
});
