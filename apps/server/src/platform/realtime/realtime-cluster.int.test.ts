import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { testDbKind } from '../../../test/harness.js';
import {
  connectChat,
  markerOf,
  nextEventOfType,
  type TestSocket,
  ticketUpdated,
} from '../../../test/realtime-client.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  newWamid,
  postWebhook,
  startFakeGraph,
} from '../../../test/whatsapp.js';
import { openDatabase } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { createRedisEventBus } from '../events/redis-event-bus.js';
import { REALTIME_TOPIC } from './realtime-hub.js';

/**
 * Two real server processes (`main.ts`) on one PostgreSQL database and the machine's Redis: what one
 * process publishes reaches the sockets of the other. Needs a real PostgreSQL (two processes cannot share
 * the embedded one), so it is skipped with SAPA_TEST_DB=pglite.
 */
type Member = Awaited<ReturnType<typeof makeBusiness>>['members'][number];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPO = resolve(import.meta.dirname, '../../../../..');

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Every child started, so that the end of the file stops them even when a start failed. */
const children: ChildProcess[] = [];

/** Starts `apps/server/src/main.ts` and resolves when it says it is running. */
function startProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'apps/server/src/main.ts')], {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  const output = () => text;
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${text}`)), 180_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('is running at')) {
        clearTimeout(timer);
        resolveStart({ child, base: `http://127.0.0.1:${port}`, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${text}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Just enough of `app.inject` over real HTTP for the shared test helpers (`connectWhatsapp`,
 * `postWebhook`) to talk to a server process.
 */
function overHttp(base: string): FastifyInstance {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const payload = options.payload;
    const body =
      payload === undefined ? undefined : Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    const res = await fetch(`${base}${options.url}`, {
      method: options.method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body,
    });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) };
  };
  return { inject } as unknown as FastifyInstance;
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as {
    status: string;
    tokens: { accessToken: string; refreshToken: string };
  };
  if (body.status !== 'ok') throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.tokens;
}

