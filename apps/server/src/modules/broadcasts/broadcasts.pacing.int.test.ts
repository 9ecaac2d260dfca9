import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Broadcast, TokenPair } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { connectSimulatedNumber } from '../../../test/whatsapp-simulator.js';
import { chatCreditWallets } from '../billing/billing.schema.js';
import { insertTemplates } from '../templates/index.js';

/**
 * The sending engine keeps to a number's throughput (issue 7 §4): the simulator enforces a small rate per
 * number and counts every request over it (130429). Paced at the provider's rate, nothing is refused; set
 * faster than the provider allows, the refusals pause the number and are sent again — every recipient once.
 */
const SIM_RATE = 10;
const RECIPIENTS = 30;

let server: TestServer;
let sim: WhatsappCloudSimulator;
let owner: TokenPair;
let accountId: string;
const templateId = uuidv7();
const api = apiClient(() => server.app);
const number = {
  phoneNumberId: '106540352279901',
  wabaId: '102290129379901',
  displayPhoneNumber: '6281100009901',
  accessToken: 'sim-access-token-pace',
  appSecret: 'sim-app-secret-pace',
};

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  sim = await startWhatsappCloudSimulator({ port: 0, throughputPerSecond: SIM_RATE });
  const biz = await makeBusiness(server.deps.db, 'Tempo');
  owner = await signInFresh(server.app, biz.owner.email);
  accountId = await connectSimulatedNumber(server, sim, base, owner, number);
  await server.deps.db
    .insert(chatCreditWallets)
    .values({ clientId: biz.clientId, balance: '1000000' })
    .onConflictDoUpdate({ target: chatCreditWallets.clientId, set: { balance: '1000000' } });
  await insertTemplates(server.deps.db, [
    {
      clientId: biz.clientId,
      id: templateId,
      name: 'info_tempo',
      language: 'id',
      category: 'UTILITY',
      body: 'Toko buka jam 9.',
      status: 'approved',
    },
  ]);
}, 180_000);
afterAll(async () => {
  // The simulator first: its webhooks stop and its kept-alive connections to the server close with it.
  await sim?.close();
  await server?.close();
});

/** Sends to `RECIPIENTS` new numbers with the sender set to `rate` msg/s; answers the finished broadcast. */
async function broadcastAt(rate: number, prefix: string) {
  const limits = await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
    throughputPerSecond: rate,
    dailyQuota: 100_000,
  });
  expect(limits.statusCode, limits.body).toBe(200);
  const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
  const created = await api('POST', '/api/broadcasts', owner, {
    channelAccountId: accountId,
    templateId,
    variables: [],
    recipients: { numbers },
    clientRequestId: randomUUID(),
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as Broadcast).id;
  return waitFor(async () => {
    const b = (await api('GET', `/api/broadcasts/${id}`, owner)).json() as Broadcast;
    return b.totals.pending === 0 && !['in_process', 'sending'].includes(b.status) ? b : undefined;
  }, 180_000);
}

describe('broadcast pacing per number', () => {
  it("keeps to the number's throughput: no request over the provider's limit", async () => {
    const before = sim.stats();
    const done = await broadcastAt(SIM_RATE, '62813555');
    const after = sim.stats();
    expect(done.totals.failed).toBe(0);
    expect(after.messagesAccepted - before.messagesAccepted).toBe(RECIPIENTS);
    expect(after.throughputErrors - before.throughputErrors).toBe(0);
  });

  it('backs off on 130429 and sends every refused recipient again, once', async () => {
    const before = sim.stats();
    const done = await broadcastAt(SIM_RATE * 4, '62813666');
    const after = sim.stats();
    expect(after.throughputErrors - before.throughputErrors).toBeGreaterThan(0);
    expect(done.totals.failed).toBe(0);
    expect(after.messagesAccepted - before.messagesAccepted).toBe(RECIPIENTS);
  });
});
