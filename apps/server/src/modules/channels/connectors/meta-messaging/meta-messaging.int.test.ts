import { type MetaCustomer, metaSignature } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accounts,
  biz,
  connectMetaAccount,
  IG,
  other,
  otherOwner,
  owner,
  payloadOf,
  server,
  sim,
  useMetaServer,
} from '../../../../../test/servers/meta.js';
import { mediaStorage, tickets } from '../../../conversations/index.js';

await useMetaServer();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 24 * 60 * 60 * 1000;
const OBJECTS = { MSG: 'page', IGM: 'instagram' } as const;
const PATHS = { MSG: 'messenger', IGM: 'instagram' } as const;
type Code = 'MSG' | 'IGM';

let customers = 0;
const newCustomer = (name = 'Ani'): MetaCustomer => ({ id: String(7_000_000_000_000 + ++customers), name });

const inboxOf = (code: Code) =>
  channelInbox(() => ({ server, clientId: biz.clientId, accountId: accounts[code].sapaId, owner }));

function post(code: Code, raw: string, signature: string | undefined) {
  return server.app.inject({
    method: 'POST',
    url: `/webhooks/${PATHS[code]}/${accounts[code].sapaId}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: raw,
  });
}

/** Signed as Meta signs (the simulators' own HMAC, not Sapa's). */
const signed = (code: Code, raw: string) => metaSignature(accounts[code].keys.appSecret, raw);

const deliveryOf = (code: Code, ...entries: { messaging: unknown[] }[]) =>
  JSON.stringify({
    object: OBJECTS[code],
    entry: entries.map((e) => ({ id: accounts[code].keys.id, time: Date.now(), ...e })),
  });

const textEvent = (code: Code, customer: MetaCustomer, mid: string, text: string) => ({
  sender: { id: customer.id },
  recipient: { id: accounts[code].keys.id },
  timestamp: Date.now(),
  message: { mid, text },
});

async function customerWrites(code: Code, customer: MetaCustomer, text: string) {
  const { mids } = await sim.customerSends({
    accountId: accounts[code].keys.id,
    from: customer,
    messages: [{ text }],
  });
  return inboxOf(code).inboundOf(mids[0]!);
}

/** The customer last wrote `ms` ago, as Sapa and Meta both know it. */
async function customerLastWrote(code: Code, customer: MetaCustomer, ticketId: string, ms: number) {
  const at = Date.now() - ms;
  await server.deps.db
    .update(tickets)
    .set({ lastCustomerMessageAt: new Date(at) })
    .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
  sim.setLastCustomerMessageAt(accounts[code].keys.id, customer.id, at);
}

async function upload(ticketId: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const r = await fetch(`${server.deps.config.publicUrl}/api/tickets/${ticketId}/uploads`, {
    method: 'POST',
    headers: bearer(owner),
    body: form,
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: string }).id;
}

describe('connecting a Facebook Page and an Instagram account (001 §2, §8, §9)', () => {
  it('shows the webhook URL and verify token Meta verifies; the secrets are never returned', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    for (const code of ['MSG', 'IGM'] as const) {
      const view = list.json().items.find((a: { id: string }) => a.id === accounts[code].sapaId);
      expect(view).toMatchObject({
        channel: code,
        status: 'connected',
        webhookUrl: `${server.deps.config.publicUrl}/webhooks/${PATHS[code]}/${accounts[code].sapaId}`,
        webhookVerifyToken: expect.any(String),
      });
      expect(list.body).not.toContain(accounts[code].keys.accessToken);
      expect(list.body).not.toContain(accounts[code].keys.appSecret);
    }
    expect(list.json().items.find((a: { channel: string }) => a.channel === 'IGM').address).toBe(
      `@${IG.username}`,
    );
  });

  it('refuses the verification GET with a wrong verify token (403)', async () => {
    const url = `/webhooks/messenger/${accounts.MSG.sapaId}?hub.mode=subscribe&hub.verify_token=salah&hub.challenge=42`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('refuses a second Page, the Page in another business, a bad token, a missing secret and an agent', async () => {
    const second = sim.registerAccount({ platform: 'messenger', name: 'Kedua' });
    const again = await connectMetaAccount(owner, 'MSG', payloadOf(second));
    expect([again.statusCode, again.json().code]).toEqual([409, 'channel.messengerExists']);
    const elsewhere = await connectMetaAccount(otherOwner, 'MSG', payloadOf(accounts.MSG.keys));
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'channel.tokenOnAnotherClient']);
    const badToken = await connectMetaAccount(otherOwner, 'MSG', {
      ...payloadOf(second),
      accessToken: 'EAAGbukantokenyangbenar',
    });
    expect([badToken.statusCode, badToken.json().code]).toEqual([400, 'channel.tokenInvalid']);
    const mismatch = await connectMetaAccount(otherOwner, 'IGM', {
      ...payloadOf(second),
      metaAccountId: IG.id,
    });
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'channel.metaAccountMismatch']);
    const missing = await connectMetaAccount(otherOwner, 'MSG', { ...payloadOf(second), appSecret: '' });
    expect([missing.statusCode, missing.json().fields]).toEqual([
      400,
      { appSecret: 'App secret is required' },
    ]);
    const agent = await signInFresh(server.app, other.agent.email);
    expect((await connectMetaAccount(agent, 'MSG', payloadOf(second))).statusCode).toBe(403);
  });
});

describe.each(['MSG', 'IGM'] as const)('%s inbound', (code) => {
  const { storedEvents, inboundOf, countMessages, mediaArrived } = inboxOf(code);

  it("brings a customer's message to the inbox as a chat of the channel", async () => {
    const inbound = await customerWrites(code, newCustomer('Ani'), 'Halo, ada stok?');
    expect(inbound).toMatchObject({ direction: 'in', type: 'text', text: 'Halo, ada stok?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: code });
  });

  it("names the customer from Meta's profile API instead of their id", async () => {
    const customer = { id: String(7_100_000_000_000 + ++customers), name: 'Sinta Profil' };
    const inbound = await customerWrites(code, customer, 'Siapa saya?');
    const named = await waitFor(async () => {
      const ticket = await server.app.inject({
        method: 'GET',
        url: `/api/tickets/${inbound.ticketId}`,
        headers: bearer(owner),
      });
      const summary = ticket.json() as { contact: { name: string } };
      return summary.contact.name === 'Sinta Profil' ? summary : false;
    });
    expect(named?.contact.name).not.toBe(customer.id);
  });

  it('refuses a delivery with a wrong or missing signature and stores nothing', async () => {
    const before = await storedEvents();
    const raw = deliveryOf(code, { messaging: [textEvent(code, newCustomer(), `m_palsu_${code}`, 'palsu')] });
    expect((await post(code, raw, undefined)).statusCode).toBe(401);
    expect((await post(code, raw, signed(code, `${raw} `))).statusCode).toBe(401);
    expect((await post(code, raw, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('stores a redelivered message once, though Meta groups it with another event the second time', async () => {
    const customer = newCustomer('Budi');
    const before = await storedEvents();
    const once = textEvent(code, customer, `m_sekali_${code}`, 'sekali');
    const first = deliveryOf(code, { messaging: [once] });
    const again = deliveryOf(code, {
      messaging: [once, textEvent(code, customer, `m_lagi_${code}`, 'lagi')],
    });
    const answers = await Promise.all([
      post(code, first, signed(code, first)),
      post(code, again, signed(code, again)),
      post(code, first, signed(code, first)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await inboundOf(`m_lagi_${code}`);
    await inboundOf(`m_sekali_${code}`);
    expect(await storedEvents()).toBe(before + 2);
    expect(await countMessages(`m_sekali_${code}`)).toBe(1);
  });

  it('stores every event of a batch: two entries, several messages and a postback', async () => {
    const a = newCustomer('Citra');
    const b = newCustomer('Dodi');
    const postback = {
      sender: { id: b.id },
      recipient: { id: accounts[code].keys.id },
      timestamp: Date.now(),
      postback: { mid: `m_pb_${code}`, title: 'Lihat katalog', payload: 'CATALOG' },
    };
    const raw = deliveryOf(
      code,
      { messaging: [textEvent(code, a, `m_b1_${code}`, 'satu'), textEvent(code, a, `m_b2_${code}`, 'dua')] },
      { messaging: [textEvent(code, b, `m_b3_${code}`, 'tiga'), postback] },
    );
    expect((await post(code, raw, signed(code, raw))).statusCode).toBe(200);
    const rows = await Promise.all(
      [`m_b1_${code}`, `m_b2_${code}`, `m_b3_${code}`, `m_pb_${code}`].map(inboundOf),
    );
    expect(rows.map((r) => r.text)).toEqual(['satu', 'dua', 'tiga', 'Lihat katalog']);
    expect(rows[3]).toMatchObject({ type: 'button', payload: { postback: 'CATALOG' } });
    expect(rows[0]!.ticketId).toBe(rows[1]!.ticketId);
    expect(rows[2]!.ticketId).toBe(rows[3]!.ticketId);
  });

  it('downloads an image from the attachment URL: it arrives with its bytes', async () => {
    const { mids } = await sim.customerSends({
      accountId: accounts[code].keys.id,
      from: newCustomer('Dewi'),
      messages: [{ file: { bytes: PNG, mime: 'image/png', filename: 'foto.png' } }],
    });
    const row = await inboundOf(mids[0]!);
    expect(row.type).toBe('image');
    const withMedia = await mediaArrived(row.id);
    expect(withMedia.media).toMatchObject({ mime: 'image/png', size: PNG.length });
    const stored = await mediaStorage(server.deps).get(`${biz.clientId}/${row.id}`);
    expect(stored?.bytes.equals(PNG)).toBe(true);
  });

  it('shows a message the business sent elsewhere (an echo) as sent; the echo of its own reply adds nothing', async () => {
    const customer = newCustomer('Eka');
    const inbound = await customerWrites(code, customer, 'Halo');
    const echo = {
      sender: { id: accounts[code].keys.id },
      recipient: { id: customer.id },
      timestamp: Date.now(),
      message: { mid: `m_echo_${code}`, text: 'Dari aplikasi', is_echo: true, app_id: 1 },
    };
    const raw = deliveryOf(code, { messaging: [echo] });
    expect((await post(code, raw, signed(code, raw))).statusCode).toBe(200);
    const row = await inboundOf(`m_echo_${code}`);
    expect(row).toMatchObject({
      direction: 'out',
      status: 'sent',
      text: 'Dari aplikasi',
      ticketId: inbound.ticketId,
    });
    const res = await inboxOf(code).reply(inbound.ticketId, { text: 'Dari Sapa' });
    const sent = await inboxOf(code).sentRow(res.json().id, 'sent');
    await sim.idle();
    expect(await countMessages(sent.providerMessageId!)).toBe(1);
  });
});

describe('Instagram story replies and mentions', () => {
  const { inboundOf, mediaArrived } = inboxOf('IGM');
  it('marks a reply to the business’s story and a mention in the customer’s story, the mention with its photo', async () => {
    const { mids } = await sim.customerSends({
      accountId: accounts.IGM.keys.id,
      from: newCustomer('Fani'),
      messages: [{ storyReply: { text: 'Masih ada?' } }, { storyMention: { bytes: PNG, mime: 'image/png' } }],
    });
    const [reply, mention] = await Promise.all(mids.map(inboundOf));
    expect(reply).toMatchObject({ type: 'text', text: 'Masih ada?', payload: { story: 'reply' } });
    expect(mention).toMatchObject({ type: 'image', payload: { story: 'mention' } });
    expect((await mediaArrived(mention!.id)).media).toMatchObject({ size: PNG.length });
  });
});

describe.each(['MSG', 'IGM'] as const)('%s outbound', (code) => {
  const { reply, sentRow, messageOnce } = inboxOf(code);

  it('opening the chat marks it seen for the customer; the customer reading marks the replies read', async () => {
    const customer = newCustomer('Rani');
    const inbound = await customerWrites(code, customer, 'Sudah dibaca?');
    const opened = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${inbound.ticketId}/read`,
      headers: bearer(owner),
      payload: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitFor(async () => (sim.seenByBusinessAt(accounts[code].keys.id, customer.id) ?? 0) > 0);
    const first = await sentRow((await reply(inbound.ticketId, { text: 'Sudah kak' })).json().id, 'sent');
    const second = await sentRow((await reply(inbound.ticketId, { text: 'Ada lagi?' })).json().id, 'sent');
    // Messenger: one read watermark reads both; Instagram: messaging_seen names the last, the earlier stays.
    expect(sim.customerReads({ accountId: accounts[code].keys.id, customerId: customer.id })).toEqual({
      read: true,
    });
    await messageOnce(second.id, (m) => m.status === 'read');
    if (code === 'MSG') await messageOnce(first.id, (m) => m.status === 'read');
  });

  it('answers with messaging_type RESPONSE inside 24 hours; delivery receipts move it forward', async () => {
    const customer = newCustomer('Gita');
    const inbound = await customerWrites(code, customer, 'Kapan dikirim?');
    const res = await reply(inbound.ticketId, { text: 'Besok pagi kak' });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await sentRow(res.json().id, 'sent');
    const [m] = sim.sentMessages(accounts[code].keys.id, customer.id);
    expect(m).toMatchObject({
      text: 'Besok pagi kak',
      messagingType: 'RESPONSE',
      metadata: `sapa:${sent.id}`,
    });
    expect(sent.providerMessageId).toBe(m!.mid);
    if (code === 'MSG') await messageOnce(sent.id, (row) => row.status === 'delivered');
  });

  it('sends an image Meta downloads from a signed link, the caption after it', async () => {
    const customer = newCustomer('Hana');
    const inbound = await customerWrites(code, customer, 'Minta fotonya');
    const res = await reply(inbound.ticketId, {
      attachmentId: await upload(inbound.ticketId, PNG, 'produk.png'),
      text: 'Ini kak',
    });
    expect(res.statusCode, res.body).toBe(200);
    await sentRow(res.json().id, 'sent');
    const [image, caption] = sim.sentMessages(accounts[code].keys.id, customer.id);
    expect(image).toMatchObject({ attachment: { type: 'image' } });
    expect(caption).toMatchObject({ text: 'Ini kak' });
    const bytes = await waitFor(async () => sim.sentAttachmentBytes(image!.mid) ?? false);
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('tags a reply HUMAN_AGENT between 24 hours and 7 days; after 7 days the chat can only be resolved', async () => {
    const customer = newCustomer('Indra');
    const inbound = await customerWrites(code, customer, 'Halo');
    await customerLastWrote(code, customer, inbound.ticketId, 3 * DAY);
    const tagged = await reply(inbound.ticketId, { text: 'Maaf baru dibalas' });
    expect(tagged.statusCode, tagged.body).toBe(200);
    await sentRow(tagged.json().id, 'sent');
    expect(sim.sentMessages(accounts[code].keys.id, customer.id)).toMatchObject([
      { text: 'Maaf baru dibalas', messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' },
    ]);
    await customerLastWrote(code, customer, inbound.ticketId, 8 * DAY);
    const late = await reply(inbound.ticketId, { text: 'Terlambat' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'inbox.expiredResolve']);
  });

  it("shows Meta's outside-window error (10 / 2018278) on the failed message", async () => {
    const customer = newCustomer('Joko');
    const inbound = await customerWrites(code, customer, 'Halo');
    // Meta knows the customer wrote 2 days ago, Sapa thinks 1 hour: Sapa sends RESPONSE, Meta refuses it.
    sim.setLastCustomerMessageAt(accounts[code].keys.id, customer.id, Date.now() - 2 * DAY);
    const res = await reply(inbound.ticketId, { text: 'Halo kak' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({
      code: 'meta.outsideWindow',
      message: expect.stringContaining('2018278'),
    });
  });
});

describe('provider refusal', () => {
  const { reply, sentRow } = inboxOf('MSG');
  const refresh = (tokens = owner, lang = 'en') =>
    server.app.inject({
      method: 'POST',
      url: `/api/channel-accounts/${accounts.MSG.sapaId}/refresh`,
      headers: { ...bearer(tokens), 'accept-language': lang },
    });

  it('refresh (001 §4) re-checks the Page with Meta: connected while the token opens it; owner or admin only', async () => {
    const ok = await refresh();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ connection: 'connected', connectionError: null, refreshable: true });
    expect(ok.json().checkedAt).toBeGreaterThan(Date.now() - 60_000);
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await refresh(agent)).statusCode).toBe(403);
    const foreign = await refresh(otherOwner);
    expect(foreign.statusCode).toBe(404);
  });

  it("shows Meta's reason when the Page token is revoked", async () => {
    const inbound = await customerWrites('MSG', newCustomer('Kiki'), 'Halo');
    sim.revokeAccessToken(accounts.MSG.keys.id);
    const res = await reply(inbound.ticketId, { text: 'Masih ada kak' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'meta.failed' });
    expect(failed.error?.message).toContain('Invalid OAuth access token');
    // 001 §4: refresh now finds the account in error, with the 001 §8 message, and the list shows it.
    const refused = await refresh();
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ connection: 'error', connectionError: 'channel.tokenInvalid' });
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    expect(list.json().items.find((a: { id: string }) => a.id === accounts.MSG.sapaId)).toMatchObject({
      status: 'connected',
      connection: 'error',
      connectionError: 'channel.tokenInvalid',
    });
  });
});

describe('tenant isolation', () => {
  it('lists no Meta account of another business', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(otherOwner),
    });
    expect(
      list.json().items.filter((a: { channel: string }) => a.channel === 'MSG' || a.channel === 'IGM'),
    ).toEqual([]);
  });
});
