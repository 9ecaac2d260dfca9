import { randomUUID } from 'node:crypto';
import { featureStringFrom, type PushPayload, type TokenPair } from '@sapa/contracts';
import { type PushServiceSimulator, startPushServiceSimulator } from '@sapa/simulators';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { type Business, useTestServer } from '../../../test/use-test-server.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { pushPresence, pushSubscriptions } from './push.schema.js';

let server: TestServer;
let biz: Business;
let owner: TokenPair;
let otherOwner: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let agentId: string;
let accountId: string;
let sim: PushServiceSimulator;

useTestServer({
  server: { work: true },
  business: 'Dorong',
  members: [{ name: 'Kontak Saja', featureAccess: featureStringFrom(['CONTACT']), csPosition: null }],
  other: 'Dorong Lain',
  setup: async (seeded) => {
    ({ server, biz, owner, otherOwner } = seeded);
    sim = await startPushServiceSimulator();
    // The test's push service is allowed as a deployment allows its own (PUSH_SERVICE_ORIGINS).
    server.deps.config.push.extraServiceOrigins.push(sim.url);
    agent = await signInFresh(server.app, biz.agent.email);
    contactOnly = await signInFresh(server.app, biz.members[3]!.email);
    agentId = biz.userIds[biz.agent.email]!;
    accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
  },
  beforeClose: () => sim?.close(),
});

const api = apiClient(() => server.app);

const openTicket = async (name: string) =>
  (await openWhatsappTicket(server.deps.db, { clientId: biz.clientId, channelAccountId: accountId, name }))
    .ticketId;

const assignToAgent = async (ticketId: string) => {
  const res = await api('POST', `/api/tickets/${ticketId}/assign`, owner, { assigneeId: agentId });
  expect(res.statusCode).toBe(200);
};

/** pg-boss jobs of a queue that have finished (the push decision for an event is taken). */
const finished = async (name: string) => {
  const rows = await server.deps.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'completed'`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

const payloads = (subscriptionId: string) =>
  sim.received(subscriptionId).map((p) => JSON.parse(p.payload ?? 'null') as PushPayload);

describe('Web Push to an away agent', () => {
  it('delivers exactly one decryptable push for a chat assigned to an offline agent, none while a tab is open', async () => {
    const device = sim.subscribe('agent laptop');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', agent, subscription)).statusCode).toBe(200);
    const key = await api('GET', '/api/pushnotif/vapid-key', agent);
    expect(key.json().publicKey).toBe(server.deps.config.push.vapidPublicKey);

    // A tab is open: the assignment shows in the app, no push.
    expect((await api('POST', '/api/pushnotif/status', agent, { status: 'ONLINE' })).json()).toEqual({
      status: 'ONLINE',
    });
    const seen = await openTicket('Budi Terbuka');
    const before = await finished('push.assigned');
    await assignToAgent(seen);
    await waitFor(async () => (await finished('push.assigned')) > before);
    expect(sim.received(device.id)).toHaveLength(0);

    // The last tab closes (pushnotif/offline): the next assignment is pushed.
    expect((await api('POST', '/api/pushnotif/offline', agent, {})).json()).toEqual({ status: 'OFFLINE' });
    const away = await openTicket('Sari Tertutup');
    await assignToAgent(away);
    await waitFor(async () => sim.received(device.id).length > 0);
    const [push] = sim.received(device.id);
    expect(push!.vapidPublicKey).toBe(server.deps.config.push.vapidPublicKey);
    expect(payloads(device.id)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        ticketId: away,
        title: 'Chat baru ditugaskan kepada Anda',
        body: expect.stringContaining('Sari Tertutup'),
        url: `/customer-service/inbox?referenceId=${away}`,
      }),
    ]);

    // More updates of the same assignment (a property change publishes ticket.updated) push nothing more.
    const done = await finished('push.assigned');
    expect((await api('PATCH', `/api/tickets/${away}`, owner, { priority: 1 })).statusCode).toBe(200);
    await waitFor(async () => (await finished('push.assigned')) > done);
    expect(sim.received(device.id)).toHaveLength(1);
    expect(sim.refused()).toEqual([]);
  });

  it('pushes a mention in an internal note to the member it names, not to its author', async () => {
    const device = sim.subscribe('agent phone');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', agent, subscription)).statusCode).toBe(200);
    const ticketId = await openTicket('Rina Catatan');
    const note = await api('POST', `/api/tickets/${ticketId}/messages`, owner, {
      text: '@agent tolong cek pesanan ini',
      internal: true,
      clientMessageId: randomUUID(),
    });
    expect(note.statusCode).toBe(200);
    await waitFor(async () => sim.received(device.id).length > 0);
    expect(payloads(device.id)).toEqual([
      expect.objectContaining({
        kind: 'mention',
        ticketId,
        title: 'Owner menyebut Anda',
        body: expect.stringContaining('tolong cek pesanan ini'),
      }),
    ]);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const device = sim.subscribe('revoked');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', agent, subscription)).statusCode).toBe(200);
    sim.expire(device.id);
    await assignToAgent(await openTicket('Tono Hilang'));
    await waitFor(async () => sim.refused().some((r) => r.subscriptionId === device.id && r.status === 410));
    await waitFor(async () => {
      const rows = await server.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
      return rows.length === 0;
    });
  });
});

describe('signing out, permissions and tenants', () => {
  it('removes the device on sign-out', async () => {
    const session = await signInFresh(server.app, biz.agent.email);
    const device = sim.subscribe('shared computer');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', session, subscription)).statusCode).toBe(200);
    expect((await api('POST', '/api/pushnotif/status', session, { status: 'ONLINE' })).statusCode).toBe(200);
    const rowsOf = () =>
      server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(await rowsOf()).toHaveLength(1);
    expect((await api('POST', '/api/auth/logout', session, {})).statusCode).toBe(200);
    expect(await rowsOf()).toHaveLength(0);
    const presence = await server.deps.db.select().from(pushPresence).where(eq(pushPresence.userId, agentId));
    // The signed-out browser's ONLINE went with it (the other sessions of this user said OFFLINE or nothing).
    expect(presence.filter((p) => p.status === 'ONLINE')).toEqual([]);
  });

  it('lets only inbox readers subscribe, and only to browsers’ push services', async () => {
    const device = sim.subscribe('no inbox');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', contactOnly, subscription)).statusCode).toBe(403);
    expect((await api('GET', '/api/pushnotif/vapid-key', contactOnly)).statusCode).toBe(403);
    const elsewhere = await api('PUT', '/api/pushnotif/subscription', agent, {
      ...subscription,
      endpoint: 'http://169.254.169.254/latest/meta-data',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Notifications from this push service are not supported.');
    const badKeys = await api('PUT', '/api/pushnotif/subscription', agent, {
      endpoint: subscription.endpoint,
      keys: { p256dh: 'short', auth: 'x' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().message).toBe('This browser’s push subscription is not valid.');
  });

  it('keeps one business’s subscriptions out of another’s reach', async () => {
    const device = sim.subscribe('tenant');
    const { id: _id, ...subscription } = device;
    expect((await api('PUT', '/api/pushnotif/subscription', agent, subscription)).statusCode).toBe(200);
    const foreign = await api('POST', '/api/pushnotif/unsubscribe', otherOwner, {
      endpoint: device.endpoint,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This browser is not subscribed to notifications.');
    const rows = await server.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toEqual([expect.objectContaining({ clientId: biz.clientId, userId: agentId })]);
    expect(
      (await api('POST', '/api/pushnotif/unsubscribe', agent, { endpoint: device.endpoint })).statusCode,
    ).toBe(200);
  });
});
