import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
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

/**
 * A drain loop: work that lives in a table of its own (e.g. `inbound_events`) rather than in pg-boss. Every
 * process that works runs one loop per definition: it calls `drain` again at once while it reports more
 * work, sleeps otherwise until `wake` (a local send) or `pollMs` (the sweep: work stored by other
 * processes, retries that became due, work left by a process that died). `drain` must be safe to run in
 * several processes at once (claim rows with `FOR UPDATE SKIP LOCKED` or a lock).
 */
export interface DrainDefinition {
  kind: 'drain';
  name: string;
  /** Takes one batch; resolves to true when there may be more to take right away. */
  drain: () => Promise<boolean>;
  /** The sweep interval when nothing wakes the loop. */
  pollMs: number;
  /**
   * After a wake-up, wait this long before draining: work that arrives in a burst is then taken in one
   * batch (fewer transactions, fewer real-time writes) for a bounded delay. 0 by default.
   */
  lingerMs?: number;
}

export function defineDrain(def: Omit<DrainDefinition, 'kind'>): DrainDefinition {
  return { kind: 'drain', ...def };
}

const isDrain = (d: JobDefinition | DrainDefinition): d is DrainDefinition =>
  (d as DrainDefinition).kind === 'drain';

/** After a failing drain the loop waits `pollMs` doubled per failure in a row, up to this. */
const DRAIN_MAX_BACKOFF_MS = 30_000;

interface DrainLoop {
  wake(): void;
  stop(): Promise<void>;
}

function startDrainLoop(def: DrainDefinition, onError: (error: Error) => void): DrainLoop {
  let running = true;
  let woken = false;
  /** Ends the current sleep early: `stop` always, `wake` only the idle sleep. */
  let interrupt: (() => void) | null = null;
  let idle = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      }
      interrupt = done;
    });
  const loop = (async () => {
    let failures = 0;
    while (running) {
      woken = false;
      let more = false;
      try {
        more = await def.drain();
        failures = 0;
      } catch (err) {
        failures += 1;
        onError(err instanceof Error ? err : new Error(String(err)));
      }
      if (!running) break;
      if (failures > 0) {
        // Never spin on a failing database: back off; wake-ups do not shorten the wait.
        await sleep(Math.min(def.pollMs * 2 ** failures, DRAIN_MAX_BACKOFF_MS));
        continue;
      }
      if (more) continue;
      if (!woken) {
        idle = true;
        await sleep(def.pollMs);
        idle = false;
      }
      // Woken: let the burst that woke it gather for a moment, so that it is taken as one batch.
      if (woken && running && def.lingerMs) await sleep(def.lingerMs);
    }
  })();
  return {
    wake() {
      woken = true;
      if (idle) interrupt?.();
    },
    async stop() {
      running = false;
      interrupt?.();
      await loop;
    },
  };
}

/**
 * pg-boss's start (its schema migration, its cron queue) and `createQueue` are not safe to run in several
 * processes at once on a fresh database: `create_queue` attaches a partition to `pgboss.job` and two of
 * them deadlock. One session-level advisory lock per database serialises them.
 */
const BOSS_SETUP_LOCK = 0x5a9a_b055;

async function withSetupLock<T>(connectionString: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOSS_SETUP_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BOSS_SETUP_LOCK]);
    }
  } finally {
    await client.end();
  }
}

export interface JobQueue {
  register(definition: JobDefinition | DrainDefinition): void;
  /**
   * Wakes a drain at once: this process's loop when it works; otherwise, on PostgreSQL, the working
   * processes' loops through NOTIFY (they would otherwise find the work on their next sweep).
   */
  wake(definition: DrainDefinition): void;
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

/** The channel on which a process that does not work a drain asks the processes that do to wake it. */
const DRAIN_WAKE_CHANNEL = 'sapa_drain_wake';
/** Wake-ups asked within this window go out as one NOTIFY per drain (a webhook burst is one wake-up). */
const DRAIN_WAKE_COALESCE_MS = 2;

/**
 * Drain wake-ups across processes on PostgreSQL (LISTEN/NOTIFY): an API-only process that stores work for a
 * drain (a webhook) notifies; every working process listens and wakes its loop at once instead of finding the
 * work on its next sweep (up to `pollMs` later). Best effort: a lost connection is reopened after a second
 * and, meanwhile, the sweep still finds everything.
 */
function createDrainWakeChannel(connectionString: string, onError: (error: Error) => void) {
  let notifier: pg.Client | null = null;
  let listener: pg.Client | null = null;
  let closed = false;
  const pending = new Set<string>();
  let flushTimer: NodeJS.Timeout | null = null;

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('error', (err) => onError(err));
    await client.connect();
    return client;
  };

