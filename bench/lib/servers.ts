import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEndpoints, identityEndpoints, loginResponse } from '@sapa/contracts';
import { type Child, spawnTs } from './child.js';
import { freePort, LOOPBACK, waitForReady } from './net.js';
import { createScratchDatabase } from './postgres.js';
import type { BenchContext } from './types.js';

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  port: number;
  /** The Node.js process serving HTTP (its CPU time is measured). */
  pid: number;
  child: Child;
  /** Stops the process (SIGTERM, graceful close); idempotent. */
  stop(): Promise<void>;
  /** With `--profile`, after `stop()`: the server's main-thread `.cpuprofile`. */
  profileFile(): string | undefined;
  /** The scratch PostgreSQL database of a Sapa server (scenarios that seed data in bulk). */
  databaseUrl?: string;
  /** A Sapa server's DATA_DIR (export files, uploads): a worker started beside it shares it. */
  dataDir?: string;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** Where `--profile` makes a server write its CPU profiles (one file per thread), or undefined. */
function profileDirFor(ctx: BenchContext, label: string): string | undefined {
  if (!ctx.profileDir) return undefined;
  const dir = join(ctx.profileDir, `${label}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function profileFlags(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** The main thread's profile (the tsx loader thread writes its own), once the process has exited. */
function mainThreadProfile(dir: string | undefined, pid: number): string | undefined {
  if (!dir) return undefined;
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
  return file ? join(dir, file) : undefined;
}

export interface SapaServerOptions {
  /** Extra environment (e.g. `SAPA_ROLE`); PORT, HOST, DATABASE_URL, DATA_DIR and JWT_SECRET are set here. */
  env?: Record<string, string>;
  /** Run on this existing database (kept at the end) instead of a fresh scratch one (`search`'s generated data). */
  databaseUrl?: string;
}

/**
 * The V8 old-generation limit of a worker process (README, docs/decisions.md "Export memory": a worker runs with a heap limit sized to
 * its memory budget). Without it V8 sizes the heap from the machine's RAM and lets the old generation grow to
 * several times its live size before a full collection, so promoted export batches pile up as garbage for the
 * whole export (measured: +70 MB over 85k rows); with a 512 MB limit V8 grows the heap by a smaller factor and
 * collects the garbage as the export runs.
 */
const WORKER_HEAP_MB = Number(process.env.BENCH_WORKER_HEAP_MB ?? 512);

/**
 * Starts a Sapa job worker (`SAPA_ROLE=worker`: pg-boss workers, no HTTP) beside a running API-only server
 * (`SAPA_ROLE=api`), on the same database, DATA_DIR and JWT secret — the scaled-out deployment of
 * ARCHITECTURE "Scaling out". Ready once it prints its start line; stopped when the scenario ends.
 */
export async function startSapaWorker(
  ctx: BenchContext,
  api: RunningServer,
  env: Record<string, string>,
): Promise<{ pid: number; child: Child; stop(): Promise<void> }> {
  if (!api.databaseUrl || !api.dataDir) throw new Error('the API server has no database or DATA_DIR');
  const serverDir = join(ctx.repoRoot, 'apps/server');
  const child = spawnTs(join(serverDir, 'src/main.ts'), [], {
    cwd: serverDir,
    nodeFlags: [`--max-old-space-size=${WORKER_HEAP_MB}`],
    env: {
      ...process.env,
      LOG_LEVEL: process.env.BENCH_SAPA_LOG_LEVEL ?? 'warn',
      SAPA_DEMO: '1',
      ...env,
      SAPA_ROLE: 'worker',
      PORT: String(api.port),
      HOST: LOOPBACK,
      DATABASE_URL: api.databaseUrl,
      DATA_DIR: api.dataDir,
    },
  });
  const stop = once(() => child.stop());
  ctx.defer(stop);
  const started = Date.now();
  while (!/is running at .*role worker/.test(child.output())) {
    if (Date.now() - started > 60_000) throw new Error(`sapa worker not ready in 60 s:\n${child.output()}`);
    const exited = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r(null), 100))]);
    if (exited !== null) throw new Error(`sapa worker exited (${exited}):\n${child.output()}`);
  }
  ctx.log(
    `sapa worker ready (pid ${child.pid}, SAPA_ROLE=worker, node --max-old-space-size=${WORKER_HEAP_MB})`,
  );
  return { pid: child.pid, child, stop };
}

/**
 * Starts the Sapa server (`apps/server/src/main.ts`) as a child process on a free loopback port, against a
 * fresh database on the machine's PostgreSQL, with the demo business seeded and LOG_LEVEL=warn. The process
 * is stopped and the database dropped when the scenario ends.
 */
export async function startSapaServer(
  ctx: BenchContext,
  options: SapaServerOptions = {},
): Promise<RunningServer> {
  const db = options.databaseUrl
    ? { name: new URL(options.databaseUrl).pathname.slice(1), url: options.databaseUrl }
    : await createScratchDatabase(ctx.adminDatabaseUrl);
  if ('drop' in db) ctx.defer(() => db.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'sapa-bench-'));
  ctx.defer(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const serverDir = join(ctx.repoRoot, 'apps/server');
  const profileDir = profileDirFor(ctx, 'sapa');
  const child = spawnTs(join(serverDir, 'src/main.ts'), [], {
    cwd: serverDir,
    nodeFlags: profileFlags(profileDir),
    env: {
      ...process.env,
      LOG_LEVEL: process.env.BENCH_SAPA_LOG_LEVEL ?? 'warn',
      SAPA_DEMO: '1',
      ...options.env,
      PORT: String(port),
      HOST: LOOPBACK,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      // A kept database keeps its sealed secrets: its runs pass the same JWT_SECRET every time.
      JWT_SECRET: options.env?.JWT_SECRET ?? randomBytes(32).toString('base64url'),
      // Long enough that no token expires during a run.
      ACCESS_TOKEN_TTL_SECONDS: '7200',
    },
  });
  const stop = once(() => child.stop());
  ctx.defer(stop);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${baseUrl}${appEndpoints.info.path}`, child);
  ctx.log(`sapa server ready on ${baseUrl} (pid ${child.pid}, database ${db.name})`);
  const profileFile = () => mainThreadProfile(profileDir, child.pid);
  return { baseUrl, port, pid: child.pid, child, stop, profileFile, databaseUrl: db.url, dataDir };
}

/**
 * The baseline: a bare Fastify app (`GET /ping` → small JSON, no hooks, no validation, no logging) in its own
 * process on its own port.
 */
export async function startBareFastify(ctx: BenchContext): Promise<RunningServer> {
  const port = await freePort();
  const profileDir = profileDirFor(ctx, 'bare');
  const child = spawnTs(join(import.meta.dirname, 'bare-fastify.server.ts'), [], {
    cwd: ctx.repoRoot,
    nodeFlags: profileFlags(profileDir),
    env: { ...process.env, PORT: String(port), HOST: LOOPBACK },
  });
  const stop = once(() => child.stop());
  ctx.defer(stop);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${baseUrl}/ping`, child);
  ctx.log(`bare fastify ready on ${baseUrl} (pid ${child.pid})`);
  const profileFile = () => mainThreadProfile(profileDir, child.pid);
  return { baseUrl, port, pid: child.pid, child, stop, profileFile };
}

/** Signs in through the API contract and returns the access token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}${identityEndpoints.login.path}`, {
    method: identityEndpoints.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  const parsed = loginResponse.parse(body);
  if (parsed.status !== 'ok') throw new Error(`sign-in needs another step: ${parsed.status}`);
  return parsed.tokens.accessToken;
}
