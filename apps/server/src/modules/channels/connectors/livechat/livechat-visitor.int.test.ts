import { randomUUID } from 'node:crypto';
import type { WidgetServerFrame } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import { connectChat, type TestSocket } from '../../../../../test/realtime-client.js';
import {
  accountBody,
  agent,
  base,
  create,
  DOMAIN,
  owner,
  SHOP,
  server,
  useLivechatServer,
} from '../../../../../test/servers/livechat.js';
import { makePng } from '../../../demo/demo-livechat.js';

useLivechatServer();

// ─────────────────────────────── visitor API and sockets ───────────────────────────────

interface VisitorSocket {
  ws: WebSocket;
  frames: WidgetServerFrame[];
  next(match: (f: WidgetServerFrame) => boolean): Promise<WidgetServerFrame>;
}

async function openVisitorSocket(token: string, origin = DOMAIN): Promise<VisitorSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/widget?token=${token}`, { origin });
  const frames: WidgetServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  const next = (match: (f: WidgetServerFrame) => boolean) =>
    waitFor(async () => frames.find(match), 60_000) as Promise<WidgetServerFrame>;
  await next((f) => f.type === 'ready');
  return { ws, frames, next };
}

describe('visitor API', () => {
  let accountId: string;
  let chat: TestSocket;
  const widget = (path: string) => `/api/widget/${accountId}${path}`;
  const as = (token: string) => ({ 'x-sapa-visitor': token, origin: SHOP });

  beforeAll(async () => {
    const res = await create(owner, await accountBody(owner, { domain: SHOP }));
    accountId = res.json().id;
    chat = await connectChat(base, agent.accessToken);
  });
  afterAll(() => chat.ws.close());

  async function startVisitor(name: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: widget('/session'),
      headers: { origin: SHOP },
      payload: { name, fields: { email: `${name.toLowerCase()}@example.com` }, consent: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  it('serves the config online while an agent is connected, and refuses a foreign origin', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: widget('/config'),
      headers: { origin: SHOP },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.json()).toMatchObject({ online: true, title: 'Halo!', personaName: 'Sari' });
    const foreign = await server.app.inject({
      method: 'GET',
      url: widget('/config'),
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // The browser's preflight for the visitor token header and JSON bodies.
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: widget('/messages'),
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-sapa-visitor, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-sapa-visitor');
    const foreignPreflight = await server.app.inject({
      method: 'OPTIONS',
      url: widget('/messages'),
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(foreignPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const account = await server.app.inject({
      method: 'GET',
      url: `/api/livechat/accounts/${accountId}`,
      headers: bearer(owner),
    });
    expect(account.json().embedded).toBe(true);
  });

  it('needs consent and the pre-chat answers', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: widget('/session'),
      headers: { 'accept-language': 'en' },
      payload: { name: 'Budi', fields: {}, consent: false },
    });
    expect(res.statusCode).toBe(400);
    const noEmail = await server.app.inject({
      method: 'POST',
      url: widget('/session'),
      payload: { name: 'Budi', fields: {}, consent: true },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().code).toBe('validation.fieldRequired');
  });

  it("refuses a session with NUL or a lone surrogate (400), but keeps a visitor's message with them replaced", async () => {
    for (const name of ['Bu\0di', 'Budi\ud83d']) {
      const refused = await server.app.inject({
        method: 'POST',
        url: widget('/session'),
        headers: { origin: SHOP, 'accept-language': 'en' },
        payload: { name, fields: { email: 'budi@example.com' }, consent: true },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'The request is invalid', code: 'validation.invalid' });
    }
    const token = await startVisitor('Nul');
    const sent = await server.app.inject({
      method: 'POST',
      url: widget('/messages'),
      headers: as(token),
      payload: { clientMessageId: randomUUID(), text: 'pesan\0 dengan \ud83d dan \u{1F600}' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().text).toBe('pesan\uFFFD dengan \uFFFD dan \u{1F600}');
    const listed = await server.app.inject({ method: 'GET', url: widget('/messages'), headers: as(token) });
    expect(listed.json().items.map((m: { text: string }) => m.text)).toContain(
      'pesan\uFFFD dengan \uFFFD dan \u{1F600}',
    );
  });

  it('a visitor message reaches the agent socket; the reply reaches the visitor, turns delivered then read; a note never does', async () => {
    const token = await startVisitor('Budi');
    const socket = await openVisitorSocket(token, SHOP);
    const clientMessageId = randomUUID();
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: widget('/messages'),
        headers: as(token),
        payload: { clientMessageId, text: 'Halo, stok kaos ada?' },
      });
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await send()).json().id).toBe(sent.json().id); // idempotent
    const created = await waitFor(async () =>
      chat.received.find((e) => e.type === 'message.created' && e.message.text === 'Halo, stok kaos ada?'),
    );
    if (created.type !== 'message.created') throw new Error('unexpected');
    expect(created.ticket.channel).toBe('LVC');
    expect(created.ticket.contact.name).toBe('Budi');
    const ticketId = created.ticket.id;

    const note = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      headers: bearer(agent),
      payload: { text: 'catatan internal', internal: true, clientMessageId: randomUUID() },
    });
    expect(note.statusCode, note.body).toBe(200);
    const reply = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      headers: bearer(agent),
      payload: { text: 'Ada kak', clientMessageId: randomUUID() },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const replyId = reply.json().id as string;
    const frame = await socket.next((f) => f.type === 'message' && f.message.id === replyId);
    if (frame.type !== 'message') throw new Error('unexpected');
    expect(frame.message).toMatchObject({ from: 'agent', text: 'Ada kak', senderName: 'Sari' });

    socket.ws.send(JSON.stringify({ type: 'receipt', messageIds: [replyId], status: 'delivered' }));
    await waitFor(async () =>
      chat.received.find(
        (e) => e.type === 'message.updated' && e.message.id === replyId && e.message.status === 'delivered',
      ),
    );
    socket.ws.send(JSON.stringify({ type: 'receipt', messageIds: [replyId], status: 'read' }));
    await waitFor(async () =>
      chat.received.find(
        (e) => e.type === 'message.updated' && e.message.id === replyId && e.message.status === 'read',
      ),
    );
    // Monotonic: a late delivered never moves read back.
    socket.ws.send(JSON.stringify({ type: 'receipt', messageIds: [replyId], status: 'delivered' }));

    // The history after a reconnect (a reload): the visitor's and the agent's messages, never the note.
    socket.ws.close();
    const again = await openVisitorSocket(token, SHOP);
    const history = await server.app.inject({ method: 'GET', url: widget('/messages'), headers: as(token) });
    const texts = history.json().items.map((m: { text: string }) => m.text);
    expect(texts).toEqual(['Halo, stok kaos ada?', 'Ada kak']);
    expect(history.body).not.toContain('catatan internal');
    expect(history.json().items[1].status).toBe('read');
    expect(again.frames.some((f) => f.type === 'message' && f.message.text === 'catatan internal')).toBe(
      false,
    );
    again.ws.close();
  });

  it('attachments: an image reaches the agent; one visitor cannot read another visitor’s messages or media', async () => {
    const siti = await startVisitor('Siti');
    const png = makePng(20, [200, 0, 0]);
    const up = await server.app.inject({
      method: 'POST',
      url: widget('/attachments?name=foto%20produk.png'),
      headers: { ...as(siti), 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().fileName).toMatch(/^\d+_foto_produk\.png$/);
    const sent = await server.app.inject({
      method: 'POST',
      url: widget('/messages'),
      headers: as(siti),
      payload: { clientMessageId: randomUUID(), attachmentIds: [up.json().uploadId] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json();
    expect(message.type).toBe('image');
    const created = await waitFor(async () =>
      chat.received.find((e) => e.type === 'message.created' && e.message.id === message.id),
    );
    if (created.type !== 'message.created') throw new Error('unexpected');
    const agentMedia = await server.app.inject({
      method: 'GET',
      url: created.message.media!.url,
      headers: bearer(agent),
    });
    expect(agentMedia.statusCode).toBe(200);
    expect(Buffer.compare(agentMedia.rawPayload, png)).toBe(0);

    const own = await server.app.inject({ method: 'GET', url: message.media[0].url, headers: as(siti) });
    expect(own.statusCode).toBe(200);
    const budi = await startVisitor('Budi2');
    const stolen = await server.app.inject({ method: 'GET', url: message.media[0].url, headers: as(budi) });
    expect(stolen.statusCode).toBe(404);
    const history = await server.app.inject({ method: 'GET', url: widget('/messages'), headers: as(budi) });
    expect(history.json().items).toEqual([]);
    const unsupported = await server.app.inject({
      method: 'POST',
      url: widget('/attachments?name=a.mp3'),
      headers: { ...as(siti), 'content-type': 'audio/mpeg' },
      payload: Buffer.from('ID3'),
    });
    expect(unsupported.json().code).toBe('attachment.typeNotAllowed');
  });

  it('an agent image reaches the visitor socket and the visitor can fetch it', async () => {
    const token = await startVisitor('Rudi');
    const socket = await openVisitorSocket(token, SHOP);
    await server.app.inject({
      method: 'POST',
      url: widget('/messages'),
      headers: as(token),
      payload: { clientMessageId: randomUUID(), text: 'Minta foto produknya' },
    });
    const created = await waitFor(async () =>
      chat.received.find((e) => e.type === 'message.created' && e.message.text === 'Minta foto produknya'),
    );
    if (created.type !== 'message.created') throw new Error('unexpected');
    const png = makePng(30, [0, 0, 200]);
    const boundary = 'sapa-test-boundary';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produk.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${created.ticket.id}/uploads`,
      headers: { ...bearer(agent), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const reply = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${created.ticket.id}/messages`,
      headers: bearer(agent),
      payload: { text: 'Ini fotonya', attachmentId: upload.json().id, clientMessageId: randomUUID() },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const frame = await socket.next((f) => f.type === 'message' && f.message.id === reply.json().id);
    if (frame.type !== 'message') throw new Error('unexpected');
    expect(frame.message).toMatchObject({ from: 'agent', type: 'image', text: 'Ini fotonya' });
    const media = await server.app.inject({
      method: 'GET',
      url: frame.message.media[0]!.url,
      headers: as(token),
    });
    expect(media.statusCode).toBe(200);
    expect(Buffer.compare(media.rawPayload, png)).toBe(0);
    socket.ws.close();
  });

  it('limits new sessions per client address (429 with Retry-After)', async () => {
    const start = () =>
      server.app.inject({
        method: 'POST',
        url: widget('/session'),
        remoteAddress: '10.9.8.7',
        headers: { 'accept-language': 'en' },
        payload: { name: 'Spam', fields: { email: 'spam@example.com' }, consent: true },
      });
    for (let i = 0; i < 20; i++) expect((await start()).statusCode).toBe(200);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please wait a moment and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an unknown token is 401 and closes the socket with 4401', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: widget('/messages'),
      headers: as('x'.repeat(43)),
    });
    expect(res.statusCode).toBe(401);
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/widget?token=${'y'.repeat(43)}`);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});