  async function flush() {
    flushTimer = null;
    const names = [...pending];
    pending.clear();
    if (closed) return;
    try {
      if (!notifier) {
        const client = await connect();
        // Closed while connecting: this connection is nobody's to end later.
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        notifier = client;
      }
      for (const name of names) await notifier.query('select pg_notify($1, $2)', [DRAIN_WAKE_CHANNEL, name]);
    } catch (err) {
      onError(err instanceof Error ? err : new Error(String(err)));
      const broken = notifier;
      notifier = null;
      await broken?.end().catch(() => undefined);
    }
  }

  return {
    /** Asks every working process to wake the drain `name`. */
    notify(name: string) {
      if (closed) return;
      pending.add(name);
      flushTimer ??= setTimeout(() => void flush(), DRAIN_WAKE_COALESCE_MS);
    },
    /** Wakes this process's loops when another process asks. */
    async listen(wake: (name: string) => void) {
      const open = async (): Promise<void> => {
        if (closed) return;
        let client: pg.Client | null = null;
        try {
          client = await connect();
          const self = client;
          client.on('notification', (msg) => {
            if (msg.channel === DRAIN_WAKE_CHANNEL && msg.payload) wake(msg.payload);
          });
          await client.query(`listen ${DRAIN_WAKE_CHANNEL}`);
          // Closed while connecting: end it here, nobody else will.
          if (closed) {
            await client.end().catch(() => undefined);
            return;
          }
          client.on('end', () => {
            if (listener === self) listener = null;
            if (!closed) setTimeout(() => void open(), 1_000).unref();
          });
          listener = client;
        } catch (err) {
          onError(err instanceof Error ? err : new Error(String(err)));
          await client?.end().catch(() => undefined);
          if (!closed) setTimeout(() => void open(), 1_000).unref();
        }
      };
      await open();
    },
    async close() {
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      await Promise.all([notifier?.end().catch(() => undefined), listener?.end().catch(() => undefined)]);
      notifier = null;
      listener = null;
    },
  };
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
  const drains = new Map<string, DrainDefinition>();
  const drainLoops = new Map<string, DrainLoop>();
  /** This process's workers per queue, so a send can wake one at once instead of waiting for its poll. */
  const localWorkers = new Map<string, { ids: string[]; next: number }>();
  let started = false;
  // Only on PostgreSQL: an embedded PGlite database belongs to one process, which works its own drains.
  const wakes =
    'connectionString' in options.connection
      ? createDrainWakeChannel(options.connection.connectionString, options.onError)
      : null;

  const wakeWorker = (queue: string) => {
    const workers = localWorkers.get(queue);
    if (!workers || workers.ids.length === 0) return;
    boss.notifyWorker(workers.ids[workers.next % workers.ids.length]!);
    workers.next += 1;
  };

  return {
    register(definition) {
      if (definitions.has(definition.name) || drains.has(definition.name))
        throw new Error(`job ${definition.name} is defined twice`);
      if (isDrain(definition)) drains.set(definition.name, definition);
      else definitions.set(definition.name, definition);
    },
    wake(definition) {
      const loop = drainLoops.get(definition.name);
      if (loop) loop.wake();
      else if (started) wakes?.notify(definition.name);
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
      const setup = async () => {
        await boss.start();
        for (const def of definitions.values()) await boss.createQueue(def.name);
      };
      // An embedded PGlite database belongs to this one process: nothing to serialise with.
      if ('connectionString' in options.connection)
        await withSetupLock(options.connection.connectionString, setup);
      else await setup();
      if (!work) return;
      for (const def of drains.values()) drainLoops.set(def.name, startDrainLoop(def, options.onError));
      if (drains.size) await wakes?.listen((name) => drainLoops.get(name)?.wake());
      for (const def of definitions.values()) {
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
      const loops = [...drainLoops.values()];
      drainLoops.clear();
      await Promise.all(loops.map((l) => l.stop()));
      await wakes?.close();
      localWorkers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
