import { createHash } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { defineJobs } from '../../src/app.js';
import { inboundEvents } from '../../src/modules/channels/channels.schema.js';
import { contacts } from '../../src/modules/contacts/contacts.schema.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { createJobQueue } from '../../src/platform/jobs/job-queue.js';
import { signInFresh } from '../auth-helpers.js';
import { makeBusiness } from '../fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../harness.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  deliveryBytes,
  type FakeGraph,
  postWebhook,
  startFakeGraph,
} from '../whatsapp.js';

/**
 * The WhatsApp inbound tests' server (`whatsapp-inbound*.int.test.ts`): business `biz` with a WhatsApp account on a
 * fake Graph API, every realtime event kept in `events`.
 */
export let server: TestServer;
export let graph: FakeGraph;
export let biz: Awaited<ReturnType<typeof makeBusiness>>;
export let owner: TokenPair;
export let accountId: string;
export const events: unknown[] = [];

export function useWhatsappInbound() {
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
}

export const db = () => server.deps.db;
export const messagesOf = (wamid: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, wamid)));
/** The stored event of a delivery posted by `postWebhook` (its key is the sha256 of the body's bytes). */
export const storedEvent = async (body: unknown) => {
  const key = createHash('sha256').update(deliveryBytes(accountId, body)).digest('hex');
  const [row] = await db()
    .select()
    .from(inboundEvents)
    .where(and(eq(inboundEvents.clientId, biz.clientId), eq(inboundEvents.providerEventKey, key)));
  return row;
};
export const eventCount = async () =>
  (await db().select().from(inboundEvents).where(eq(inboundEvents.clientId, biz.clientId))).length;

export async function startWorker(acceptor: TestServer) {
  const queue = createJobQueue({ connection: acceptor.database.bossConnection, onError: () => {} });
  const workerDeps = { ...acceptor.deps, jobs: queue };
  for (const job of Object.values(defineJobs(workerDeps))) queue.register(job as never);
  await queue.start({ work: true });
  return queue;
}

/** A customer writes; returns the ticket id. */
export async function openTicket(from: string) {
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

export const messagesByWamid = (server: TestServer, clientId: string, wamid: string) =>
  server.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.providerMessageId, wamid)));
