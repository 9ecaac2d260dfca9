import { randomUUID } from 'node:crypto';
import { CONVERSATION_WINDOW_MS, monthlyBonusCredits } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { type Business, useTestServer } from '../../../test/use-test-server.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { chatCreditMutations, chatCreditWallets } from './billing.schema.js';
import { creditTopUp, ledgerDrift } from './chat-credits.service.js';
import { chargeChatbotReply, chargeConversation, refundWindowOf } from './conversation-charges.js';
import { creditDueBonuses } from './monthly-bonus.job.js';

/**
 * The chat-credit ledger on PostgreSQL (001 §3, §9; 000 §5): every change a row, the wallet always their sum,
 * charges once per chat room, category and 24 hours, never an overdraw, bonus credit only for inbound.
 */
let server: TestServer;
let biz: Business;
let other: Business;
let ownerToken: { accessToken: string };
let otherToken: { accessToken: string };

useTestServer({
  business: 'Toko Kredit',
  other: 'Toko Tetangga',
  server: { work: false },
  setup: async (s) => {
    ({ server, biz, other } = s);
    ownerToken = s.owner;
    otherToken = s.otherOwner;
  },
});

const db = () => server.deps.db;

async function setBilling(clientId: string, billingType: string) {
  await db().update(clients).set({ billingType }).where(eq(clients.id, clientId));
}

/** Puts `credits` of paid credit in through the ledger (a top-up row), so the wallet stays their sum. */
async function fund(clientId: string, credits: number) {
  await db().transaction((tx) =>
    creditTopUp(tx, { clientId, credits, referenceType: 'test', referenceId: randomUUID() }),
  );
}

async function wallet(clientId: string) {
  const [w] = await db().select().from(chatCreditWallets).where(eq(chatCreditWallets.clientId, clientId));
  return { balance: Number(w!.balance), bonus: Number(w!.balanceBonus) };
}

function charge(
  clientId: string,
  input: { chatRoomId?: string; at?: Date; purpose?: 'follow_up' | 'inbound'; messageId?: string },
) {
  return chargeConversation(db(), {
    clientId,
    chatRoomId: input.chatRoomId ?? randomUUID(),
    mediaPlatform: 'WAP',
    purpose: input.purpose ?? 'follow_up',
    templateCategory: 'MARKETING',
    messageId: input.messageId ?? null,
    at: input.at ?? new Date(),
    details: { ticket: 'T-1', template: 'promo' },
  });
}

describe('1,000 charges at once on one business', () => {
  it('credit for 600 follow-ups: exactly 600 are charged, 400 refused with 402, the balance ends at 0 and the rows explain it', async () => {
    await fund(biz.clientId, 511.5 * 600);
    const results = await Promise.allSettled(Array.from({ length: 1_000 }, () => charge(biz.clientId, {})));
    const charged = results.filter((r) => r.status === 'fulfilled' && r.value.charged);
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { statusCode?: number }).statusCode === 402,
    );
    expect(charged).toHaveLength(600);
    expect(refused).toHaveLength(400);
    expect(await wallet(biz.clientId)).toEqual({ balance: 0, bonus: 0 });
    expect(await ledgerDrift(db(), biz.clientId)).toEqual({ paid: 0, bonus: 0 });
    const rows = await db()
      .select()
      .from(chatCreditMutations)
      .where(and(eq(chatCreditMutations.clientId, biz.clientId), eq(chatCreditMutations.kind, 'charge')));
    expect(rows).toHaveLength(600);
    // Each row's balance after is distinct: the charges were applied one after the other, none twice.
    expect(new Set(rows.map((r) => r.balanceAfter)).size).toBe(600);
  }, 120_000);

  it('100 sends at once in one chat room and category are one charge (one window)', async () => {
    await fund(biz.clientId, 10_000);
    const before = await wallet(biz.clientId);
    const chatRoomId = randomUUID();
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => charge(biz.clientId, { chatRoomId, at })),
    );
    expect(results.filter((r) => r.charged)).toHaveLength(1);
    expect((await wallet(biz.clientId)).balance).toBe(before.balance - 511.5);
    expect(await ledgerDrift(db(), biz.clientId)).toEqual({ paid: 0, bonus: 0 });
  }, 180_000);
});

