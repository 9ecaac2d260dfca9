import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDbKind, waitFor } from '../../../test/harness.js';
import { createJobQueue, defineDrain, defineJob, type JobQueue } from './job-queue.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withFreshDatabase(fn: (url: string) => Promise<void>) {
  const name = `sapa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const NAMES = ['test.one', 'test.two', 'test.three', 'test.four'];

/**
 * A drain over a counter of pending batches that counts its runs. Its sweep is a minute, far longer than a
 * test waits: only work left or a wake-up makes it run again.
 */
function countingDrain(name: string, pending: number) {
  const state = { runs: 0, pending };
  const define = () =>
    defineDrain({
      name,
      pollMs: 60_000,
      drain: async () => {
        state.runs += 1;
        if (state.pending === 0) return false;
        state.pending -= 1;
        return state.pending > 0;
      },
    });
  return { state, define };
}

// Several processes share one PostgreSQL; the embedded PGlite database belongs to one process.
describe.skipIf(testDbKind() === 'pglite')('job queue on PostgreSQL', () => {
  it('starts in several processes at once on a fresh database (pg-boss setup is serialised)', async () => {
    await withFreshDatabase(async (url) => {
      const errors: Error[] = [];
      const queues: JobQueue[] = Array.from({ length: 4 }, () =>
        createJobQueue({ connection: { connectionString: url }, onError: (e) => errors.push(e) }),
      );
      for (const queue of queues)
        for (const name of NAMES)
          queue.register(defineJob({ name, schema: z.object({}), handler: async () => {} }));
      try {
        await Promise.all(queues.map((q) => q.start({ work: false })));
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query<{ name: string }>(
          'select name from pgboss.queue where name = any($1)',
          [NAMES],
        );
        await client.end();
        expect(rows.map((r) => r.name).sort()).toEqual([...NAMES].sort());
        expect(errors).toEqual([]);
      } finally {
        await Promise.all(queues.map((q) => q.stop()));
      }
    });
  });

  it('runs a drain loop where it works: at start, again when woken, and stops cleanly', async () => {
    await withFreshDatabase(async (url) => {
      const counting = countingDrain('test.drain', 3);
      const { state } = counting;
      const drain = counting.define();
      const queue = createJobQueue({ connection: { connectionString: url }, onError: () => {} });
      queue.register(drain);
      await queue.start({ work: true });
      try {
        // At start it drains until nothing is left: three batches, then one that finds nothing.
        await waitFor(async () => state.pending === 0 && state.runs >= 3);
        const before = state.runs;
        state.pending = 1;
        queue.wake(drain);
        await waitFor(async () => state.pending === 0 && state.runs > before);
      } finally {
        await queue.stop();
      }
      const after = state.runs;
      queue.wake(drain);
      expect(state.runs).toBe(after);
    });
  });
  it('wakes the drain of a working process from a process that does not work it (NOTIFY)', async () => {
    await withFreshDatabase(async (url) => {
      const counting = countingDrain('test.remote-drain', 0);
      const { state } = counting;
      const drain = counting.define;
      const worker = createJobQueue({ connection: { connectionString: url }, onError: () => {} });
      const api = createJobQueue({ connection: { connectionString: url }, onError: () => {} });
      const workerDrain = drain();
      const apiDrain = drain();
      worker.register(workerDrain);
      api.register(apiDrain);
      await worker.start({ work: true });
      await api.start({ work: false });
      try {
        await waitFor(async () => state.runs >= 1);
        const before = state.runs;
        state.pending = 2;
        api.wake(apiDrain);
        await waitFor(async () => state.pending === 0 && state.runs > before);
      } finally {
        await api.stop();
        await worker.stop();
      }
    });
  });
});
