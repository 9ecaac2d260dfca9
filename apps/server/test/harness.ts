import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type BuiltApp, buildApp, registerJobs } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/platform/config.js';
import { createServerDeps } from '../src/platform/create-deps.js';
import { type Database, openDatabase } from '../src/platform/db/database.js';
import type { ServerDeps } from '../src/platform/deps.js';
import { createLogger } from '../src/platform/logging/logger.js';
import { startTestDns, type TestDnsServer } from './dns-server.js';
import { createPostgresDatabase, type TestDbKind, testDbKind } from './test-database.js';

export { type TestDbKind, testDbKind };

export interface TestServer extends BuiltApp {
  app: FastifyInstance;
  deps: ServerDeps;
  /** The jobs and drains the server registered (an intake outside HTTP, like the SMTP listener, wakes one). */
  jobDefs: ReturnType<typeof registerJobs>;
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
    /** The automation's clock (follow-up and auto close fire when it says their time has come). */
    clock?: () => Date;
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
  const jobDefs = registerJobs(deps, options.clock);
  await jobs.start({ work: options.work ?? true });
  const built = await buildApp(deps, jobDefs);
  await built.app.ready();
  const server: TestServer = {
    ...built,
    deps,
    jobDefs,
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

export { waitFor } from './wait-for.js';
