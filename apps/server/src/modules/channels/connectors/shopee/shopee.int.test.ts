import { shopeePushSignature } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  authorizeShopee,
  biz,
  connectShop,
  other,
  otherOwner,
  owner,
  SHOP,
  server,
  shopId,
  sim,
  useShopeeServer,
} from '../../../../../test/servers/shopee.js';
import { channelAccounts, shopeeConfigOf } from '../../channels.schema.js';

await useShopeeServer();

const { storedEvents, inboundOf, countMessages, reply, sentRow } = channelInbox(() => ({
  server,
  clientId: biz.clientId,
  accountId,
  owner,
}));

let buyers = 0;
const newBuyer = () => ({ username: `pembeli.${++buyers}${Date.now() % 1000}` });

/** A buyer writes on Shopee and the message reaches the inbox. */
async function buyerWrites(text: string, buyer = newBuyer()) {
  const sent = await sim.buyerSends({ shopId, buyer, message: { text } });
  return { sent, row: await inboundOf(sent.messageId) };
}

const pushUrl = () => `${server.deps.config.publicUrl}/webhooks/shopee`;
const postPush = (raw: string, authorization: string | undefined) =>
  server.app.inject({
    method: 'POST',
    url: '/webhooks/shopee',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: raw,
  });

async function accountRow() {
  const [row] = await server.deps.db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, biz.clientId), eq(channelAccounts.id, accountId)));
  return row!;
}

describe('connecting a Shopee store (001 §2 marketplace dialog, §3, §5, §8)', () => {
  it('stores the consented shop with its tokens sealed, and points the partner push at Sapa', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    const account = list.json().items.find((a: { id: string }) => a.id === accountId);
    expect(account).toMatchObject({
      channel: 'SHP',
      address: SHOP.username,
      name: SHOP.name,
      status: 'connected',
    });
    expect(sim.pushConfig()).toEqual({ callbackUrl: pushUrl(), codes: [10] });
    const row = await accountRow();
    expect(shopeeConfigOf(row)).toMatchObject({ shopId, storeUsername: SHOP.username });
    expect(shopeeConfigOf(row).accessTokenExpiresAt).toBeGreaterThan(Date.now() + 3 * 3600_000);
    expect(row.secrets).not.toMatch(/[0-9a-f]{32}/);
  });

  it('refuses an empty store, a non-admin, a shop of another business, and a forged state', async () => {
    const empty = await authorizeShopee(owner, { store: '  ' });
    expect([empty.statusCode, empty.json().fields]).toEqual([
      400,
      { store: 'Marketplace username or link is required' },
    ]);
    const junk = await authorizeShopee(owner, { store: 'https://shopee.co.id/' });
    expect([junk.statusCode, junk.json().code]).toEqual([400, 'channel.storeNotFound']);
    const agent = await signInFresh(server.app, other.agent.email);
    expect((await authorizeShopee(agent, { store: 'tokolain' })).statusCode).toBe(403);
    const elsewhere = await connectShop(otherOwner, SHOP.username, shopId);
    expect(elsewhere.searchParams.get('error')).toBe('channel.storeConnectedElsewhere');
    const forged = await server.app.inject({
      method: 'GET',
      url: `/api/channel-accounts/shopee/callback?state=x.y&code=abc&shop_id=${shopId}`,
    });
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toBe('channel.connectFailed');
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(otherOwner),
    });
    expect(theirs.json().items.some((a: { channel: string }) => a.channel === 'SHP')).toBe(false);
  });
});

