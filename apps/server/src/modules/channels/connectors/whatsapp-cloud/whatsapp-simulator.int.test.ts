import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../../../test/harness.js';
import { messages } from '../../../conversations/index.js';

let server: TestServer;
let sim: WhatsappCloudSimulator;
let owner: TokenPair;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let webhookUrl: string;
const number = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  displayPhoneNumber: '15550783881',
  accessToken: 'sim-access-token-123',
  appSecret: 'sim-app-secret-123',
};

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as AddressInfo).port;
  sim = await startWhatsappCloudSimulator({ port: 0 });
  biz = await makeBusiness(server.deps.db, 'Simulasi');
  owner = await signInFresh(server.app, biz.owner.email);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/whatsapp-cloud',
    headers: bearer(owner),
    payload: { name: 'Demo', ...number, verifyToken: 'sim-verify-token', graphBaseUrl: sim.graphBaseUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  sim.registerNumber({
    ...number,
    webhookUrl: `http://127.0.0.1:${port}/webhooks/whatsapp-cloud/${res.json().id}`,
  });
  webhookUrl = `http://127.0.0.1:${port}/webhooks/whatsapp-cloud/${res.json().id}`;
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('Sapa against the WhatsApp Cloud simulator', () => {
  it('receives a customer message, replies, and follows the reply to delivered and read', async () => {
    const waId = '6281234567890';
    const { messageId: wamid } = await sim.customerSends({
      phoneNumberId: number.phoneNumberId,
      from: waId,
      name: 'Budi',
      message: { type: 'text', text: 'Halo, ada stok?' },
    });
    const inbound = await waitFor(async () => {
      const [m] = await server.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, wamid)));
      return m ?? false;
    });
    expect(inbound).toMatchObject({ direction: 'in', text: 'Halo, ada stok?' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ contact: { name: 'Budi', handle: waId }, unreadCount: 1 });

    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${inbound.ticketId}/messages`,
      headers: bearer(owner),
      payload: { text: 'Ada kak', clientMessageId: crypto.randomUUID(), replyToId: inbound.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id as string;
    const row = async () =>
      (
        await server.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, id)))
      )[0];
    await waitFor(async () => (await row())?.status === 'delivered', 60_000);
    const conversation = sim.conversation(number.phoneNumberId, waId);
    expect(conversation.map((m) => m.text)).toEqual(['Ada kak']);
    expect(conversation[0]!.id).toBe((await row())!.providerMessageId);

    sim.customerReads(number.phoneNumberId, waId);
    await waitFor(async () => (await row())?.status === 'read', 60_000);
  });

  it('fetches an image within its URL lifetime and serves it to the same business only', async () => {
    const bytes = Buffer.from('\xff\xd8\xff fake jpeg bytes', 'latin1');
    const { messageId: wamid } = await sim.customerSends({
      phoneNumberId: number.phoneNumberId,
      from: '6281234567891',
      name: 'Sinta',
      message: { type: 'image', bytes, mime: 'image/jpeg', caption: 'foto produk' },
    });
    const row = await waitFor(async () => {
      const [m] = await server.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, wamid)));
      return m?.media ? m : false;
    }, 180_000);
    expect(row).toMatchObject({ type: 'image', text: 'foto produk' });
    expect(row.media).toMatchObject({ mime: 'image/jpeg', size: bytes.length });
    const res = await server.app.inject({ method: 'GET', url: row.media!.url, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const anonymous = await server.app.inject({ method: 'GET', url: row.media!.url });
    expect(anonymous.statusCode).toBe(401);
    const other = await makeBusiness(server.deps.db, 'Lain');
    const otherOwner = await signInFresh(server.app, other.owner.email);
    const stranger = await server.app.inject({
      method: 'GET',
      url: row.media!.url,
      headers: bearer(otherOwner),
    });
    expect(stranger.statusCode).toBe(404);
  });

  const stored = (wamid: string) =>
    server.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, wamid)));

  it('keeps a message with NUL and lone surrogates (U+FFFD in their place), accepted at the first delivery', async () => {
    const { messageId: wamid } = await sim.customerSends({
      phoneNumberId: number.phoneNumberId,
      from: '6281234567892',
      name: 'Nu\0ri \ud83d',
      message: { type: 'text', text: 'ada\0 stok \udc00 \u{1F600}?' },
    });
    const [row] = await waitFor(async () => {
      const rows = await stored(wamid);
      return rows.length ? rows : false;
    });
    expect(row!.text).toBe('ada\uFFFD stok \uFFFD \u{1F600}?');
    const delivery = sim.deliveredWebhooks().find((d) => d.rawBody.includes(wamid));
    expect(delivery?.attempts).toBe(1);
    expect(delivery?.rawBody).toContain('\\u0000');
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${row!.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json().contact.name).toBe('Nu\uFFFDri \uFFFD');
  });

  it("ignores a signed delivery for another phone number and logs it without the customer's data", async () => {
    const foreign = { ...number, phoneNumberId: '999000111222333', displayPhoneNumber: '15550000999' };
    sim.registerNumber({ ...foreign, webhookUrl: webhookUrl });
    const { messageId: foreignWamid } = await sim.customerSends({
      phoneNumberId: foreign.phoneNumberId,
      from: '6281234567893',
      name: 'Orang Lain',
      message: { type: 'text', text: 'pesan untuk bisnis lain' },
    });
    await waitFor(async () => sim.deliveredWebhooks().some((d) => d.rawBody.includes(foreignWamid)));
    // A later message for this business's own number arrives: the drainer has passed the foreign one.
    const { messageId: ownWamid } = await sim.customerSends({
      phoneNumberId: number.phoneNumberId,
      from: '6281234567894',
      name: 'Pelanggan',
      message: { type: 'text', text: 'pesan sendiri' },
    });
    await waitFor(async () => (await stored(ownWamid)).length > 0);
    expect(await stored(foreignWamid)).toEqual([]);
    const tickets = await server.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(owner) });
    expect(tickets.body).not.toContain('6281234567893');
    const logs = server.logs();
    expect(logs).toContain('whatsapp delivery for another phone number ignored');
    for (const personal of ['6281234567893', 'Orang Lain', 'pesan untuk bisnis lain'])
      expect(logs).not.toContain(personal);
  });
});
