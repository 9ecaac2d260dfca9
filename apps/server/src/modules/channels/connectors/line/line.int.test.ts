import { type LineCustomer, lineSignature } from '@sapa/simulators';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  biz,
  channel,
  connectLineAccount,
  OA,
  other,
  otherOwner,
  owner,
  server,
  sim,
  simHosts,
  useLineServer,
} from '../../../../../test/servers/line.js';
import { mediaStorage, messages } from '../../../conversations/index.js';
import { channelAccounts } from '../../channels.schema.js';

await useLineServer();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let customers = 0;
const newCustomer = (displayName = 'Ani'): LineCustomer => ({
  userId: `U${(0xa0000000 + ++customers).toString(16).padStart(32, '0')}`,
  displayName,
});

const webhookPath = () => `/webhooks/line/${accountId}`;

const { storedEvents, inboundOf, countMessages, reply, sentRow, mediaArrived } = channelInbox(() => ({
  server,
  clientId: biz.clientId,
  accountId,
  owner,
}));

/** A customer writes and the message reaches the inbox. */
async function customerWrites(customer: LineCustomer, text: string) {
  const { messageIds } = await sim.customerSends({
    accessToken: channel.accessToken,
    from: customer,
    messages: [{ text }],
  });
  return inboundOf(messageIds[0]!);
}

function post(raw: string, signature: string | undefined) {
  return server.app.inject({
    method: 'POST',
    url: webhookPath(),
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-line-signature': signature }),
    },
    payload: raw,
  });
}

/** Signed as LINE signs (the simulators' own HMAC, not Sapa's). */
const signed = async (raw: string) => lineSignature(channel.channelSecret, raw);

const textEvent = (
  eventId: string,
  customer: LineCustomer,
  messageId: string,
  text: string,
  redelivery = false,
) => ({
  type: 'message',
  mode: 'active',
  timestamp: Date.now(),
  webhookEventId: eventId,
  deliveryContext: { isRedelivery: redelivery },
  source: { type: 'user', userId: customer.userId },
  replyToken: `rt${eventId}`,
  message: { id: messageId, type: 'text', text, quoteToken: 'q' },
});

async function listed() {
  const list = await server.app.inject({
    method: 'GET',
    url: '/api/channel-accounts',
    headers: bearer(owner),
  });
  return { body: list.body, account: list.json().items.find((a: { id: string }) => a.id === accountId) };
}

describe('connecting a LINE account (001 §2 LINE dialog, §4 verification pending, §8, §9)', () => {
  it('checks the token, sets the webhook endpoint, and is verified by LINE’s call; secrets never returned', async () => {
    expect(sim.webhookOf(channel.accessToken)).toEqual({
      endpoint: `${server.deps.config.publicUrl}/webhooks/line/${accountId}`,
      verified: true,
    });
    const { body, account } = await listed();
    expect(account).toMatchObject({
      channel: 'LNE',
      address: OA.basicId,
      name: OA.displayName,
      status: 'connected',
      webhookVerification: 'verified',
    });
    expect(body).not.toContain(channel.accessToken);
    expect(body).not.toContain(channel.channelSecret);
  });

  it('shows "webhook verification pending" until LINE’s empty, signed call arrives; that call stores nothing', async () => {
    await server.deps.db
      .update(channelAccounts)
      .set({ config: sql`${channelAccounts.config} || '{"webhookVerifiedAt":null}'::jsonb` })
      .where(eq(channelAccounts.id, accountId));
    expect((await listed()).account.webhookVerification).toBe('pending');
    const before = await storedEvents();
    const empty = JSON.stringify({ destination: channel.botUserId, events: [] });
    expect((await post(empty, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(401);
    expect((await listed()).account.webhookVerification).toBe('pending');
    expect(await sim.postSigned(channel.accessToken, empty)).toBe(200);
    expect((await listed()).account.webhookVerification).toBe('verified');
    expect(await storedEvents()).toBe(before);
  });

  it('refuses a second account for the business, the account in another business, a bad token and a non-admin', async () => {
    const second = sim.registerChannel({ basicId: '@kedua', displayName: 'Kedua' });
    const payload = (c: typeof second) => ({
      channelSecret: c.channelSecret,
      accessToken: c.accessToken,
      ...simHosts(),
    });
    const again = await connectLineAccount(owner, payload(second));
    expect([again.statusCode, again.json().code]).toEqual([409, 'channel.lineExists']);
    const elsewhere = await connectLineAccount(otherOwner, payload(channel));
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'channel.tokenOnAnotherClient']);
    const unknown = await connectLineAccount(otherOwner, {
      ...payload(second),
      accessToken: 'no-such-token',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'channel.tokenInvalid']);
    const missing = await connectLineAccount(otherOwner, { accessToken: second.accessToken });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ channelSecret: 'Channel secret is required' });
    const agent = await signInFresh(server.app, other.agent.email);
    const refused = await connectLineAccount(agent, payload(second));
    expect(refused.statusCode).toBe(403);
    expect(sim.webhookOf(second.accessToken)).toBeNull();
  });
});

