import { createHash } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../../../test/fixtures.js';
import { startTestServer, type TestServer, testDbKind, waitFor } from '../../../../../test/harness.js';
import {
  ACCOUNT_NUMBER_ID,
  changeValue,
  connectWhatsapp,
  delivery,
  deliveryBytes,
  type FakeGraph,
  newWamid,
  postWebhook,
  startFakeGraph,
} from '../../../../../test/whatsapp.js';
import { defineJobs } from '../../../../app.js';
import { createJobQueue } from '../../../../platform/jobs/job-queue.js';
import { contacts } from '../../../contacts/contacts.schema.js';
import { messages, tickets } from '../../../conversations/index.js';
import { channelAccounts, inboundEvents } from '../../channels.schema.js';
import { INBOUND_DRAIN_LOCK, INBOUND_LANES } from '../../inbound/inbound-drain.js';
import { broadcastKeyOf } from '../../outbound/send-keys.js';

let server: TestServer;
let graph: FakeGraph;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let accountId: string;
const events: unknown[] = [];

beforeAll(async () => {
  server = await startTestServer();
  graph = await startFakeGraph();
  biz = await makeBusiness(server.deps.db, 'Masuk');
  owner = await signInFresh(server.app, biz.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
  server.deps.bus.subscribe('realtime', (e) => events.push(e));
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

const db = () => server.deps.db;
const messagesOf = (wamid: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, wamid)));
/** The stored event of a delivery posted by `postWebhook` (its key is the sha256 of the body's bytes). */
const storedEvent = async (body: unknown) => {
  const key = createHash('sha256').update(deliveryBytes(accountId, body)).digest('hex');
  const [row] = await db()
    .select()
    .from(inboundEvents)
    .where(and(eq(inboundEvents.clientId, biz.clientId), eq(inboundEvents.providerEventKey, key)));
  return row;
};
const eventCount = async () =>
  (await db().select().from(inboundEvents).where(eq(inboundEvents.clientId, biz.clientId))).length;

describe('WhatsApp Cloud webhooks', () => {
  it('refuses a wrong or missing signature and stores nothing', async () => {
    const before = await eventCount();
    const body = delivery([changeValue({ messages: [{ from: '6281111', text: 'palsu' }] })]);
    const wrong = await postWebhook(server.app, accountId, body, { secret: 'another-secret' });
    expect(wrong.statusCode).toBe(401);
    const missing = await postWebhook(server.app, accountId, body, { signature: null });
    expect(missing.statusCode).toBe(401);
    const unknown = await postWebhook(server.app, '0190f4c8-0000-7000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('processes every entry, change, message and status of one delivery', async () => {
    const ids = [newWamid(), newWamid(), newWamid(), newWamid()];
    const body = delivery(
      [
        changeValue({
          messages: [
            { from: '6281200001', name: 'Sari', id: ids[0], text: 'Halo kak' },
            {
              from: '6281200001',
              name: 'Sari',
              id: ids[1],
              raw: { type: 'image', image: { id: '5551', mime_type: 'image/jpeg', caption: 'ini' } },
            },
          ],
        }),
      ],
      [
        changeValue({
          messages: [
            {
              from: '6281200002',
              name: 'Budi',
              id: ids[2],
              raw: {
                type: 'interactive',
                interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Ya' } },
              },
            },
            {
              from: '6281200002',
              name: 'Budi',
              id: ids[3],
              raw: { type: 'location', location: { latitude: -6.2, longitude: 106.8, name: 'Monas' } },
            },
          ],
        }),
        changeValue({ statuses: [{ id: 'wamid.unknown-to-sapa', status: 'delivered' }] }),
      ],
    );
    const res = await postWebhook(server.app, accountId, body);
    expect(res.statusCode).toBe(200);
    await waitFor(async () => {
      for (const id of ids) if ((await messagesOf(id)).length !== 1) return false;
      return true;
    });
    const [sari] = await messagesOf(ids[1]!);
    expect(sari).toMatchObject({ type: 'image', text: 'ini', direction: 'in', status: 'received' });
    expect(sari!.payload).toMatchObject({ mediaId: '5551', mime: 'image/jpeg' });
    const [budi] = await messagesOf(ids[2]!);
    expect(budi).toMatchObject({ type: 'interactive', text: 'Ya' });
    expect((await messagesOf(ids[3]!))[0]).toMatchObject({ type: 'location', text: 'Monas' });

    const contactRows = await db().select().from(contacts).where(eq(contacts.clientId, biz.clientId));
    expect(contactRows.map((c) => c.name).sort()).toEqual(['Budi', 'Sari']);
    const ticketRows = await db().select().from(tickets).where(eq(tickets.clientId, biz.clientId));
    expect(ticketRows).toHaveLength(2);
    for (const t of ticketRows) {
      expect(t.status).toBe('unassigned');
      expect(t.unreadCount).toBe(2);
      expect(t.responded).toBe(false);
      expect(t.lastCustomerMessageAt).not.toBeNull();
    }
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/inbox/tickets',
      headers: bearer(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { displayId: string; contact: { name: string; handle: string } }[];
    expect(items).toHaveLength(2);
    expect(items.map((i) => i.displayId).sort()).toEqual(['T-000001', 'T-000002']);
    expect(items.find((i) => i.contact.name === 'Sari')?.contact.handle).toBe('6281200001');
    expect(
      events.filter((e) => (e as { type: string }).type === 'message.created').length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('creates nothing twice when a delivery is redelivered or a message repeats', async () => {
    const id = newWamid();
    const body = delivery([
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', id, text: 'sekali' }] }),
    ]);
    expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(id)).length === 1);
    const events1 = await eventCount();
    // Byte-identical redelivery: no new event.
    expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
    expect(await eventCount()).toBe(events1);
    // The same message inside a different delivery: a new event, still one message.
    const other = delivery([
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', id, text: 'sekali' }] }),
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', text: 'dua' }] }),
    ]);
    expect((await postWebhook(server.app, accountId, other)).statusCode).toBe(200);
    await waitFor(async () => {
      const [t] = await db()
        .select()
        .from(tickets)
        .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
        .where(and(eq(tickets.clientId, biz.clientId), eq(contacts.phone, '6281200003')));
      return t?.tickets.unreadCount === 2;
    });
    expect(await messagesOf(id)).toHaveLength(1);
    const rina = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, biz.clientId), eq(contacts.phone, '6281200003')));
    expect(rina).toHaveLength(1);
  });

  it('attaches a reaction to the message it reacts to, and keeps an unknown type as unsupported', async () => {
    const target = newWamid();
    const first = delivery([changeValue({ messages: [{ from: '6281200006', id: target, text: 'harga?' }] })]);
    expect((await postWebhook(server.app, accountId, first)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(target)).length === 1);
    const odd = newWamid();
    const second = delivery([
      changeValue({
        messages: [
          { from: '6281200006', raw: { type: 'reaction', reaction: { message_id: target, emoji: '👍' } } },
          { from: '6281200006', id: odd, raw: { type: 'order', order: {} } },
        ],
      }),
    ]);
    expect((await postWebhook(server.app, accountId, second)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(odd)).length === 1);
    expect((await messagesOf(target))[0]!.payload).toMatchObject({ reaction: '👍' });
    expect((await messagesOf(odd))[0]).toMatchObject({
      type: 'unsupported',
      payload: { originalType: 'order' },
    });
    const [t] = await db()
      .select({ ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, target)));
    const all = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.ticketId, t!.ticketId)));
    expect(all.map((m) => m.type).sort()).toEqual(['text', 'unsupported']);
  });

  it('applies statuses monotonically: read then delivered stays read; failed never replaces read', async () => {
    const ticket = await openTicket('6281200004');
    const send = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/messages`,
      headers: bearer(owner),
      payload: { text: 'Balasan', clientMessageId: crypto.randomUUID() },
    });
    expect(send.statusCode, send.body).toBe(200);
    const messageId = send.json().id as string;
    const sent = await waitFor(async () => {
      const [m] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, messageId)));
      return m?.providerMessageId ? m : false;
    });
    expect(sent.status).toBe('sent');
    const wamid = sent.providerMessageId!;
    const read = delivery([changeValue({ statuses: [{ id: wamid, status: 'read' }] })]);
    expect((await postWebhook(server.app, accountId, read)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(wamid))[0]?.status === 'read');
    const late = delivery([
      changeValue({
        statuses: [
          { id: wamid, status: 'delivered' },
          { id: wamid, status: 'sent' },
        ],
      }),
      changeValue({ statuses: [{ id: wamid, status: 'failed', errors: [{ code: 131026, title: 'x' }] }] }),
    ]);
    expect((await postWebhook(server.app, accountId, late)).statusCode).toBe(200);
    await waitFor(async () => {
      const rows = await db().select().from(inboundEvents).where(eq(inboundEvents.clientId, biz.clientId));
      return rows.every(
        (r) =>
          r.processedAt ||
          ((r.raw as { entry: unknown[] }).entry.length === 2 &&
            JSON.stringify(r.raw).includes('unknown-to-sapa')),
      );
    });
    expect((await messagesOf(wamid))[0]).toMatchObject({ status: 'read', error: null });
  });

  it('stores a failed status with the spec reason (131047 re-engagement)', async () => {
    const ticket = await openTicket('6281200005');
    const send = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/messages`,
      headers: bearer(owner),
      payload: { text: 'Halo lagi', clientMessageId: crypto.randomUUID() },
    });
    const messageId = send.json().id as string;
    const wamid = await waitFor(async () => {
      const [m] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, messageId)));
      return m?.providerMessageId ?? false;
    });
    const failed = delivery([
      changeValue({
        statuses: [
          { id: wamid, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] },
        ],
      }),
    ]);
    expect((await postWebhook(server.app, accountId, failed)).statusCode).toBe(200);
    const row = await waitFor(async () => {
      const [m] = await messagesOf(wamid);
      return m?.status === 'failed' ? m : false;
    });
    expect(row.error?.code).toBe('wa.reengagement');
  });

  it('processes once a delivery acknowledged by a process that died before working it', async () => {
    // A server that only accepts (no worker), as if the process died right after answering 200.
    const acceptor = await startTestServer({ work: false });
    try {
      const b = await makeBusiness(acceptor.deps.db, 'Mati');
      const o = await signInFresh(acceptor.app, b.owner.email);
      const acc = (await connectWhatsapp(acceptor.app, o, graph.url)).id;
      const id = newWamid();
      const body = delivery([changeValue({ messages: [{ from: '6281300001', id, text: 'masih ada?' }] })]);
      expect((await postWebhook(acceptor.app, acc, body)).statusCode).toBe(200);
      expect((await postWebhook(acceptor.app, acc, body)).statusCode).toBe(200);
      const [stored] = await acceptor.deps.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.clientId, b.clientId));
      expect(stored?.processedAt).toBeNull();
      // A fresh worker process on the same database.
      const queue = await startWorker(acceptor);
      try {
        await waitFor(async () => {
          const [e] = await acceptor.deps.db
            .select()
            .from(inboundEvents)
            .where(eq(inboundEvents.clientId, b.clientId));
          return !!e?.processedAt;
        });
        const rows = await acceptor.deps.db.select().from(messages).where(eq(messages.clientId, b.clientId));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ providerMessageId: id, text: 'masih ada?' });
      } finally {
        await queue.stop();
      }
    } finally {
      await acceptor.close();
    }
  });

  it('refuses a delivery for an account disconnected after an earlier one was accepted', async () => {
    const b = await makeBusiness(db(), 'Putus');
    const o = await signInFresh(server.app, b.owner.email);
    const acc = (await connectWhatsapp(server.app, o, graph.url)).id;
    const first = delivery([changeValue({ messages: [{ from: '6281400001', text: 'satu' }] })]);
    expect((await postWebhook(server.app, acc, first)).statusCode).toBe(200);
    const off = await server.app.inject({
      method: 'DELETE',
      url: `/api/channel-accounts/${acc}`,
      headers: bearer(o),
    });
    expect(off.statusCode, off.body).toBe(200);
    const second = delivery([changeValue({ messages: [{ from: '6281400001', text: 'dua' }] })]);
    expect((await postWebhook(server.app, acc, second)).statusCode).toBe(404);
    const stored = await db().select().from(inboundEvents).where(eq(inboundEvents.clientId, b.clientId));
    expect(stored).toHaveLength(1);
  });

  it('answers 400 to a signed body that is not JSON and stores nothing', async () => {
    const before = await eventCount();
    const res = await postWebhook(server.app, accountId, '{"object": "whatsapp_business_account",');
    expect(res.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('processes many deliveries for many contacts in one batch: right tickets, in order, nothing twice', async () => {
    // Stored while no worker runs, so that one worker finds them all at once.
    const acceptor = await startTestServer({ work: false });
    const seen: { type: string; ticket?: { id: string }; message?: { text: string } }[] = [];
    acceptor.deps.bus.subscribe('realtime', (e) => seen.push(e as (typeof seen)[number]));
    try {
      const b = await makeBusiness(acceptor.deps.db, 'Ramai');
      const o = await signInFresh(acceptor.app, b.owner.email);
      const acc = (await connectWhatsapp(acceptor.app, o, graph.url)).id;
      const phones = Array.from({ length: 10 }, (_, i) => `62815000${String(i).padStart(2, '0')}`);
      const expected = new Map<string, string[]>(phones.map((p) => [p, []]));
      const at = Date.now();
      const bodies: unknown[] = [];
      const repeated = { from: phones[3]!, id: newWamid(), text: 'n3-repeated', timestamp: at };
      for (let k = 0; k < 40; k++) {
        const from = phones[k % 10]!;
        const msgs = [{ from, id: newWamid(), text: `n${k}`, timestamp: at }];
        // Every fifth delivery also carries a message of the next contact.
        if (k % 5 === 0)
          msgs.push({ from: phones[(k + 1) % 10]!, id: newWamid(), text: `n${k}b`, timestamp: at });
        if (k === 13) msgs.push(repeated);
        for (const m of msgs) expected.get(m.from)!.push(m.text);
        bodies.push(delivery([changeValue({ messages: msgs })]));
      }
      // The repeated message again in a later delivery, and one delivery redelivered byte for byte.
      bodies.push(delivery([changeValue({ messages: [repeated] })]));
      bodies.push(bodies[7]);
      for (const body of bodies) expect((await postWebhook(acceptor.app, acc, body)).statusCode).toBe(200);
      const stored = await acceptor.deps.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.clientId, b.clientId));
      expect(stored).toHaveLength(41);

      const queue = await startWorker(acceptor);
      try {
        const events = await waitFor(async () => {
          const rows = await acceptor.deps.db
            .select()
            .from(inboundEvents)
            .where(eq(inboundEvents.clientId, b.clientId));
          return rows.every((r) => r.processedAt) ? rows : false;
        });
        // One transaction processed them all (now() is the transaction's start).
        expect(new Set(events.map((e) => e.processedAt!.getTime())).size).toBe(1);

        const ticketRows = await acceptor.deps.db
          .select()
          .from(tickets)
          .innerJoin(
            contacts,
            and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)),
          )
          .where(eq(tickets.clientId, b.clientId));
        expect(ticketRows).toHaveLength(10);
        expect(ticketRows.map((t) => t.tickets.displayNumber).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 10 }, (_, i) => i + 1),
        );
        const contactRows = await acceptor.deps.db
          .select()
          .from(contacts)
          .where(eq(contacts.clientId, b.clientId));
        expect(contactRows.map((c) => c.phone).sort()).toEqual([...phones].sort());

        for (const { tickets: t, contacts: c } of ticketRows) {
          const want = expected.get(c.phone!)!;
          const rows = await acceptor.deps.db
            .select()
            .from(messages)
            .where(and(eq(messages.clientId, b.clientId), eq(messages.ticketId, t.id)))
            .orderBy(asc(messages.createdAt), asc(messages.id));
          expect(rows.map((m) => m.text)).toEqual(want);
          expect(t.unreadCount).toBe(want.length);
          expect(t.lastMessagePreview).toBe(want.at(-1));
          // The agents saw the same messages, in the same order, once each.
          const live = seen
            .filter((e) => e.type === 'message.created' && e.ticket?.id === t.id)
            .map((e) => e.message?.text);
          expect(live).toEqual(want);
        }
        const all = await acceptor.deps.db.select().from(messages).where(eq(messages.clientId, b.clientId));
        expect(all).toHaveLength(49);
        expect(new Set(all.map((m) => m.providerMessageId)).size).toBe(49);
      } finally {
        await queue.stop();
      }
    } finally {
      await acceptor.close();
    }
  });

  it('retries an event whose processing failed, without holding back the rest of its batch', async () => {
    const acceptor = await startTestServer({ work: false });
    try {
      const b = await makeBusiness(acceptor.deps.db, 'Gagal');
      const o = await signInFresh(acceptor.app, b.owner.email);
      const acc = (await connectWhatsapp(acceptor.app, o, graph.url)).id;
      // An event for an account the database does not know yet: opening its ticket fails (foreign key).
      const missingAccount = uuidv7();
      const badWamid = newWamid();
      await acceptor.deps.db.insert(inboundEvents).values({
        clientId: b.clientId,
        id: uuidv7(),
        channelAccountId: missingAccount,
        providerEventKey: 'broken-delivery',
        raw: delivery([changeValue({ messages: [{ from: '6281600001', id: badWamid, text: 'nanti' }] })]),
      });
      const goodWamid = newWamid();
      const good = delivery([
        changeValue({ messages: [{ from: '6281600002', id: goodWamid, text: 'sekarang' }] }),
      ]);
      expect((await postWebhook(acceptor.app, acc, good)).statusCode).toBe(200);

      const queue = await startWorker(acceptor);
      try {
        const eventOf = async (key: string) => {
          const [e] = await acceptor.deps.db
            .select()
            .from(inboundEvents)
            .where(and(eq(inboundEvents.clientId, b.clientId), eq(inboundEvents.providerEventKey, key)));
          return e;
        };
        // The good event went through; the bad one is recorded as failed and left for a retry.
        const failed = await waitFor(async () => {
          const e = await eventOf('broken-delivery');
          return e && e.attempts > 0 ? e : false;
        });
        expect(failed.processedAt).toBeNull();
        expect(failed.lastError).toBeTruthy();
        expect(failed.nextAttemptAt).not.toBeNull();
        await waitFor(async () => (await messagesByWamid(acceptor, b.clientId, goodWamid)).length === 1);

        // The cause goes away (the account exists now): a later sweep processes the event.
        await acceptor.deps.db.insert(channelAccounts).values({
          clientId: b.clientId,
          id: missingAccount,
          channel: 'WAP',
          name: 'Nomor lama',
          address: '6281999',
          status: 'disconnected',
          config: {
            phoneNumberId: ACCOUNT_NUMBER_ID,
            wabaId: '2',
            displayPhoneNumber: '6281999',
            graphBaseUrl: graph.url,
          },
          secrets: acceptor.deps.secrets.seal('{}'),
        });
        await waitFor(async () => !!(await eventOf('broken-delivery'))?.processedAt, 20_000);
        const rows = await messagesByWamid(acceptor, b.clientId, badWamid);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ text: 'nanti', channelAccountId: missingAccount });
      } finally {
        await queue.stop();
      }
    } finally {
      await acceptor.close();
    }
  });

  it("stores a broadcast's status-only deliveries in their own lane; everything else stays with the conversations", async () => {
    const bc = broadcastKeyOf(uuidv7(), uuidv7());
    const post = async (body: unknown) => {
      expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
      return (await storedEvent(body))?.lane;
    };
    const statusOnly = delivery([
      changeValue({ statuses: [{ id: newWamid(), status: 'sent', callbackData: bc }] }),
    ]);
    expect(await post(statusOnly)).toBe(INBOUND_LANES.broadcastStatuses);
    const mixed = delivery([
      changeValue({
        messages: [{ from: '6281700001', text: 'balas promo' }],
        statuses: [{ id: newWamid(), status: 'read', callbackData: bc }],
      }),
    ]);
    expect(await post(mixed)).toBe(INBOUND_LANES.conversations);
    const agentStatus = delivery([changeValue({ statuses: [{ id: newWamid(), status: 'delivered' }] })]);
    expect(await post(agentStatus)).toBe(INBOUND_LANES.conversations);
    // Each lane's drainer takes its own.
    await waitFor(async () => !!(await storedEvent(statusOnly))?.processedAt);
    await waitFor(async () => !!(await storedEvent(mixed))?.processedAt);
  });

  it('stores deliveries that arrive together in batches: each once, a bad one refused alone', async () => {
    const before = await eventCount();
    const wamids = Array.from({ length: 30 }, () => newWamid());
    const bodies = wamids.map((id, i) =>
      delivery([
        changeValue({
          messages: [{ from: `62817100${String(i).padStart(2, '0')}`, id, text: `serentak ${i}` }],
        }),
      ]),
    );
    // Not JSON (cut short), signed like the rest: the batch's statement fails and each is tried alone.
    const bad = JSON.stringify(bodies[0]).slice(0, -1);
    const answers = await Promise.all([
      ...bodies.map((b) => postWebhook(server.app, accountId, b)),
      postWebhook(server.app, accountId, bodies[5]), // a redelivery in the same burst
      postWebhook(server.app, accountId, bad),
    ]);
    expect(answers.slice(0, 31).map((a) => a.statusCode)).toEqual(Array(31).fill(200));
    expect(answers[31]!.statusCode).toBe(400);
    expect(await eventCount()).toBe(before + 30);
    await waitFor(async () => {
      for (const id of wamids) if ((await messagesOf(id)).length !== 1) return false;
      return true;
    });
  });

  it.skipIf(testDbKind() === 'pglite')(
    "processes a customer's message while the broadcast-status lane is held up",
    async () => {
      // Another session holds the broadcast-status lane's drain lock, as a long batch of statuses would.
      const blocker = new pg.Client({ connectionString: server.deps.config.databaseUrl });
      await blocker.connect();
      try {
        await blocker.query('select pg_advisory_lock($1)', [
          INBOUND_DRAIN_LOCK + INBOUND_LANES.broadcastStatuses,
        ]);
        const statusKey = broadcastKeyOf(uuidv7(), uuidv7());
        const statusBody = delivery([
          changeValue({ statuses: [{ id: newWamid(), status: 'delivered', callbackData: statusKey }] }),
        ]);
        expect((await postWebhook(server.app, accountId, statusBody)).statusCode).toBe(200);
        const wamid = newWamid();
        const customer = delivery([
          changeValue({ messages: [{ from: '6281700002', id: wamid, text: 'masih buka?' }] }),
        ]);
        expect((await postWebhook(server.app, accountId, customer)).statusCode).toBe(200);
        await waitFor(async () => (await messagesOf(wamid)).length === 1);
        const statusEvent = () => storedEvent(statusBody);
        expect((await statusEvent())?.processedAt).toBeNull();
        await blocker.query('select pg_advisory_unlock($1)', [
          INBOUND_DRAIN_LOCK + INBOUND_LANES.broadcastStatuses,
        ]);
        await waitFor(async () => !!(await statusEvent())?.processedAt);
      } finally {
        await blocker.end();
      }
    },
  );
});

/** A worker process on the acceptor's database: its own queue (the drain loop starts with it), same bus. */
async function startWorker(acceptor: TestServer) {
  const queue = createJobQueue({ connection: acceptor.database.bossConnection, onError: () => {} });
  const workerDeps = { ...acceptor.deps, jobs: queue };
  for (const job of Object.values(defineJobs(workerDeps))) queue.register(job as never);
  await queue.start({ work: true });
  return queue;
}

/** A customer writes; returns the ticket id. */
async function openTicket(from: string) {
  const body = delivery([changeValue({ messages: [{ from, text: 'Halo' }] })]);
  expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
  return waitFor(async () => {
    const [t] = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
      .where(and(eq(tickets.clientId, biz.clientId), eq(contacts.phone, from)));
    return t?.id ?? false;
  });
}

const messagesByWamid = (server: TestServer, clientId: string, wamid: string) =>
  server.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.providerMessageId, wamid)));