describe('the 24-hour window per chat room and category (001 §9)', () => {
  it('charges again only when the window has ended, and separately per category', async () => {
    await fund(biz.clientId, 5_000);
    const chatRoomId = randomUUID();
    const start = new Date('2026-03-02T01:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect((await charge(biz.clientId, { chatRoomId, at: start })).charged).toBe(true);
    expect((await charge(biz.clientId, { chatRoomId, at: at(CONVERSATION_WINDOW_MS - 1) })).charged).toBe(
      false,
    );
    expect((await charge(biz.clientId, { chatRoomId, at: at(3_600_000), purpose: 'inbound' })).charged).toBe(
      true,
    );
    expect((await charge(biz.clientId, { chatRoomId, at: at(CONVERSATION_WINDOW_MS) })).charged).toBe(true);
    const bot = () =>
      chargeChatbotReply(db(), { clientId: biz.clientId, chatRoomId, mediaPlatform: 'WAP', at: start });
    const first = await bot();
    expect(first.charged && first.mutation.amount).toBe('-275.48');
    expect((await bot()).charged).toBe(false);
  });
});

describe('bonus credit: monthly, on the 1st, only for inbound (001 §9)', () => {
  it('credits each business once per month, expires what is left, and pays the inbound fee before paid credit', async () => {
    await setBilling(other.clientId, 'PRE_PAID');
    const march = new Date('2026-03-01T00:30:00+07:00');
    await creditDueBonuses(server.deps, march);
    await creditDueBonuses(server.deps, march);
    const bonusRows = await db()
      .select()
      .from(chatCreditMutations)
      .where(and(eq(chatCreditMutations.clientId, other.clientId), eq(chatCreditMutations.kind, 'bonus')));
    const [business] = await db().select().from(clients).where(eq(clients.id, other.clientId));
    const monthly = monthlyBonusCredits(business!.accountStatus, business!.subscriptionPackage) / 100;
    expect(bonusRows.map((r) => [r.referenceId, Number(r.bonusAmount)])).toEqual([['2026-03', monthly]]);
    expect(await wallet(other.clientId)).toEqual({ balance: 0, bonus: monthly });

    // Bonus does not pay a follow-up…
    await expect(charge(other.clientId, {})).rejects.toMatchObject({ statusCode: 402 });
    // …but pays the inbound fee.
    const inbound = await charge(other.clientId, { purpose: 'inbound' });
    expect(inbound.charged && [inbound.mutation.amount, inbound.mutation.bonusAmount]).toEqual([
      '0.00',
      '-236.46',
    ]);

    await creditDueBonuses(server.deps, new Date('2026-04-01T00:00:00+07:00'));
    const april = await db()
      .select()
      .from(chatCreditMutations)
      .where(
        and(eq(chatCreditMutations.clientId, other.clientId), eq(chatCreditMutations.referenceId, '2026-04')),
      );
    expect(april.map((r) => [r.kind, Number(r.bonusAmount)]).sort()).toEqual([
      ['bonus', monthly],
      ['expiry', -(monthly - 236.46)],
    ]);
    expect(await wallet(other.clientId)).toEqual({ balance: 0, bonus: monthly });
    expect(await ledgerDrift(db(), other.clientId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('an inbound fee the wallet cannot cover never blocks the reply: recorded unpaid, nothing overdrawn', async () => {
    const clientId = other.clientId;
    await db()
      .update(chatCreditWallets)
      .set({ balanceBonus: '0' })
      .where(eq(chatCreditWallets.clientId, clientId));
    const result = await charge(clientId, { purpose: 'inbound' });
    expect(result.charged && result.mutation).toMatchObject({
      status: 'unpaid',
      amount: '0.00',
      bonusAmount: '0.00',
    });
  });
});

describe('refund of a send that failed for good', () => {
  it('gives the window charge back once, ends the window, and leaves other charges alone', async () => {
    await fund(biz.clientId, 2_000);
    const chatRoomId = randomUUID();
    const messageId = randomUUID();
    const before = await wallet(biz.clientId);
    const first = await charge(biz.clientId, { chatRoomId, messageId });
    expect(first.charged).toBe(true);
    // A second message in the open window: free, and its failure refunds nothing.
    const second = randomUUID();
    expect((await charge(biz.clientId, { chatRoomId, messageId: second })).charged).toBe(false);
    expect(await refundWindowOf(db(), biz.clientId, second)).toBeNull();

    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => refundWindowOf(db(), biz.clientId, messageId)),
    );
    const made = refunds.filter((r) => r !== null);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      kind: 'refund',
      status: 'success',
      amount: '511.50',
      description: 'refund',
    });
    expect(await wallet(biz.clientId)).toEqual(before);
    expect(await ledgerDrift(db(), biz.clientId)).toEqual({ paid: 0, bonus: 0 });
    // The window is over: the next send in the chat room pays again.
    expect((await charge(biz.clientId, { chatRoomId, messageId: randomUUID() })).charged).toBe(true);
  });
});

describe('POST_PAID (000 §5)', () => {
  it('is never refused: the usage is recorded post_paid and the balance stays', async () => {
    await setBilling(other.clientId, 'POST_PAID');
    const before = await wallet(other.clientId);
    const results = await Promise.all(Array.from({ length: 20 }, () => charge(other.clientId, {})));
    expect(results.every((r) => r.charged && r.mutation.status === 'post_paid')).toBe(true);
    expect(await wallet(other.clientId)).toEqual(before);
    await setBilling(other.clientId, 'PRE_PAID');
  });
});

describe('GET /api/wallet/chat-credit/mutations and its download', () => {
  const list = (query: string, token = ownerToken, lang = 'en') =>
    server.app.inject({
      method: 'GET',
      url: `/api/wallet/chat-credit/mutations${query}`,
      headers: { ...bearer(token as never), 'accept-language': lang },
    });

  it('pages newest first with a running balance, filters by time, refuses a reversed range', async () => {
    const first = await list('?limit=5');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeTruthy();
    const [a, b] = page.items;
    expect(a.createdAt).toBeGreaterThanOrEqual(b.createdAt);
    // The running balance: a row's balance after is the previous row's plus its own amount (success rows).
    if (a.status === 'success') expect(a.balanceAfter).toBeCloseTo(b.balanceAfter + a.amount, 2);
    const next = await list(`?limit=5&cursor=${encodeURIComponent(page.nextCursor)}`);
    expect(next.json().items[0].createdAt).toBeLessThanOrEqual(page.items[4].createdAt);

    const future = await list(`?from=${Date.now() + 86_400_000}`);
    expect(future.json().items).toHaveLength(0);
    const reversed = await list('?from=2000&to=1000');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields?.to ?? reversed.json().message).toBeTruthy();
    expect((await list('?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('downloads csv described in the reader language', async () => {
    const url = '/api/wallet/chat-credit/mutations/download';
    const en = await server.app.inject({
      method: 'GET',
      url: `${url}?lang=en`,
      headers: bearer(ownerToken as never),
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.body).toContain('Time,Description,Status,Amount,Balance');
    expect(en.body).toContain('Follow-up chat T-1 (promo)');
    const id = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(ownerToken as never), 'accept-language': 'id' },
    });
    expect(id.body).toContain('Waktu,Deskripsi,Status,Jumlah,Saldo');
    expect(id.body).toContain('Berhasil');
  });

  it('shows a business only its own money; a user without chat credits is refused', async () => {
    const mine = (await list('?limit=100')).json().items.map((m: { id: string }) => m.id);
    const theirs = (await list('?limit=100', otherToken)).json().items.map((m: { id: string }) => m.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((id: string) => theirs.includes(id))).toEqual([]);
    const download = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/chat-credit/mutations/download?lang=en',
      headers: bearer(otherToken as never),
    });
    // Only `biz` was topped up.
    expect(download.body).toContain('Bonus credits');
    expect(download.body).not.toContain('Top up');
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await list('', agent)).statusCode).toBe(403);
  });
});
