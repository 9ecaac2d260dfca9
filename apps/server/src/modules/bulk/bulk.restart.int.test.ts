import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, testDbKind, waitFor } from '../../../test/harness.js';
import { finished } from '../../../test/servers/bulk.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { defineJobs } from '../../app.js';
import { createServerDeps } from '../../platform/create-deps.js';
import { openDatabase } from '../../platform/db/database.js';
import { messages } from '../conversations/index.js';
import { bulkJob } from './bulk.jobs.js';

/** A bulk job resumes after its worker stops (000 §3 bulk ticket job). It starts a server of its own. */
describe('a bulk job and a restart', () => {
  it.skipIf(testDbKind() === 'pglite')(
    'resumes where it stopped when its worker stops mid-way (no ticket changed twice)',
    async () => {
      const api = await startTestServer({ work: false });
      const url = api.deps.config.databaseUrl!;
      const workers: { stop: () => Promise<void> }[] = [];
      const startWorker = async () => {
        const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 3 });
        const deps = createServerDeps({
          config: api.deps.config,
          database,
          logger: api.deps.logger,
          version: 'test',
        });
        const { send, markRead } = defineJobs(deps);
        deps.jobs.register(bulkJob(deps, { inbox: { send, markRead }, chunkSize: 2 }));
        await deps.jobs.start({ work: true });
        const worker = { deps, database, stop: async () => {} };
        worker.stop = async () => {
          await deps.jobs.stop();
          await database.close();
        };
        workers.push(worker);
        return worker;
      };
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        const b = await makeBusiness(api.deps.db, 'Restart');
        const tokens = await signInFresh(api.app, b.owner.email);
        const account = (await connectWhatsapp(api.app, tokens, 'http://127.0.0.1:9/v25.0')).id;
        const ids: string[] = [];
        for (let i = 0; i < 7; i++)
          ids.push(
            (await openWhatsappTicket(api.deps.db, { clientId: b.clientId, channelAccountId: account }))
              .ticketId,
          );
        const res = await api.app.inject({
          method: 'POST',
          url: '/api/bulk-jobs',
          headers: bearer(tokens),
          payload: {
            selection: { kind: 'ids', ids },
            action: { sendMessageAs: 'internal', message: 'sekali' },
          },
        });
        const { jobId } = res.json();
        // The third ticket is held by another transaction: the worker finishes chunk 1 and waits in chunk 2.
        await lock.query('begin');
        await lock.query('select 1 from tickets where client_id = $1 and id = $2 for update', [
          b.clientId,
          ids[2],
        ]);
        const first = await startWorker();
        const progress = () =>
          api.app
            .inject({ method: 'GET', url: `/api/bulk-jobs/${jobId}`, headers: bearer(tokens) })
            .then((r) => r.json() as { processed: number; status: string });
        await waitFor(async () => (await progress()).processed === 2);
        // The worker stops (pg-boss fails its job in progress, to be retried); then the ticket is let go.
        await first.deps.jobs.stop();
        const closing = first.database.close();
        await lock.query('rollback');
        await closing;
        expect((await progress()).status).toBe('PROCESSING');

        await startWorker();
        expect(await finished(api.app, jobId, tokens, 30_000)).toMatchObject({
          status: 'COMPLETED',
          processed: 7,
          failed: 0,
        });
        const notes = await api.deps.db
          .select({ ticketId: messages.ticketId, n: sql<number>`count(*)::int` })
          .from(messages)
          .where(eq(messages.clientId, b.clientId))
          .groupBy(messages.ticketId);
        expect(notes.map((n) => n.n)).toEqual(ids.map(() => 1));
        expect(new Set(notes.map((n) => n.ticketId))).toEqual(new Set(ids));
      } finally {
        await lock.end();
        for (const w of workers.slice(1)) await w.stop();
        await api.close();
      }
    },
    60_000,
  );
});