describe.skipIf(testDbKind() === 'pglite')(
  'two server processes share real-time events through Redis',
  () => {
    const dbName = `sapa_t_${randomBytes(6).toString('hex')}`;
    const processes: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    let publisher: EventBus | undefined;
    let graph: FakeGraph | undefined;
    let biz: Awaited<ReturnType<typeof makeBusiness>>;

    beforeAll(async () => {
      await adminQuery(`create database ${dbName}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${dbName}`;
      const database = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize: 2 });
      try {
        await database.migrate();
        // Two Customer Service 2 agents: each sees only the chats assigned to them (000 §6).
        biz = await makeBusiness(database.db, 'Dua Proses', [{ csPosition: 'CS2' }, { csPosition: 'CS2' }]);
      } finally {
        await database.close();
      }
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL,
        SAPA_DEMO: '0',
        SAPA_ROLE: 'api',
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'sapa-cluster-')),
        LOG_LEVEL: 'warn',
      };
      const [p1, p2] = await Promise.all([freePort(), freePort()]);
      // Process 1 also runs the jobs (the inbound webhook is processed there); process 2 only serves.
      // One after the other: two processes creating pg-boss's queues at once on a fresh database can
      // deadlock in pg-boss (createQueue), which is not what this file tests.
      processes.push(await startProcess({ ...env, SAPA_ROLE: 'all' }, p1));
      processes.push(await startProcess(env, p2));
      graph = await startFakeGraph();
      publisher = createRedisEventBus({ url: REDIS_URL });
      // Two processes started through tsx one after the other: minutes on a loaded two-core machine.
    }, 420_000);

    afterAll(async () => {
      for (const s of sockets) s.ws.terminate();
      await Promise.all(children.map(stopProcess));
      await publisher?.close();
      await graph?.close();
      await adminQuery(`drop database if exists ${dbName} with (force)`);
    });

    it('delivers an event published outside process 2 to its sockets, once, and to process 1 too', async () => {
      const [one, two] = processes as [ServerProcess, ServerProcess];
      const agentOnTwo = await connectChat(two.base, (await login(one.base, biz.agent.email)).accessToken);
      const ownerOnOne = await connectChat(one.base, (await login(two.base, biz.owner.email)).accessToken);
      sockets.push(agentOnTwo, ownerOnOne);

      // Publisher → Redis → each process's hub → its sockets.
      await publisher?.publish(REALTIME_TOPIC, ticketUpdated(biz.clientId, 'cross-1'));
      await publisher?.publish(REALTIME_TOPIC, ticketUpdated(biz.clientId, 'cross-2'));
      for (const socket of [agentOnTwo, ownerOnOne]) {
        await socket.next('cross-2');
        expect(socket.received.map(markerOf)).toEqual(['cross-1', 'cross-2']);
      }
    });

    it('decides from the audience the event carries: process 2 never saw the ticket, its CS 2 sockets still get only their own', async () => {
      const [one, two] = processes as [ServerProcess, ServerProcess];
      const [mine, theirs] = biz.members.slice(3) as [Member, Member];
      const mineId = biz.userIds[mine.email]!;
      const onTwo = await connectChat(two.base, (await login(one.base, mine.email)).accessToken);
      const otherOnTwo = await connectChat(two.base, (await login(one.base, theirs.email)).accessToken);
      sockets.push(onTwo, otherOnTwo);
      const ticketId = randomUUID();
      const now = Date.now();
      await publisher?.publish(REALTIME_TOPIC, {
        type: 'message.updated',
        clientId: biz.clientId,
        ticketId,
        message: {
          id: randomUUID(),
          ticketId,
          direction: 'out',
          visibility: 'public',
          type: 'text',
          text: 'for-mine',
          media: null,
          payload: null,
          status: 'read',
          error: null,
          senderUserId: null,
          senderName: null,
          replyToId: null,
          createdAt: now,
        },
        // What conversations stamps when it publishes: the ticket's assignment at that moment.
        audience: {
          visibility: 'ticket',
          ticketId,
          assigneeId: mineId,
          assignedVia: 'manual',
          groupId: null,
        },
      });
      // A nudge for every inbox reader, after it: had the other agent been sent the update, it came first.
      await publisher?.publish(REALTIME_TOPIC, { type: 'tickets.changed', clientId: biz.clientId, count: 1 });
      expect((await nextEventOfType(onTwo, 'message.updated')).type).toBe('message.updated');
      await nextEventOfType(otherOnTwo, 'tickets.changed');
      expect(otherOnTwo.received.some((e) => e.type === 'message.updated')).toBe(false);
    });

    it('delivers an inbound message handled by process 1 to a socket on process 2', async () => {
      const [one, two] = processes as [ServerProcess, ServerProcess];
      const owner = await login(one.base, biz.owner.email);
      const account = await connectWhatsapp(overHttp(one.base), owner as never, graph?.url ?? '');
      const socket = await connectChat(two.base, (await login(two.base, biz.agent.email)).accessToken);
      sockets.push(socket);

      const res = await postWebhook(
        overHttp(one.base),
        account.id,
        delivery([
          changeValue({
            messages: [{ from: '6281277770001', name: 'Dewi', id: newWamid(), text: 'Dari proses satu' }],
          }),
        ]),
      );
      expect(res.statusCode).toBe(200);
      // Webhook → process 1's inbound job → bus.publish in process 1 → Redis → process 2's hub → socket.
      const event = await nextEventOfType(socket, 'message.created');
      expect(event).toMatchObject({
        type: 'message.created',
        clientId: biz.clientId,
        message: { direction: 'in', text: 'Dari proses satu' },
      });
    });

    it('closes a socket on process 2 when its session signs out on process 1', async () => {
      const [one, two] = processes as [ServerProcess, ServerProcess];
      const tokens = await login(one.base, biz.admin.email);
      const socket = await connectChat(two.base, tokens.accessToken);
      sockets.push(socket);
      const res = await fetch(`${one.base}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      // Process 1 publishes session.revoked on the bus; process 2's hub closes the socket.
      expect(await socket.closed).toBe(4401);
    });
  },
);
