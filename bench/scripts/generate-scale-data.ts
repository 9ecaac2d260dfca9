/**
 * Fills the kept scale database (issue 5 "Data at scale") once, outside a benchmark run:
 *
 *   node --import tsx bench/scripts/generate-scale-data.ts [--reset]
 *
 * `--reset` drops the database first (after an interrupted generation, or to change the shape). The shape
 * comes from BENCH_SCALE_* (default 1,000,000 tickets, 10 messages each, 200,000 contacts, 20 smaller
 * businesses); the database name from BENCH_SCALE_DB (sapa_bench_scale), the server from BENCH_PG_URL.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_ADMIN_DATABASE_URL } from '../lib/postgres.js';
import { dropScaleDatabase, prepareScaleData } from '../lib/scale-data.js';
import type { BenchContext } from '../lib/types.js';

const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
const adminDatabaseUrl = process.env.BENCH_PG_URL ?? DEFAULT_ADMIN_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
const ctx: BenchContext = {
  repoRoot: resolve(import.meta.dirname, '../..'),
  load: { connections: 1, durationSeconds: 1, warmupSeconds: 0 },
  adminDatabaseUrl,
  profileDir: undefined,
  log: (m) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`),
  record: () => {},
  defer: (cleanup) => {
    cleanups.push(cleanup);
  },
};

try {
  if (values.reset) await dropScaleDatabase(adminDatabaseUrl);
  const { info } = await prepareScaleData(ctx);
  console.log(JSON.stringify(info, null, 2));
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
