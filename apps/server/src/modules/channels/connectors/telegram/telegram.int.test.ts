import type { TelegramCustomer } from '@sapa/simulators';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  BOT,
  biz,
  connectBot,
  other,
  otherOwner,
  owner,
  server,
  sim,
  useTelegramServer,
} from '../../../../../test/servers/telegram.js';
import { mediaStorage } from '../../../conversations/index.js';

await useTelegramServer({ chatRatePerSecond: 0.25 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let customers = 0;
const newCustomer = (firstName = 'Ani'): TelegramCustomer => ({
  id: 555_000_000 + ++customers,
  firstName,
  lastName: 'Wijaya',
});

const webhookPath = () => `/webhooks/telegram/${accountId}`;

const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
const { storedEvents, countMessages, reply, sentRow, mediaArrived } = inbox;
const inboundOf = (customer: TelegramCustomer, messageId: number) =>
  inbox.inboundOf(`${customer.id}:${messageId}`);

/** A customer writes and the message reaches the inbox: the ticket it opened. */
async function customerWrites(customer: TelegramCustomer, text: string) {
  const { messageId } = await sim.customerSends({ token: BOT.token, from: customer, message: { text } });
  return inboundOf(customer, messageId);
}

function post(raw: string, secret: string | undefined) {
  return server.app.inject({
    method: 'POST',
    url: webhookPath(),
    headers: {
      'content-type': 'application/json',
      ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
    payload: raw,
  });
}

const updateOf = (updateId: number, customer: TelegramCustomer, messageId: number, text: string) =>
  JSON.stringify({
    update_id: updateId,
    message: {
      message_id: messageId,
      from: { id: customer.id, is_bot: false, first_name: customer.firstName },
      chat: { id: customer.id, type: 'private', first_name: customer.firstName },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  });

describe('connecting a Telegram bot (001 §2 bot token dialog, §8 Channels, §9 one per platform)', () => {
  it('asks Telegram who the bot is and sets its webhook with a secret token; the token is never returned', async () => {
    const hook = sim.webhookOf(BOT.token);
    expect(hook?.url).toBe(`${server.deps.config.publicUrl}/webhooks/telegram/${accountId}`);
    expect(hook?.secretToken).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    const account = list.json().items.find((a: { id: string }) => a.id === accountId);
    expect(account).toMatchObject({ channel: 'TLG', address: `@${BOT.username}`, name: BOT.firstName });
    expect(list.body).not.toContain(BOT.token);
    expect(list.body).not.toContain(hook!.secretToken!);
  });

  it('refuses a second bot for the business, the bot in another business, a bad token and a non-admin', async () => {
    const second = {
      token: '7100000002:AAH-simulated-telegram-bot-token-2',
      username: 'KeduaBot',
      firstName: 'Kedua',
    };
    sim.registerBot(second);
    const again = await connectBot(owner, { botToken: second.token, apiBaseUrl: sim.apiBaseUrl });
    expect([again.statusCode, again.json().code]).toEqual([409, 'channel.telegramExists']);
    const elsewhere = await connectBot(otherOwner, { botToken: BOT.token, apiBaseUrl: sim.apiBaseUrl });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'channel.tokenOnAnotherClient']);
    const unknown = await connectBot(otherOwner, {
      botToken: '7199999999:AAH-no-such-bot-at-telegram-xxxxxx',
      apiBaseUrl: sim.apiBaseUrl,
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'channel.tokenInvalid']);
    const empty = await connectBot(otherOwner, { botToken: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ botToken: 'Bot token is required' });
    const agent = await signInFresh(server.app, other.agent.email);
    const refused = await connectBot(agent, { botToken: second.token, apiBaseUrl: sim.apiBaseUrl });
    expect(refused.statusCode).toBe(403);
    expect(sim.webhookOf(second.token)).toBeNull();
  });
});

describe('Telegram inbound', () => {
  it("brings a customer's message to the inbox, the contact named after the Telegram user", async () => {
    const customer = newCustomer('Ani');
    const inbound = await customerWrites(customer, 'Halo, ada stok?');
    expect(inbound).toMatchObject({ direction: 'in', type: 'text', text: 'Halo, ada stok?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: 'TLG', contact: { name: 'Ani Wijaya' } });
  });

  it('refuses a delivery with a wrong or missing secret token and stores nothing', async () => {
    const before = await storedEvents();
    const raw = updateOf(900_001, newCustomer(), 1, 'palsu');
    expect((await post(raw, 'wrong-secret')).statusCode).toBe(401);
    expect((await post(raw, undefined)).statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('stores a redelivered update once, even when its bytes differ, and makes one message of it', async () => {
    const secret = sim.webhookOf(BOT.token)!.secretToken!;
    const customer = newCustomer('Budi');
    const before = await storedEvents();
    const raw = updateOf(900_100, customer, 7, 'sekali saja');
    const answers = await Promise.all([post(raw, secret), post(raw, secret), post(` ${raw}\n`, secret)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await inboundOf(customer, 7);
    expect(await storedEvents()).toBe(before + 1);
    expect(await countMessages(`${customer.id}:7`)).toBe(1);
  });

  it('stores every update of a burst', async () => {
    const secret = sim.webhookOf(BOT.token)!.secretToken!;
    const customer = newCustomer('Citra');
    const before = await storedEvents();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(updateOf(900_200 + i, customer, 10 + i, `pesan ${i}`), secret),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (let i = 0; i < 8; i++) await inboundOf(customer, 10 + i);
    expect(await storedEvents()).toBe(before + 8);
  });

  it('fetches a photo with getFile and the bot token: it arrives with its bytes and caption', async () => {
    const customer = newCustomer('Dewi');
    const { messageId } = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { photo: { bytes: PNG, mime: 'image/png' }, caption: 'yang ini' },
    });
    const row = await inboundOf(customer, messageId);
    expect(row).toMatchObject({ type: 'image', text: 'yang ini' });
    const withMedia = await mediaArrived(row.id);
    expect(withMedia.media).toMatchObject({ mime: 'image/png', size: PNG.length });
    const stored = await mediaStorage(server.deps).get(`${biz.clientId}/${row.id}`);
    expect(stored?.bytes.equals(PNG)).toBe(true);
  });

  it('keeps a document with its file name', async () => {
    const customer = newCustomer('Eka');
    const pdf = Buffer.from('%PDF-1.4\n%faktur\n');
    const { messageId } = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { document: { bytes: pdf, mime: 'application/pdf', filename: 'faktur.pdf' } },
    });
    const row = await inboundOf(customer, messageId);
    expect(row.type).toBe('document');
    const withMedia = await mediaArrived(row.id);
    expect(withMedia.media).toMatchObject({ filename: 'faktur.pdf', size: pdf.length });
  });
});

describe('Telegram outbound', () => {
  it("sends the agent's reply to the customer's chat, quoting the customer's message", async () => {
    const customer = newCustomer('Fajar');
    const inbound = await customerWrites(customer, 'Kapan dikirim?');
    const res = await reply(inbound.ticketId, { text: 'Besok pagi kak', replyToId: inbound.id });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await sentRow(res.json().id, 'sent');
    const [botMessage] = sim.botMessages(BOT.token, customer.id);
    expect(botMessage).toMatchObject({ text: 'Besok pagi kak', reply_to_message: { message_id: 1 } });
    expect(sent.providerMessageId).toBe(`${customer.id}:${botMessage!.message_id}`);
  });

  it('sends a photo with its caption, and refuses a caption over 512 characters (000 §5) without cutting it', async () => {
    const customer = newCustomer('Gita');
    const inbound = await customerWrites(customer, 'Minta fotonya');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(PNG)]), 'produk.png');
    const upload = async () => {
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
    const [photo] = sim.botMessages(BOT.token, customer.id);
    expect(photo?.caption).toBe('x'.repeat(512));
    expect(sim.fileBytes(photo!.photo!.at(-1)!.file_id)?.equals(PNG)).toBe(true);
  });

  it("shows the provider's reason when Telegram refuses the send", async () => {
    const customer = newCustomer('Hadi');
    const inbound = await customerWrites(customer, 'Halo');
    sim.blockBot(BOT.token, customer.id);
    const res = await reply(inbound.ticketId, { text: 'Masih ada kak' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'telegram.failed' });
    expect(failed.error?.message).toContain('bot was blocked by the user');
  });

  it("paces a chat and waits out a 429's retry_after instead of calling again early", async () => {
    const customer = newCustomer('Intan');
    const inbound = await customerWrites(customer, 'Tolong kirim dua pesan');
    const throttledBefore = sim.stats().throttled;
    const first = await reply(inbound.ticketId, { text: 'satu' });
    const second = await reply(inbound.ticketId, { text: 'dua' });
    await sentRow(first.json().id, 'sent');
    await sentRow(second.json().id, 'sent');
    const [a, b] = sim.botMessages(BOT.token, customer.id);
    expect([a?.text, b?.text].sort()).toEqual(['dua', 'satu']);
    // The simulator takes one message per 4 s in this chat: Sapa's 1/s pace meets one 429 (retry after 3 s),
    // and the send waits that long: no second 429 (a back-off of 1, 2, 4 s would have met more).
    expect(Math.abs(b!.date - a!.date)).toBeGreaterThanOrEqual(3);
    expect(sim.stats().throttled - throttledBefore).toBe(1);
  });
});

describe('disconnecting the bot (last: the account is gone after it)', () => {
  it('stops the bot sending updates (deleteWebhook) and refuses deliveries to the old URL', async () => {
    const secret = sim.webhookOf(BOT.token)!.secretToken!;
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/channel-accounts/${accountId}`,
      headers: bearer(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sim.webhookOf(BOT.token)).toBeNull();
    const late = await post(updateOf(900_900, newCustomer(), 1, 'terlambat'), secret);
    expect(late.statusCode).toBe(404);
  });
});
