import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { metaSignature } from '../signatures.js';
import { startWhatsappCloudSimulator } from './simulator.js';
import type { WhatsappCloudSimulator, WhatsappCloudSimulatorOptions } from './types.js';
import { verifyWebhook } from './verify.js';

const APP_SECRET = 'app-secret-1';
const TOKEN = 'token-1';
const PHONE_ID = '106540352242922';
const WABA = '102290129340398';
const CUSTOMER = '6281234567890';

// biome-ignore lint/suspicious/noExplicitAny: webhook JSON in assertions
type J = any;
const asJ = (v: unknown): J => v;

interface Received {
  raw: string;
  body: J;
  signatureOk: boolean;
}

/** A tiny receiver that verifies X-Hub-Signature-256 over the raw body, like a real connector must. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0, rejected: 0, verifyToken: 'verify-me' };
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/webhook', async (req, reply) => {
    if (state.failNext > 0) {
      state.failNext--;
      state.rejected++;
      return reply.code(500).send('boom');
    }
    const raw = req.body as Buffer;
    const header = String(req.headers['x-hub-signature-256'] ?? '');
    const expected = metaSignature(APP_SECRET, raw);
    const signatureOk =
      header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
    received.push({ raw: raw.toString('utf8'), body: JSON.parse(raw.toString('utf8')), signatureOk });
    return reply.code(200).send('EVENT_RECEIVED');
  });
  app.get('/webhook', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q['hub.mode'] === 'subscribe' && q['hub.verify_token'] === state.verifyToken) {
      return reply.type('text/plain').send(q['hub.challenge']);
    }
    return reply.code(403).send('forbidden');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, received, state, url: `http://127.0.0.1:${port}/webhook` };
}

async function waitFor<T>(fn: () => T | undefined | false, what = 'condition', timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(options: WhatsappCloudSimulatorOptions = {}) {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.app.close());
  const sim = await startWhatsappCloudSimulator({
    statusDelaysMs: { sent: 1, delivered: 1 },
    webhookRetry: { attempts: 4, baseDelayMs: 5 },
    ...options,
  });
  cleanups.push(() => sim.close());
  sim.registerNumber({
    phoneNumberId: PHONE_ID,
    wabaId: WABA,
    displayPhoneNumber: '15550783881',
    accessToken: TOKEN,
    appSecret: APP_SECRET,
    webhookUrl: receiver.url,
  });
  const graph = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? TOKEN : init.token;
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${sim.graphBaseUrl}${path}`, { ...init, headers });
  };
  const send = (body: Record<string, unknown>, token?: string | null) =>
    graph(`/${PHONE_ID}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
      ...(token !== undefined ? { token } : {}),
    });
  return { sim, receiver, graph, send };
}

function statusesOf(received: Received[], messageId: string): J[] {
  return received.flatMap((r) =>
    r.body.entry.flatMap((e: J) =>
      e.changes.flatMap((c: J) => (c.value.statuses ?? []).filter((s: J) => s.id === messageId)),
    ),
  );
}

function inboundOf(received: Received[]): J[] {
  return received.flatMap((r) =>
    r.body.entry.flatMap((e: J) => e.changes.flatMap((c: J) => c.value.messages ?? [])),
  );
}

async function text(sim: WhatsappCloudSimulator, body: string) {
  return sim.customerSends({
    phoneNumberId: PHONE_ID,
    from: CUSTOMER,
    name: 'Budi',
    message: { type: 'text', text: body },
  });
}

describe('WhatsApp Cloud simulator: inbound webhooks', () => {
  it('posts a signed text webhook in the §1b shape', async () => {
    const { sim, receiver } = await setup();
    const { messageId } = await text(sim, 'Apakah ada warna lain?');
    const r = await waitFor(() => receiver.received[0], 'text webhook');
    expect(r.signatureOk).toBe(true);
    expect(r.body).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: 'Budi' }, wa_id: CUSTOMER }],
                messages: [
                  {
                    from: CUSTOMER,
                    id: messageId,
                    timestamp: expect.stringMatching(/^\d{10}$/),
                    type: 'text',
                    text: { body: 'Apakah ada warna lain?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(messageId).toMatch(/^wamid\./);
    const logged = await waitFor(() => sim.deliveredWebhooks()[0], 'delivery log');
    expect(logged.rawBody).toBe(r.raw);
    expect(logged.signature).toBe(metaSignature(APP_SECRET, r.raw));
  });

  it('delivers an image as a media id whose bytes the business can download with its token', async () => {
    const { sim, receiver, graph } = await setup();
    const bytes = Buffer.from('\x89PNG fake image bytes');
    await sim.customerSends({
      phoneNumberId: PHONE_ID,
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'image', bytes, mime: 'image/png', caption: 'ini' },
      contextMessageId: 'wamid.previous',
    });
    const [msg] = await waitFor(
      () => inboundOf(receiver.received).length === 1 && inboundOf(receiver.received),
    );
    expect(receiver.received[0]?.signatureOk).toBe(true);
    expect(msg).toMatchObject({
      type: 'image',
      context: { from: '15550783881', id: 'wamid.previous' },
      image: {
        mime_type: 'image/png',
        caption: 'ini',
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    });
    const info = await (await graph(`/${msg.image.id}`)).json().then(asJ);
    expect(info).toMatchObject({ id: msg.image.id, mime_type: 'image/png', file_size: bytes.length });
    const noAuth = await fetch(info.url);
    expect(noAuth.status).toBe(401);
    const dl = await fetch(info.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(bytes);
  });

  it('shapes reactions, button replies and unsupported messages', async () => {
    const { sim, receiver } = await setup();
    const base = { phoneNumberId: PHONE_ID, from: CUSTOMER, name: 'Budi' };
    await sim.customerSends({ ...base, message: { type: 'reaction', messageId: 'wamid.x', emoji: '👍' } });
    await sim.customerSends({
      ...base,
      message: { type: 'interactive', buttonReply: { id: 'yes', title: 'Yes' } },
    });
    await sim.customerSends({ ...base, message: { type: 'button', payload: 'CONFIRM', text: 'Confirm' } });
    await sim.customerSends({ ...base, message: { type: 'unsupported' } });
    const msgs = await waitFor(
      () => inboundOf(receiver.received).length === 4 && inboundOf(receiver.received),
    );
    expect(msgs.map((m) => m.type)).toEqual(['reaction', 'interactive', 'button', 'unsupported']);
    expect(msgs[0].reaction).toEqual({ message_id: 'wamid.x', emoji: '👍' });
    expect(msgs[1].interactive).toEqual({ type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } });
    expect(msgs[2].button).toEqual({ payload: 'CONFIRM', text: 'Confirm' });
    expect(msgs[3].errors[0].code).toBe(131051);
  });

  it('redelivers after the receiver answers 500 twice', async () => {
    const { sim, receiver } = await setup();
    receiver.state.failNext = 2;
    await text(sim, 'retry me');
    const r = await waitFor(() => receiver.received[0], 'redelivered webhook');
    expect(r.signatureOk).toBe(true);
    expect(receiver.state.rejected).toBe(2);
    await sim.idle();
    expect(sim.stats()).toMatchObject({ webhookRetries: 2, webhooksDelivered: 1, webhookAttempts: 3 });
    expect(sim.deliveredWebhooks()[0]?.attempts).toBe(3);
  });

  it('helps with the verification handshake', async () => {
    const { receiver } = await setup();
    expect(await verifyWebhook(receiver.url, 'verify-me')).toBe(true);
    expect(await verifyWebhook(receiver.url, 'wrong')).toBe(false);
  });
});

describe('WhatsApp Cloud simulator: sending', () => {
  it('answers §1d and posts sent → delivered → read', async () => {
    const { sim, receiver, send } = await setup();
    await text(sim, 'halo');
    const res = await send({
      to: `+${CUSTOMER}`,
      type: 'text',
      text: { body: 'Halo Budi', preview_url: false },
    });
    expect(res.status).toBe(200);
    const json = await res.json().then(asJ);
    expect(json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const id = json.messages[0].id as string;
    await waitFor(() => statusesOf(receiver.received, id).length === 2, 'sent and delivered');
    sim.customerReads(PHONE_ID, CUSTOMER);
    const statuses = await waitFor(
      () => statusesOf(receiver.received, id).length === 3 && statusesOf(receiver.received, id),
      'read',
    );
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toMatchObject({
      recipient_id: CUSTOMER,
      conversation: { origin: { type: 'service' } },
      pricing: { pricing_model: 'PMP', category: 'service', type: 'free_customer_service', billable: false },
    });
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
    const conv = sim.conversation(PHONE_ID, CUSTOMER);
    expect(conv).toHaveLength(1);
    expect(conv[0]).toMatchObject({ id, status: 'read', text: 'Halo Budi', type: 'text' });
    expect(conv[0]?.statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('rejects a wrong or missing token with 190 / 401', async () => {
    const { send } = await setup();
    for (const token of ['nope', null]) {
      const res = await send({ to: CUSTOMER, type: 'text', text: { body: 'x' } }, token);
      expect(res.status).toBe(401);
      const body = await res.json().then(asJ);
      expect(body.error).toMatchObject({ code: 190, type: 'OAuthException' });
      expect(body.error.fbtrace_id).toEqual(expect.any(String));
    }
  });

  it('returns 130429 synchronously when the number throughput is exceeded', async () => {
    const { sim, send } = await setup({ throughputPerSecond: 5 });
    const customers = Array.from({ length: 8 }, (_, i) => `62811000000${i}`);
    const results = [];
    for (const to of customers) results.push(await send({ to, type: 'template', template: tpl() }));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(5);
    expect(codes.filter((c) => c === 200).length).toBeLessThan(8);
    const rejected = results.find((r) => r.status === 400);
    const body = await rejected?.json().then(asJ);
    expect(body).toMatchObject({
      error: {
        code: 130429,
        type: 'OAuthException',
        message: '(#130429) Rate limit hit',
        error_data: { messaging_product: 'whatsapp' },
      },
    });
    expect(sim.stats().throughputErrors).toBeGreaterThan(0);
    // Every request counts, over the limit or not: the share over the limit is throughputErrors / sendRequests.
    expect(sim.stats().sendRequests).toBe(results.length);
    expect(sim.stats().throughputErrors).toBe(codes.filter((c) => c === 400).length);
  });

  it('returns 131056 when the pair limit to one recipient is exceeded', async () => {
    const { sim, send } = await setup({ pairLimit: { perSeconds: 60, burst: 3 } });
    await text(sim, 'hi');
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await send({ to: CUSTOMER, type: 'text', text: { body: `m${i}` } }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 400]);
    expect((await results[3]!.json().then(asJ)).error.code).toBe(131056);
    // another recipient is unaffected
    const other = await send({ to: '6289999', type: 'template', template: tpl() });
    expect(other.status).toBe(200);
    expect(sim.stats().pairLimitErrors).toBe(1);
  });

  it('accepts a free-form message outside the window, then fails it with 131047', async () => {
    const { sim, receiver, send } = await setup();
    const res = await send({ to: '628777', type: 'text', text: { body: 'promo' } });
    expect(res.status).toBe(200);
    const id = (await res.json().then(asJ)).messages[0].id;
    const [failed] = await waitFor(
      () => statusesOf(receiver.received, id).length > 0 && statusesOf(receiver.received, id),
    );
    expect(failed).toMatchObject({
      id,
      status: 'failed',
      recipient_id: '628777',
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
        },
      ],
    });
    // A template is allowed outside the window.
    const t = await send({ to: '628777', type: 'template', template: tpl() });
    const tj = await t.json().then(asJ);
    expect(tj.messages[0].message_status).toBe('accepted');
    await waitFor(() => statusesOf(receiver.received, tj.messages[0].id).length === 2, 'template delivered');
    expect(sim.stats().failedByCode).toEqual({ 131047: 1 });
  });

  it('closes the window after windowHours', async () => {
    const { sim, receiver, send } = await setup({ windowHours: 0.1 / 3600 }); // 100 ms
    await text(sim, 'hi');
    const inWindow = (
      await (await send({ to: CUSTOMER, type: 'text', text: { body: 'a' } })).json().then(asJ)
    ).messages[0].id;
    await waitFor(() => statusesOf(receiver.received, inWindow).length === 2, 'delivered in window');
    const start = Date.now();
    await waitFor(() => Date.now() - start > 120, 'window to close');
    const late = (await (await send({ to: CUSTOMER, type: 'text', text: { body: 'b' } })).json().then(asJ))
      .messages[0].id;
    const [s] = await waitFor(
      () => statusesOf(receiver.received, late).length > 0 && statusesOf(receiver.received, late),
    );
    expect(s.errors[0].code).toBe(131047);
  });

  it('fails messages to an undeliverable recipient with 131026', async () => {
    const { sim, receiver, send } = await setup();
    sim.setUndeliverable('628555');
    const res = await send({ to: '628555', type: 'template', template: tpl() });
    expect(res.status).toBe(200);
    const id = (await res.json().then(asJ)).messages[0].id;
    const [s] = await waitFor(
      () => statusesOf(receiver.received, id).length > 0 && statusesOf(receiver.received, id),
    );
    expect(s).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
    expect(sim.conversation(PHONE_ID, '628555')[0]?.status).toBe('failed');
  });

  it('marks a customer message read with {success:true}', async () => {
    const { sim, send } = await setup();
    const { messageId } = await text(sim, 'hi');
    const res = await send({ status: 'read', message_id: messageId });
    expect(res.status).toBe(200);
    expect(await res.json().then(asJ)).toEqual({ success: true });
    const bad = await send({ status: 'read', message_id: 'wamid.unknown' });
    expect(bad.status).toBe(400);
    expect((await bad.json().then(asJ)).error.code).toBe(100);
    const conv = await (
      await fetch(`${sim.url}/customer/conversation?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`)
    )
      .json()
      .then(asJ);
    expect(conv.entries[0]).toMatchObject({ id: messageId, readByBusiness: true });
  });

  it('uploads, describes, downloads (bearer only) and deletes media, and sends it by id', async () => {
    const { sim, receiver, graph, send } = await setup();
    const bytes = Buffer.from('%PDF-1.4 fake');
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', 'application/pdf');
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'invoice.pdf');
    const up = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const { id } = await up.json().then(asJ);
    expect(id).toMatch(/^\d+$/);

    expect((await graph(`/${id}`, { token: 'wrong' })).status).toBe(401);
    const info = await (await graph(`/${id}`)).json().then(asJ);
    expect(info).toEqual({
      url: expect.stringContaining(sim.url),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: bytes.length,
      id,
      messaging_product: 'whatsapp',
    });
    expect((await fetch(info.url)).status).toBe(401);
    const dl = await fetch(info.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(bytes);

    await text(sim, 'kirim invoice');
    const sent = await send({
      to: CUSTOMER,
      type: 'document',
      document: { id, filename: 'inv.pdf', caption: 'Invoice' },
    });
    expect(sent.status).toBe(200);
    const msgId = (await sent.json().then(asJ)).messages[0].id;
    await waitFor(() => statusesOf(receiver.received, msgId).length === 2, 'document delivered');
    expect(sim.conversation(PHONE_ID, CUSTOMER)[0]?.media).toMatchObject({
      id,
      filename: 'inv.pdf',
      caption: 'Invoice',
    });

    // Meta refuses types it does not support and files over their type's limit.
    const exe = new FormData();
    exe.set('messaging_product', 'whatsapp');
    exe.set('type', 'application/x-msdownload');
    exe.set('file', new Blob([Buffer.from('MZ')]), 'setup.exe');
    const refused = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: exe });
    expect(refused.status).toBe(400);
    expect((await refused.json().then(asJ)).error).toMatchObject({ code: 100 });
    const big = new FormData();
    big.set('messaging_product', 'whatsapp');
    big.set('type', 'image/png');
    big.set('file', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)]), 'big.png');
    const tooBig = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: big });
    expect((await tooBig.json().then(asJ)).error).toMatchObject({ code: 131053 });

    const badId = await send({ to: CUSTOMER, type: 'image', image: { id: '999' } });
    expect(badId.status).toBe(400);

    expect(await (await graph(`/${id}`, { method: 'DELETE' })).json().then(asJ)).toEqual({ success: true });
    expect((await graph(`/${id}`)).status).toBe(400);
  });

  it('accepts interactive buttons, lists and media links, and rejects a missing text body', async () => {
    const { sim, send } = await setup();
    await text(sim, 'menu');
    const buttons = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Pilih' },
        action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] },
      },
    });
    expect(buttons.status).toBe(200);
    const list = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Menu' },
        action: { button: 'Menu', sections: [{ title: 'S', rows: [{ id: 'r1', title: 'Row 1' }] }] },
      },
    });
    expect(list.status).toBe(200);
    const link = await send({ to: CUSTOMER, type: 'image', image: { link: 'https://example.com/a.jpg' } });
    expect(link.status).toBe(200);
    const bad = await send({ to: CUSTOMER, type: 'text', text: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json().then(asJ)).error.code).toBe(100);
    expect(sim.conversation(PHONE_ID, CUSTOMER).map((m) => m.type)).toEqual([
      'interactive',
      'interactive',
      'image',
    ]);
  });
});

describe('WhatsApp Cloud simulator: account lookups, URL expiry and control API', () => {
  it('answers phone number and WABA lookups for the owner token only', async () => {
    const { graph } = await setup();
    const info = await graph(`/${PHONE_ID}`).then((r) => r.json().then(asJ));
    expect(info).toMatchObject({
      id: PHONE_ID,
      display_phone_number: '15550783881',
      platform_type: 'CLOUD_API',
    });
    expect((await graph(`/${PHONE_ID}`, { token: 'nope' })).status).toBe(401);
    const list = await graph(`/${WABA}/phone_numbers`).then((r) => r.json().then(asJ));
    expect(list.data.map((n: J) => n.id)).toEqual([PHONE_ID]);
    expect((await graph('/999/phone_numbers')).status).toBe(400);
    const sub = await graph(`/${WABA}/subscribed_apps`, { method: 'POST' });
    expect(await sub.json().then(asJ)).toEqual({ success: true });
  });

  it('refuses expired or tampered media URLs', async () => {
    const { sim, graph } = await setup({ mediaUrlTtlMs: -1000 });
    const { messageId } = await sim.customerSends({
      phoneNumberId: PHONE_ID,
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'document', bytes: Buffer.from('x'), mime: 'text/plain', filename: 'a.txt' },
    });
    expect(messageId).toMatch(/^wamid\./);
    const conv = await fetch(
      `${sim.url}/customer/conversation?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`,
    ).then((r) => r.json().then(asJ));
    const mediaId = String(conv.entries[0].mediaUrl).split('/').pop();
    const info = await graph(`/${mediaId}`).then((r) => r.json().then(asJ));
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    expect((await fetch(info.url, auth)).status).toBe(404);
    const tampered = String(info.url).replace(
      /hash=([0-9a-f])/,
      (_m: string, c: string) => `hash=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await fetch(tampered, auth)).status).toBe(404);
  });

  it('lets another process drive it over the control API', async () => {
    const { sim, receiver } = await setup();
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/simulator/numbers', {
          phoneNumberId: '2',
          wabaId: '3',
          displayPhoneNumber: '15550002',
          accessToken: 't2',
          appSecret: APP_SECRET,
          webhookUrl: receiver.url,
        })
      ).status,
    ).toBe(201);
    const res = await post('/simulator/customer-sends', {
      phoneNumberId: '2',
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'image', bytes: Buffer.from('img').toString('base64'), mime: 'image/jpeg' },
    });
    expect((await res.json().then(asJ)).messageId).toMatch(/^wamid\./);
    const [msg] = await waitFor(
      () => inboundOf(receiver.received).length === 1 && inboundOf(receiver.received),
    );
    expect(msg.image.mime_type).toBe('image/jpeg');
    expect(receiver.received[0]?.body.entry[0].id).toBe('3');
    const stats = await fetch(`${sim.url}/simulator/stats`).then((r) => r.json().then(asJ));
    expect(stats.customerMessages).toBe(1);
  });

  it('closes while a customer page is connected', async () => {
    const sim = await startWhatsappCloudSimulator();
    const res = await fetch(`${sim.url}/customer/events?phoneNumberId=x&waId=1`);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await sim.close();
    await res.body?.cancel().catch(() => undefined);
  });
});

describe('WhatsApp Cloud simulator: customer phone page', () => {
  it('serves the page, streams business messages over SSE and marks them read', async () => {
    const { sim, receiver, send } = await setup();
    const html = await (await fetch(`${sim.url}/`)).text();
    for (const label of ['Your phone number', 'Your name', 'Message', '>Send<'])
      expect(html).toContain(label);
    expect((await (await fetch(`${sim.url}/customer/numbers`)).json().then(asJ))[0].phoneNumberId).toBe(
      PHONE_ID,
    );

    const sendRes = await fetch(`${sim.url}/customer/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: PHONE_ID, waId: CUSTOMER, name: 'Budi', text: 'dari halaman' }),
    });
    expect(sendRes.status).toBe(200);
    await waitFor(
      () => inboundOf(receiver.received)[0]?.text?.body === 'dari halaman',
      'page message webhook',
    );

    const ac = new AbortController();
    const events = await fetch(`${sim.url}/customer/events?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`, {
      signal: ac.signal,
    });
    const reader = events.body!.getReader();
    let buffer = '';
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += Buffer.from(value).toString('utf8');
        }
      } catch {
        // aborted
      }
    })();
    await waitFor(() => buffer.includes(': connected'), 'SSE connected');
    const id = (
      await (await send({ to: CUSTOMER, type: 'text', text: { body: 'dari bisnis' } })).json().then(asJ)
    ).messages[0].id;
    await waitFor(() => buffer.includes(id) && buffer.includes('dari bisnis'), 'SSE message');
    await fetch(`${sim.url}/customer/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: PHONE_ID, waId: CUSTOMER }),
    });
    await waitFor(() => statusesOf(receiver.received, id).some((s) => s.status === 'read'), 'read webhook');
    await waitFor(() => buffer.includes('"status":"read"'), 'SSE read update');
    ac.abort();
    await pump;
  });
});

function tpl() {
  return { name: 'order_update', language: { code: 'id' }, components: [] };
}