describe('Shopee inbound', () => {
  it("brings a buyer's message to the inbox as a Shopee chat with the buyer's name", async () => {
    const buyer = newBuyer();
    const { row } = await buyerWrites('Kak, stok warna merah ada?', buyer);
    expect(row).toMatchObject({ direction: 'in', type: 'text', text: 'Kak, stok warna merah ada?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${row.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: 'SHP' });
    expect(ticket.body).toContain(buyer.username);
  });

  it('refuses a push with a wrong or missing Authorization and stores nothing', async () => {
    const { sent } = await buyerWrites('asli');
    await sim.idle();
    const raw = sim.deliveredPushes().find((p) => p.raw.includes(sent.messageId))!.raw;
    const forged = raw.replace('asli', 'palsu');
    const before = await storedEvents();
    expect((await postPush(forged, undefined)).statusCode).toBe(401);
    expect(
      (await postPush(forged, shopeePushSignature(sim.partner.partnerKey, pushUrl(), raw))).statusCode,
    ).toBe(401);
    expect((await postPush(forged, shopeePushSignature('another-key', pushUrl(), forged))).statusCode).toBe(
      401,
    );
    expect(await storedEvents()).toBe(before);
  });

  it('stores a redelivered push once and makes one message', async () => {
    const { sent } = await buyerWrites('sekali saja');
    await sim.idle();
    const raw = sim.deliveredPushes().find((p) => p.raw.includes(sent.messageId))!.raw;
    const before = await storedEvents();
    const answers = await Promise.all([sim.postSigned(raw), sim.postSigned(raw), sim.postSigned(raw)]);
    // Shopee's redelivery of the same message with another push time: other bytes, the same message id.
    const later = raw.replace(/"timestamp":(\d+)}$/, (_all, t: string) => `"timestamp":${Number(t) + 30}}`);
    expect(later).not.toBe(raw);
    answers.push(
      await postPush(later, shopeePushSignature(sim.partner.partnerKey, pushUrl(), later)).then(
        (r) => r.statusCode,
      ),
    );
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(await storedEvents()).toBe(before);
    expect(await countMessages(sent.messageId)).toBe(1);
  });
});

describe('Shopee outbound', () => {
  it("sends the agent's text to the buyer with the signed send API", async () => {
    const { sent, row } = await buyerWrites('Kapan dikirim?');
    const res = await reply(row.ticketId, { text: 'Hari ini kak' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await sentRow(res.json().id, 'sent');
    const [message] = sim.shopMessages(shopId, sent.buyerId);
    expect(message).toMatchObject({ messageType: 'text', content: { text: 'Hari ini kak' } });
    expect(done.providerMessageId).toBe(message!.messageId);
  });

  it('refreshes a token Shopee refuses as expired, stores the new pair, and the send succeeds', async () => {
    const { sent, row } = await buyerWrites('Masih ada?');
    const before = await accountRow();
    const refreshed = sim.stats().refreshed;
    sim.expireAccessToken(shopId);
    const res = await reply(row.ticketId, { text: 'Masih kak' });
    await sentRow(res.json().id, 'sent');
    expect(sim.stats().refreshed).toBe(refreshed + 1);
    expect(sim.shopMessages(shopId, sent.buyerId).map((m) => m.content.text)).toEqual(['Masih kak']);
    const after = await accountRow();
    expect(after.secrets).not.toBe(before.secrets);
    expect(shopeeConfigOf(after).accessTokenExpiresAt).toBeGreaterThanOrEqual(
      shopeeConfigOf(before).accessTokenExpiresAt,
    );
  });

  it('refreshes a token near its expiry before sending (the stored expiry, as after a restart)', async () => {
    const { sent, row } = await buyerWrites('Bisa COD?');
    const before = await accountRow();
    await server.deps.db
      .update(channelAccounts)
      .set({ config: { ...shopeeConfigOf(before), accessTokenExpiresAt: Date.now() + 60_000 } })
      .where(and(eq(channelAccounts.clientId, biz.clientId), eq(channelAccounts.id, accountId)));
    const refreshed = sim.stats().refreshed;
    const refusedSign = sim.stats().refusedSign;
    const res = await reply(row.ticketId, { text: 'Bisa kak' });
    await sentRow(res.json().id, 'sent');
    expect(sim.stats().refreshed).toBe(refreshed + 1);
    expect(sim.stats().refusedSign).toBe(refusedSign);
    expect(sim.shopMessages(shopId, sent.buyerId)).toHaveLength(1);
    expect(shopeeConfigOf(await accountRow()).accessTokenExpiresAt).toBeGreaterThan(
      Date.now() + 3 * 3600_000,
    );
  });
});
