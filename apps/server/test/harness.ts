import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuiltApp, buildApp, registerJobs } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/platform/config.js';
import { createServerDeps } from '../src/platform/create-deps.js';
import { type Database, openDatabase } from '../src/platform/db/database.js';
import type { ServerDeps } from '../src/platform/deps.js';
import { createLogger } from '../src/platform/logging/logger.js';
import { startTestDns, type TestDnsServer } from './dns-server.js';

/** The server the integration tests run against: `postgres` (the machine's real one) or the embedded `pglite`. */
export type TestDbKind = 'postgres' | 'pglite';

/** The admin database used to create one throw-away database per test file. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDbKind(): TestDbKind {
  return process.env.SAPA_TEST_DB === 'pglite' ? 'pglite' : 'postgres';
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sapa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer extends BuiltApp {
  app: FastifyInstance;
  deps: ServerDeps;
  database: Database;
  /** The database's address (PostgreSQL) — a second instance opens its own connections to it. */
  databaseUrl: string | undefined;
  /** The local DNS server Sapa's resolver asks (live-chat domains): `*.example.com` and `*.example.id` exist. */
  dns: TestDnsServer;
  /** Everything the server logged, as text: the security tests read it. */
  logs: () => string;
  close: () => Promise<void>;
}

/**
 * A complete Sapa (real database through the product's own code, migrations, pg-boss, routes) in this
 * process. `work: true` also runs the job handlers. `demo: true` runs it in demo mode (no demo seed).
 * `sameDatabaseAs`: a second instance on the first one's database — on PostgreSQL with its own connection
 * pool, as a second process would; on PGlite (one process only) on the same embedded database.
 */
export async function startTestServer(
  options: {
    kind?: TestDbKind;
    work?: boolean;
    env?: Record<string, string>;
    demo?: boolean;
    sameDatabaseAs?: TestServer;
  } = {},
) {
  const kind = options.kind ?? testDbKind();
  const shared = options.sameDatabaseAs;
  const pgDb = shared
    ? shared.databaseUrl
      ? { url: shared.databaseUrl, drop: async () => {} }
      : null
    : kind === 'postgres'
      ? await createPostgresDatabase()
      : null;
  const dns = await startTestDns();
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: '/tmp/sapa-test-unused',
      // A second instance shares the first one's secret, as every process of one deployment does.
      JWT_SECRET: shared?.deps.config.jwtSecret ?? randomBytes(32).toString('hex'),
      DNS_SERVERS: dns.server,
      ...options.env,
    }),
    databaseUrl: pgDb?.url,
    demo: options.demo ?? false,
    logLevel: 'info',
  };
  const database =
    shared && !shared.databaseUrl
      ? shared.database
      : await openDatabase({ url: pgDb?.url, dataDir: 'memory://', poolSize: 5 });
  if (!shared) await database.migrate();
  let logText = '';
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk, _enc, cb) {
        logText += chunk.toString();
        cb();
      },
    }),
  });
  const deps = createServerDeps({ config, database, logger, version: 'test' });
  const { jobs } = deps;
  const jobDefs = registerJobs(deps);
  await jobs.start({ work: options.work ?? true });
  const built = await buildApp(deps, jobDefs);
  await built.app.ready();
  const server: TestServer = {
    ...built,
    deps,
    database,
    databaseUrl: pgDb?.url,
    dns,
    logs: () => logText,
    close: async () => {
      await built.app.close();
      await jobs.stop();
      await dns.close();
      if (shared && !shared.databaseUrl) return;
      await database.close();
      await pgDb?.drop();
    },
  };
  return server;
}

/** Polls `check` until it returns a value (not undefined/false) or the time runs out. Never a fixed sleep. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
