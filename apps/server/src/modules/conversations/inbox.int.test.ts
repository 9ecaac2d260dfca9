import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import {
  ACCESS_TOKEN,
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  postWebhook,
  startFakeGraph,
} from '../../../test/whatsapp.js';
import { contacts } from '../contacts/contacts.schema.js';
import { messages, tickets } from './conversations.schema.js';

let server: TestServer;
let graph: FakeGraph;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let accountId: string;
let phone = 6281400000;

beforeAll(async () => {
  server = await startTestServer();
  graph = await startFakeGraph();
  biz = await makeBusiness(server.deps.db, 'Kotak');
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

const db = () => server.deps.db;

/** A customer writes (optionally `hoursAgo`); returns the ticket id and the customer's number. */
async function customerWrites(text = 'Halo', hoursAgo = 0) {
  const from = String(++phone);
  const body = delivery([
    changeValue({ messages: [{ from, text, timestamp: Date.now() - hoursAgo * 3_600_000 }] }),
  ]);
  expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
  const ticketId = await waitFor(async () => {
    const [t] = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
      .where(and(eq(tickets.clientId, biz.clientId), eq(contacts.phone, from)));
    return t?.id ?? false;
  });
  return { ticketId, from };
}

function reply(ticketId: string, text: string, extra: Record<string, unknown> = {}, tokens = owner) {
  return server.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticketId}/messages`,
    headers: bearer(tokens),
    payload: { text, clientMessageId: randomUUID(), ...extra },
  });
}

async function messageRow(id: string) {
  const [m] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, id)));
  return m;
}

const sendsTo = (to: string) => graph.requests.filter((r) => r.body.to === to && r.body.type === 'text');

describe('inbox replies', () => {
  it('sends a reply: pending, then the wamid and sent; the ticket is responded; idempotent on clientMessageId', async () => {
    const { ticketId, from } = await customerWrites('Ada warna lain?');
    const clientMessageId = randomUUID();
    const res = await reply(ticketId, 'Ada kak', { clientMessageId }, agent);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({
      direction: 'out',
      visibility: 'public',
      status: 'pending',
      text: 'Ada kak',
    });
    expect(message.senderName).toBe('Agent');
    const sent = await waitFor(async () => {
      const m = await messageRow(message.id);
      return m?.status === 'sent' ? m : false;
    });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const calls = sendsTo(from);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(calls[0]!.body).toMatchObject({ messaging_product: 'whatsapp', text: { body: 'Ada kak' } });

    // The same request again returns the same message and sends nothing more.
    const again = await reply(ticketId, 'Ada kak', { clientMessageId }, agent);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(message.id);
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({
      responded: true,
      lastMessage: { direction: 'out', preview: 'Ada kak' },
    });
    expect(ticket.json().expiresAt).toBeGreaterThan(Date.now());
    expect(sendsTo(from)).toHaveLength(1);
  });

  it('quotes the replied message with its wamid as context', async () => {
    const { ticketId, from } = await customerWrites('Pertanyaan');
    const list = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}/messages`,
      headers: bearer(owner),
    });
    const inbound = list.json().items[0];
    const res = await reply(ticketId, 'Jawaban', { replyToId: inbound.id });
    expect(res.statusCode).toBe(200);
    await waitFor(async () => sendsTo(from).length === 1);
    const [row] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, inbound.id)));
    expect(sendsTo(from)[0]!.body.context).toEqual({ message_id: row!.providerMessageId });
  });

  it('keeps an internal note in Sapa and never sends it', async () => {
    const { ticketId, from } = await customerWrites();
    const res = await reply(ticketId, 'catatan internal', { internal: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ visibility: 'internal', status: 'sent' });
    const check = await reply(ticketId, 'publik');
    await waitFor(async () => (await messageRow(check.json().id))?.status === 'sent');
    expect(sendsTo(from).map((r) => (r.body.text as { body: string }).body)).toEqual(['publik']);
  });

  it('retries a 130429 rate limit with back-off and then succeeds', async () => {
    const { ticketId } = await customerWrites();
    graph.queue.push({
      status: 400,
      body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } },
    });
    const res = await reply(ticketId, 'coba lagi');
    const sent = await waitFor(async () => {
      const m = await messageRow(res.json().id);
      return m?.status === 'sent' ? m : false;
    }, 180_000);
    expect(sent.error).toBeNull();
    expect(sent.providerMessageId).toMatch(/^wamid\./);
  });

  it("fails a permanent error with the provider's reason, and 131056 with the pair rate limit", async () => {
    const { ticketId } = await customerWrites();
    graph.queue.push({
      status: 400,
      body: {
        error: { message: '(#100) Invalid parameter', code: 100, error_data: { details: 'Invalid to' } },
      },
    });
    const res = await reply(ticketId, 'gagal');
    const failed = await waitFor(async () => {
      const m = await messageRow(res.json().id);
      return m?.status === 'failed' ? m : false;
    });
    expect(failed.error).toEqual({ code: 'wa.failed', message: 'Not delivered: Invalid to' });

    graph.queue.push({ status: 400, body: { error: { message: 'pair', code: 131056 } } });
    const pair = await reply(ticketId, 'terlalu cepat');
    const pairFailed = await waitFor(async () => {
      const m = await messageRow(pair.json().id);
      return m?.status === 'failed' ? m : false;
    });
    expect(pairFailed.error?.code).toBe('wa.pairRateLimit');

    // Retry sends the failed message again (the fake provider now accepts it).
    const retry = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages/${pair.json().id}/retry`,
      headers: bearer(owner),
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'pending', error: null });
    await waitFor(async () => (await messageRow(pair.json().id))?.status === 'sent');
  });

  it('refuses a reply 24 hours after the customer last wrote on WhatsApp (inbox.expiredWhatsapp)', async () => {
    const { ticketId, from } = await customerWrites('lama', 25);
    const res = await reply(ticketId, 'terlambat');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('inbox.expiredWhatsapp');
    expect(res.json().message).toContain('24');
    expect(sendsTo(from)).toHaveLength(0);
    // An internal note is still allowed.
    expect((await reply(ticketId, 'catatan', { internal: true })).statusCode).toBe(200);
  });

  it('assigns to a member only, resolves with a note, then refuses replies (inbox.ticketClosed)', async () => {
    const { ticketId } = await customerWrites();
    const stranger = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/assign`,
      headers: bearer(owner),
      payload: { assigneeId: randomUUID() },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('inbox.assigneeInvalid');
    const agentId = biz.userIds[biz.agent.email]!;
    const assigned = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/assign`,
      headers: bearer(owner),
      payload: { assigneeId: agentId },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'assigned', assigneeId: agentId, assigneeName: 'Agent' });
    const tab = await server.app.inject({
      method: 'GET',
      url: '/api/inbox/tickets?tab=assigned',
      headers: bearer(agent),
    });
    expect(tab.json().items.map((t: { id: string }) => t.id)).toContain(ticketId);

    const resolved = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/resolve`,
      headers: bearer(agent),
      payload: { note: 'selesai' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolveNote: 'selesai' });
    // Issue 16 §5: the note is on the ticket (the chat room shows it) and on its chat-history row.
    const reread = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}`,
      headers: bearer(owner),
    });
    expect(reread.json().resolveNote).toBe('selesai');
    const history = await server.app.inject({
      method: 'GET',
      url: '/api/chat-history',
      headers: bearer(owner),
    });
    expect(history.json().items.find((row: { id: string }) => row.id === ticketId)?.resolveNote).toBe(
      'selesai',
    );
    const closed = await reply(ticketId, 'masih?');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('inbox.ticketClosed');
  });

  it('marks a chat read: unread back to 0 and a read receipt for the latest customer message', async () => {
    const { ticketId } = await customerWrites('baca ya');
    const before = await server.app.inject({
      method: 'GET',
      url: '/api/inbox/unread-count',
      headers: bearer(owner),
    });
    expect(before.json().unassigned).toBeGreaterThanOrEqual(1);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/read`,
      headers: bearer(agent),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json().unreadCount).toBe(0);
    const [inbound] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.ticketId, ticketId)));
    await waitFor(async () =>
      graph.requests.some(
        (r) => r.body.status === 'read' && r.body.message_id === inbound!.providerMessageId,
      ),
    );
  });

  it('pages tickets with a keyset cursor and messages with `before`, newest first', async () => {
    const { ticketId } = await customerWrites('satu');
    for (const text of ['dua', 'tiga']) expect((await reply(ticketId, text)).statusCode).toBe(200);
    const page1 = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}/messages?limit=2`,
      headers: bearer(owner),
    });
    expect(page1.json().items.map((m: { text: string }) => m.text)).toEqual(['tiga', 'dua']);
    const page2 = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}/messages?limit=2&before=${page1.json().nextCursor}`,
      headers: bearer(owner),
    });
    expect(page2.json()).toMatchObject({ items: [{ text: 'satu' }], nextCursor: null });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/inbox/tickets?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await server.app.inject({ method: 'GET', url: q, headers: bearer(owner) });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((t: { id: string }) => t.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    const open = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.status, 'unassigned')));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(open.map((t) => t.id).sort());
    const search = await server.app.inject({
      method: 'GET',
      url: `/api/inbox/tickets?search=${phone}`,
      headers: bearer(owner),
    });
    expect(search.json().items.map((t: { id: string }) => t.id)).toEqual([ticketId]);
  });
});
