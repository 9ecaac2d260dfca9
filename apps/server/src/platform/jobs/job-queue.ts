import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { z } from 'zod';

/**
 * Queues. Inbound provider events get their own queue so bulk work (broadcasts, exports, bulk updates) can
 * never starve them (ARCHITECTURE "hot path").
 */
export interface JobDefinition<TSchema extends z.ZodType = z.ZodType> {
  name: string;
  schema: TSchema;
  /** `retryCount` of `retryLimit`: the last attempt is `retryCount >= retryLimit`. */
  handler: (
    data: z.output<TSchema>,
    meta: { id: string; retryCount: number; retryLimit: number },
  ) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How many jobs of this queue one worker runs at once. */
  concurrency?: number;
}

export function defineJob<TSchema extends z.ZodType>(def: JobDefinition<TSchema>): JobDefinition<TSchema> {
  return def;
}

export interface JobQueue {
  register(definition: JobDefinition): void;
  send<TSchema extends z.ZodType>(
    definition: JobDefinition<TSchema>,
    data: z.input<TSchema>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Starts pg-boss; with `work` the registered handlers run in this process (worker or all role). */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on PGlite: parameterised statements through `query`, multi-statement scripts through `exec`. */
export function pgliteBossDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const r = await client.query(text, values);
        return { rows: r.rows as unknown[] };
      }
      const results = await client.exec(text);
      const withRows = results.filter((r) => r.fields.length > 0);
      return { rows: (withRows.at(-1)?.rows ?? []) as unknown[] };
    },
  } as PgBoss.Db;
}

export function createJobQueue(options: {
  connection: { connectionString: string } | { db: PgBoss.Db };
  onError: (error: Error) => void;
}): JobQueue {
  const boss = new PgBoss({
    ...options.connection,
    schema: 'pgboss',
    // Maintenance and monitoring run on an interval; keep them slow enough to stay out of the way.
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', options.onError);
  const definitions = new Map<string, JobDefinition>();
  /** This process's workers per queue, so a send can wake one at once instead of waiting for its poll. */
  const localWorkers = new Map<string, { ids: string[]; next: number }>();
  let started = false;

  const wakeWorker = (queue: string) => {
    const workers = localWorkers.get(queue);
    if (!workers || workers.ids.length === 0) return;
    boss.notifyWorker(workers.ids[workers.next % workers.ids.length]!);
    workers.next += 1;
  };

  return {
    register(definition) {
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
      definitions.set(definition.name, definition);
    },
    async send(definition, data, sendOptions = {}) {
      const payload = definition.schema.parse(data) as object;
      const id = await boss.send(definition.name, payload, {
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 2,
        retryBackoff: true,
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
      // A worker sleeps out its polling interval after each fetch; wake one so the job starts now (the
      // hot path: inbound webhooks and replies). Workers in other processes still find it by polling.
      if (id && !sendOptions.startAfterSeconds) wakeWorker(definition.name);
      return id;
    },
    async start({ work }) {
      if (started) return;
      started = true;
      await boss.start();
      for (const def of definitions.values()) {
        await boss.createQueue(def.name);
        if (!work) continue;
        const run = async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
          for (const job of jobs)
            await def.handler(def.schema.parse(job.data), {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
        };
        const workers = { ids: [] as string[], next: 0 };
        localWorkers.set(def.name, workers);
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          workers.ids.push(
            await boss.work<unknown>(
              def.name,
              { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
              run,
            ),
          );
        }
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      localWorkers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
