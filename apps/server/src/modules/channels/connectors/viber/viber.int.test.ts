import { type ViberCustomer, viberSignature } from '@sapa/simulators';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  BOT,
  biz,
  connectViberBot,
  other,
  otherOwner,
  owner,
  server,
  sim,
  useViberServer,
} from '../../../../../test/servers/viber.js';
import { mediaStorage } from '../../../conversations/index.js';

await useViberServer();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let customers = 0;
const newCustomer = (name = 'Ani'): ViberCustomer => ({ id: `vbUser${++customers}AbC==`, name });

const { storedEvents, inboundOf, countMessages, reply, sentRow, mediaArrived, messageOnce } = channelInbox(
  () => ({ server, clientId: biz.clientId, accountId, owner }),
);

async function customerWrites(customer: ViberCustomer, text: string) {
  const { messageToken } = await sim.customerSends({ token: BOT.token, from: customer, message: { text } });
  return inboundOf(messageToken);
}

function post(raw: string, signature: string | undefined) {
  return server.app.inject({
    method: 'POST',
    url: `/webhooks/viber/${accountId}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-viber-content-signature': signature }),
    },
    payload: raw,
  });
}

/** A `message` callback as Viber writes it: `message_token` a bare 64-bit number. */
const textCallback = (token: string, customer: ViberCustomer, text: string) =>
  `{"event":"message","timestamp":${Date.now()},"chat_hostname":"SN-1_","message_token":${token},` +
  `"sender":{"id":"${customer.id}","name":"${customer.name}"},"message":{"type":"text","text":"${text}"}}`;

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

describe('connecting a Viber bot (001 §2 bot token, §8, §9)', () => {
  it('checks the token, sets the webhook (Viber’s signed check answered 200); the token never returned', async () => {
    expect(sim.webhookOf(BOT.token)).toMatchObject({
      url: `${server.deps.config.publicUrl}/webhooks/viber/${accountId}`,
    });
    expect(sim.webhookOf(BOT.token)?.eventTypes).toEqual(
      expect.arrayContaining(['delivered', 'seen', 'failed']),
    );
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    const account = list.json().items.find((a: { id: string }) => a.id === accountId);
    expect(account).toMatchObject({ channel: 'VBR', address: BOT.uri, name: BOT.name, status: 'connected' });
    expect(list.body).not.toContain(BOT.token);
  });

  it('refuses a second bot for the business, the bot in another business, a bad token and a non-admin', async () => {
    const second = {
      token: 'aaaabbbbccccdddd-1111222233334444-5555666677778888',
      name: 'Kedua',
      uri: 'kedua',
    };
    sim.registerBot(second);
    const again = await connectViberBot(owner, { botToken: second.token, apiBaseUrl: sim.apiBaseUrl });
    expect([again.statusCode, again.json().code]).toEqual([409, 'channel.viberExists']);
    const elsewhere = await connectViberBot(otherOwner, { botToken: BOT.token, apiBaseUrl: sim.apiBaseUrl });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'channel.tokenOnAnotherClient']);
    const unknown = await connectViberBot(otherOwner, {
      botToken: '0000000000000000-0000000000000000-0000000000000000',
      apiBaseUrl: sim.apiBaseUrl,
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'channel.tokenInvalid']);
    const missing = await connectViberBot(otherOwner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ botToken: 'Bot token is required' });
    const agent = await signInFresh(server.app, other.agent.email);
    const refused = await connectViberBot(agent, { botToken: second.token, apiBaseUrl: sim.apiBaseUrl });
    expect(refused.statusCode).toBe(403);
    expect(sim.webhookOf(second.token)).toBeNull();
  });
});

describe('Viber inbound', () => {
  it("brings a customer's message to the inbox as a Viber chat", async () => {
    const inbound = await customerWrites(newCustomer('Ani'), 'Halo, ada stok?');
    expect(inbound).toMatchObject({ direction: 'in', type: 'text', text: 'Halo, ada stok?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: 'VBR' });
  });

  it('refuses a callback with a wrong or missing signature and stores nothing', async () => {
    const before = await storedEvents();
    const raw = textCallback('5100000000000000001', newCustomer(), 'palsu');
    expect((await post(raw, undefined)).statusCode).toBe(401);
    expect((await post(raw, viberSignature(BOT.token, `${raw} `))).statusCode).toBe(401);
    expect((await post(raw, viberSignature('another-token', raw))).statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('stores a redelivered callback once, and keeps two 64-bit tokens one apart as two messages', async () => {
    const customer = newCustomer('Budi');
    const before = await storedEvents();
    // Two tokens a double cannot tell apart: read as numbers they would be one message.
    const first = textCallback('5200000000000000001', customer, 'satu');
    const second = textCallback('5200000000000000002', customer, 'dua');
    const answers = await Promise.all(
      [first, first, second, first].map((raw) => post(raw, viberSignature(BOT.token, raw))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await inboundOf('5200000000000000001')).text).toBe('satu');
    expect((await inboundOf('5200000000000000002')).text).toBe('dua');
    expect(await storedEvents()).toBe(before + 2);
    expect(await countMessages('5200000000000000001')).toBe(1);
  });

  it('stores every callback of a burst (messages, subscribed, conversation_started), each once', async () => {
    const customer = newCustomer('Citra');
    const before = await storedEvents();
    const tokens = [];
    for (const text of ['satu', 'dua', 'tiga'])
      tokens.push(
        (await sim.customerSends({ token: BOT.token, from: customer, message: { text } })).messageToken,
      );
    const rows = await Promise.all(tokens.map(inboundOf));
    expect(rows.map((r) => r.text)).toEqual(['satu', 'dua', 'tiga']);
    expect(new Set(rows.map((r) => r.ticketId)).size).toBe(1);
    const started = `{"event":"conversation_started","timestamp":${Date.now()},"message_token":5300000000000000001,"type":"open","user":{"id":"${customer.id}","name":"Citra"},"subscribed":true}`;
    expect((await post(started, viberSignature(BOT.token, started))).statusCode).toBe(200);
    await waitFor(async () => (await storedEvents()) === before + 4);
  });

  it('fetches a picture and a file from the URL Viber names: each arrives with its bytes', async () => {
    const customer = newCustomer('Dewi');
    const picture = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { file: { bytes: PNG, mime: 'image/png', filename: 'foto.png' }, caption: 'ini fotonya' },
    });
    const file = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { file: { bytes: PDF, mime: 'application/pdf', filename: 'katalog.pdf' } },
    });
    const image = await inboundOf(picture.messageToken);
    expect(image).toMatchObject({ type: 'image', text: 'ini fotonya' });
    const doc = await inboundOf(file.messageToken);
    expect(doc.type).toBe('document');
    expect((await mediaArrived(image.id)).media).toMatchObject({ mime: 'image/png', size: PNG.length });
    expect((await mediaArrived(doc.id)).media).toMatchObject({ filename: 'katalog.pdf', size: PDF.length });
    const stored = await mediaStorage(server.deps).get(`${biz.clientId}/${image.id}`);
    expect(stored?.bytes.equals(PNG)).toBe(true);
  });
});

describe('Viber outbound', () => {
  it('sends text with send_message; Viber’s delivered callback moves the message forward', async () => {
    const customer = newCustomer('Fajar');
    const inbound = await customerWrites(customer, 'Kapan dikirim?');
    const res = await reply(inbound.ticketId, { text: 'Besok pagi kak' });
    expect(res.statusCode, res.body).toBe(200);
    await sentRow(res.json().id, 'sent');
    const [sent] = sim.botMessages(BOT.token, customer.id);
    expect(sent).toMatchObject({ type: 'text', text: 'Besok pagi kak', senderName: BOT.name });
    const delivered = await messageOnce(res.json().id, (m) => m.status === 'delivered');
    expect(delivered.providerMessageId).toBe(sent!.messageToken);
  });

  it('sends a picture Viber downloads from a signed link, with its caption; over 512 refused, not cut', async () => {
    const customer = newCustomer('Hana');
    const inbound = await customerWrites(customer, 'Minta fotonya');
    const tooLong = await reply(inbound.ticketId, {
      attachmentId: await upload(inbound.ticketId, PNG, 'produk.png'),
      text: 'x'.repeat(513),
    });
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([400, 'attachment.captionTooLong']);
    const res = await reply(inbound.ticketId, {
      attachmentId: await upload(inbound.ticketId, PNG, 'produk.png'),
      text: 'x'.repeat(512),
    });
    expect(res.statusCode, res.body).toBe(200);
    await sentRow(res.json().id, 'sent');
    const picture = await waitFor(async () => {
      const [first] = sim.botMessages(BOT.token, customer.id);
      return first?.fileId ? first : false;
    });
    expect(picture).toMatchObject({ type: 'picture', text: 'x'.repeat(512) });
    expect(sim.fileBytes(picture.fileId!)?.equals(PNG)).toBe(true);
    const url = new URL(String(picture.media));
    expect((await fetch(url.origin + url.pathname)).status).toBe(404);
  });

  it("shows Viber's reason when it refuses the send (the customer unsubscribed)", async () => {
    const customer = newCustomer('Hadi');
    const inbound = await customerWrites(customer, 'Halo');
    sim.unsubscribe(BOT.token, customer.id);
    const res = await reply(inbound.ticketId, { text: 'Masih ada kak' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'viber.failed' });
    expect(failed.error?.message).toContain('receiverNotSubscribed');
  });
});