describe('LINE inbound', () => {
  it("brings a customer's message to the inbox as a LINE chat", async () => {
    const inbound = await customerWrites(newCustomer('Ani'), 'Halo, ada stok?');
    expect(inbound).toMatchObject({ direction: 'in', type: 'text', text: 'Halo, ada stok?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: 'LNE' });
  });

  it('refuses a delivery with a wrong or missing signature and stores nothing', async () => {
    const before = await storedEvents();
    const raw = JSON.stringify({
      destination: channel.botUserId,
      events: [textEvent('01PALSU', newCustomer(), '9001', 'palsu')],
    });
    expect((await post(raw, undefined)).statusCode).toBe(401);
    expect((await post(raw, await signed(`${raw} `))).statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('stores a redelivered event once, though its bytes differ (isRedelivery), and makes one message', async () => {
    const customer = newCustomer('Budi');
    const before = await storedEvents();
    const first = JSON.stringify({
      destination: channel.botUserId,
      events: [textEvent('01SEKALI', customer, '9100', 'sekali')],
    });
    const again = JSON.stringify({
      destination: channel.botUserId,
      events: [textEvent('01SEKALI', customer, '9100', 'sekali', true)],
    });
    const answers = await Promise.all([
      post(first, await signed(first)),
      post(again, await signed(again)),
      post(first, await signed(first)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await inboundOf('9100');
    expect(await storedEvents()).toBe(before + 1);
    expect(await countMessages('9100')).toBe(1);
  });

  it('stores every event of one delivery (a follow and three messages), each message once', async () => {
    const before = await storedEvents();
    const { eventIds, messageIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: newCustomer('Citra'),
      messages: [{ text: 'satu' }, { text: 'dua' }, { sticker: { packageId: '446', stickerId: '1988' } }],
    });
    expect(eventIds).toHaveLength(4);
    const rows = await Promise.all(messageIds.map(inboundOf));
    expect(rows.map((r) => r.type)).toEqual(['text', 'text', 'sticker']);
    expect(new Set(rows.map((r) => r.ticketId)).size).toBe(1);
    expect(await storedEvents()).toBe(before + 4);
  });

  it('downloads an image from the data host with the access token: it arrives with its bytes', async () => {
    const { messageIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: newCustomer('Dewi'),
      messages: [{ file: { bytes: PNG, mime: 'image/png', filename: 'foto.png' } }],
    });
    const row = await inboundOf(messageIds[0]!);
    expect(row.type).toBe('image');
    const withMedia = await mediaArrived(row.id);
    expect(withMedia.media).toMatchObject({ mime: 'image/png', size: PNG.length });
    const stored = await mediaStorage(server.deps).get(`${biz.clientId}/${row.id}`);
    expect(stored?.bytes.equals(PNG)).toBe(true);
  });
});

describe('LINE outbound', () => {
  it('answers with the reply token while it is valid, then by push (retry key) once it is used', async () => {
    const customer = newCustomer('Fajar');
    const inbound = await customerWrites(customer, 'Kapan dikirim?');
    const first = await reply(inbound.ticketId, { text: 'Besok pagi kak' });
    expect(first.statusCode, first.body).toBe(200);
    const sent = await sentRow(first.json().id, 'sent');
    const second = await reply(inbound.ticketId, { text: 'Sudah dikemas' });
    await sentRow(second.json().id, 'sent');
    const [a, b] = sim.botMessages(channel.accessToken, customer.userId);
    expect(a).toMatchObject({ type: 'text', text: 'Besok pagi kak', via: 'reply' });
    expect(b).toMatchObject({ type: 'text', text: 'Sudah dikemas', via: 'push' });
    expect(sent.providerMessageId).toBe(a!.id);
  });

  it('pushes a late reply: a token older than its minute is not used', async () => {
    const customer = newCustomer('Gita');
    const inbound = await customerWrites(customer, 'Halo');
    await server.deps.db
      .update(messages)
      .set({
        payload: sql`${messages.payload} || jsonb_build_object('replyTokenAt', ${Date.now() - 120_000}::bigint)`,
      })
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, inbound.id)));
    const res = await reply(inbound.ticketId, { text: 'Maaf terlambat' });
    await sentRow(res.json().id, 'sent');
    expect(sim.botMessages(channel.accessToken, customer.userId)).toMatchObject([
      { text: 'Maaf terlambat', via: 'push' },
    ]);
  });

  it('sends an image LINE downloads from a signed link, the caption after it; over 512 refused, not cut', async () => {
    const customer = newCustomer('Hana');
    const inbound = await customerWrites(customer, 'Minta fotonya');
    const upload = async () => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(PNG)]), 'produk.png');
      const r = await fetch(`${server.deps.config.publicUrl}/api/tickets/${inbound.ticketId}/uploads`, {
        method: 'POST',
        headers: bearer(owner),
        body: form,
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: string }).id;
    };
    const tooLong = await reply(inbound.ticketId, { attachmentId: await upload(), text: 'x'.repeat(513) });
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([400, 'attachment.captionTooLong']);
    const res = await reply(inbound.ticketId, { attachmentId: await upload(), text: 'x'.repeat(512) });
    expect(res.statusCode, res.body).toBe(200);
    await sentRow(res.json().id, 'sent');
    const [image, caption] = sim.botMessages(channel.accessToken, customer.userId);
    expect(image).toMatchObject({ type: 'image', via: 'reply' });
    expect(caption).toMatchObject({ type: 'text', text: 'x'.repeat(512) });
    const bytes = await waitFor(async () => sim.contentBytes(image!.id) ?? false);
    expect(bytes.equals(PNG)).toBe(true);
    // The link is signed: without its signature, or with another expiry, it names nothing.
    const url = new URL(String(image!.originalContentUrl));
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.origin + url.pathname)).status).toBe(404);
    url.searchParams.set('e', String(Number(url.searchParams.get('e')) + 1));
    expect((await fetch(url)).status).toBe(404);
  });

  it("shows LINE's reason when it refuses the send (a revoked access token)", async () => {
    const customer = newCustomer('Hadi');
    const inbound = await customerWrites(customer, 'Halo');
    const refresh = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/channel-accounts/${accountId}/refresh`,
        headers: bearer(owner),
      });
    // 001 §4 refresh: LINE still knows the token: connected.
    expect((await refresh()).json()).toMatchObject({ connection: 'connected', connectionError: null });
    sim.revokeAccessToken(channel.accessToken);
    const res = await reply(inbound.ticketId, { text: 'Masih ada kak' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'line.failed' });
    expect(failed.error?.message).toContain('Authentication failed');
    // …and once it is revoked, refresh shows the account in error with the 001 §8 message.
    expect((await refresh()).json()).toMatchObject({
      connection: 'error',
      connectionError: 'channel.tokenInvalid',
    });
  });
});
