import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { TokenPair } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, testDbKind, waitFor } from '../../../test/harness.js';
import { connectSimulatedNumber } from '../../../test/whatsapp-simulator.js';
import { chatCreditWallets } from '../billing/billing.schema.js';
import { insertTemplates } from '../templates/index.js';
import { broadcasts } from './broadcasts.schema.js';

/**
 * Issue 7 point 4: killing the worker in the middle of a broadcast and starting another sends no message
 * twice and skips none. The API runs here (it stores the provider's status webhooks); the sending engine
 * runs in a separate worker process (SAPA_ROLE=worker) that is killed with SIGKILL mid-run, then a second
 * worker finishes the job. Needs a database two processes share: PostgreSQL only.
 */
const RECIPIENTS = 300;
const SERVER_DIR = join(import.meta.dirname, '../../..');
let server: TestServer;
let sim: WhatsappCloudSimulator;
let owner: TokenPair;
let clientId: string;
let accountId: string;
const jwtSecret = randomBytes(32).toString('hex');
const api = apiClient(() => server.app);
const workers: ChildProcess[] = [];
const number = {
  phoneNumberId: '106540352270002',
  wabaId: '102290129370002',
  displayPhoneNumber: '6281100000778',
  accessToken: 'sim-access-token-crash',
  appSecret: 'sim-app-secret-crash',
};
const phones = Array.from({ length: RECIPIENTS }, (_, i) => `628127727${String(1000 + i).padStart(4, '0')}`);

function startWorker(tag: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: server.deps.config.databaseUrl,
      SAPA_ROLE: 'worker',
      SAPA_DEMO: '0',
      JWT_SECRET: jwtSecret,
      DATA_DIR: `/tmp/sapa-crash-${tag}-${process.pid}`,
      LOG_LEVEL: 'warn',
      // A claim of a dead worker is taken again 35 s after it was made (5 min in production; more than half
      // the lease plus a Graph call's 15 s timeout).
      BROADCAST_LEASE_MS: '35000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

const statusOf = async (id: string) => {
  const [b] = await server.deps.db
    .select({ status: broadcasts.status })
    .from(broadcasts)
    .where(and(eq(broadcasts.clientId, clientId), eq(broadcasts.id, id)));
  return b?.status;
};

describe.skipIf(testDbKind() === 'pglite')('a worker killed mid-broadcast', () => {
  beforeAll(async () => {
    server = await startTestServer({ work: false, env: { JWT_SECRET: jwtSecret } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address() as { port: number };
    // 60 messages a second at the provider: the run lasts ~5 s, long enough to be killed in the middle.
    sim = await startWhatsappCloudSimulator({ port: 0, throughputPerSecond: 60 });
    const biz = await makeBusiness(server.deps.db, 'Mati');
    clientId = biz.clientId;
    owner = await signInFresh(server.app, biz.owner.email);
    accountId = await connectSimulatedNumber(server, sim, `http://127.0.0.1:${address.port}`, owner, number);
    await server.deps.db
      .insert(chatCreditWallets)
      .values({ clientId, balance: '1000000' })
      .onConflictDoUpdate({ target: chatCreditWallets.clientId, set: { balance: '1000000' } });
    await insertTemplates(server.deps.db, [
      {
        clientId,
        id: uuidv7(),
        name: 'kabar_toko',
        language: 'id',
        category: 'UTILITY',
        body: 'Toko kami buka lagi.',
        status: 'approved',
      },
    ]);
    const limits = await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
      throughputPerSecond: 60,
      dailyQuota: 100_000,
    });
    expect(limits.statusCode, limits.body).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await sim?.close();
    await server?.close();
  });

  it('sends every recipient exactly once across a SIGKILL and a restart', async () => {
    const [template] = (
      (await server.deps.db.execute(
        sql`select id from whatsapp_templates where client_id = ${clientId} and name = 'kabar_toko'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const res = await api('POST', '/api/broadcasts', owner, {
      channelAccountId: accountId,
      templateId: template!.id,
      recipients: { numbers: phones },
      clientRequestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;

    const first = startWorker('a');
    // A worker process starts through tsx: on a loaded two-core machine that alone can take a minute.
    await waitFor(async () => sim.stats().messagesAccepted >= RECIPIENTS / 3, 240_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const accepted = sim.stats().messagesAccepted;
    expect(accepted).toBeLessThan(RECIPIENTS);
    const [inFlight] = (
      (await server.deps.db.execute(
        sql`select count(*)::int as n from broadcast_recipients where client_id = ${clientId} and status = 'sending'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    console.log(`killed after ${accepted} sends with ${inFlight?.n} recipients claimed and unanswered`);

    startWorker('b');
    await waitFor(async () => ((await statusOf(id)) === 'delivered' ? true : undefined), 240_000);
    const t0 = Date.now();
    await waitFor(async () => {
      const b = (await api('GET', `/api/broadcasts/${id}`, owner)).json();
      return b.totals.delivered === RECIPIENTS ? true : undefined;
    }, 180_000);
    console.log(`statuses settled ${Date.now() - t0} ms after the last send`);
    const counts = new Map<number, number>();
    for (const phone of phones) {
      const n = sim.conversation(number.phoneNumberId, phone).length;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 1: RECIPIENTS });
    expect(sim.stats().messagesAccepted).toBe(RECIPIENTS);
    const b = (await api('GET', `/api/broadcasts/${id}`, owner)).json();
    expect(b.totals).toMatchObject({
      recipients: RECIPIENTS,
      sent: RECIPIENTS,
      delivered: RECIPIENTS,
      failed: 0,
    });
  }, 600_000);
});
