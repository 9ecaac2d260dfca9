import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../../../test/fixtures.js';
import { startTestServer, testDbKind, waitFor } from '../../../../../test/harness.js';
import {
  accountId,
  db,
  eventCount,
  graph,
  messagesByWamid,
  messagesOf,
  server,
  startWorker,
  storedEvent,
  useWhatsappInbound,
} from '../../../../../test/servers/whatsapp-inbound.js';
import {
  ACCOUNT_NUMBER_ID,
  changeValue,
  connectWhatsapp,
  delivery,
  newWamid,
  postWebhook,
} from '../../../../../test/whatsapp.js';
import { contacts } from '../../../contacts/contacts.schema.js';
import { messages, tickets } from '../../../conversations/index.js';
import { channelAccounts, inboundEvents } from '../../channels.schema.js';
import { INBOUND_DRAIN_LOCK, INBOUND_LANES } from '../../inbound/inbound-drain.js';
import { broadcastKeyOf } from '../../outbound/send-keys.js';

useWhatsappInbound();

describe('WhatsApp Cloud webhooks: crashes, disconnections, lanes and batches', () => {
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
        await waitFor(async () => !!(await eventOf('broken-delivery'))?.processedAt, 60_000);
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
