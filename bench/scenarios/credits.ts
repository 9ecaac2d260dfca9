import { randomUUID } from 'node:crypto';
import { creditTopUp, ledgerDrift } from '../../apps/server/src/modules/billing/chat-credits.service.js';
import { chargeConversation } from '../../apps/server/src/modules/billing/conversation-charges.js';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/database.js';
import { createScratchDatabase } from '../lib/postgres.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'credits';
export const description =
  'chat-credit charges (chargeConversation: naturally batched — wallet lock, windows, ledger rows, one commit per batch) at 1,000 concurrent sends on one business, against a bare UPDATE … SET balance = balance - x, same pool, same run';

/** Concurrent sends per round (BENCH_CREDITS_CONCURRENCY) and measured rounds (BENCH_CREDITS_ROUNDS). */
const CONCURRENCY = Number(process.env.BENCH_CREDITS_CONCURRENCY ?? 1_000);
const ROUNDS = Number(process.env.BENCH_CREDITS_ROUNDS ?? 5);
/** The server's pool size (platform/db/database.ts). */
const POOL_SIZE = 20;
const FOLLOW_UP = 511.5;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** One round: `CONCURRENCY` calls started at once; each one's time from its start to its commit. */
async function round(work: (i: number) => Promise<unknown>): Promise<{ latencies: number[]; ms: number }> {
  const start = performance.now();
  const latencies = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => timed(() => work(i))));
  return { latencies, ms: performance.now() - start };
}

async function newBusiness(database: Database, credits: number): Promise<string> {
  const id = randomUUID();
  await database.sql.query(`insert into clients (id, name) values ($1, $2)`, [id, `bench ${id.slice(0, 8)}`]);
  await database.sql.query(`insert into chat_credit_wallets (client_id) values ($1)`, [id]);
  await database.db.transaction((tx) =>
    creditTopUp(tx, { clientId: id, credits, referenceType: 'bench', referenceId: id }),
  );
  return id;
}

async function walletBalance(database: Database, clientId: string): Promise<string> {
  const { rows } = await database.sql.query<{ balance: string }>(
    'select balance::text as balance from chat_credit_wallets where client_id = $1',
    [clientId],
  );
  return rows[0]!.balance;
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const scratch = await createScratchDatabase(ctx.adminDatabaseUrl, 'sapa_bench_credits');
  ctx.defer(() => scratch.drop());
  const database = await openDatabase({ url: scratch.url, dataDir: 'memory://', poolSize: POOL_SIZE });
  ctx.defer(() => database.close());
  await database.migrate();

  const charges = CONCURRENCY * (ROUNDS + 1);
  // Enough for every measured charge and the 100 windows of the exactly-once check, and a little more.
  const start = (charges + 100) * FOLLOW_UP + 1_000;
  const sapaBusiness = await newBusiness(database, start);
  const bareBusiness = await newBusiness(database, start);
  // The product's call as a send makes it (no transaction of the caller's: the charge commits by itself).
  const charge = (clientId: string, chatRoomId: string) =>
    chargeConversation(database.db, {
      clientId,
      chatRoomId,
      mediaPlatform: 'WAP',
      purpose: 'follow_up',
      templateCategory: 'MARKETING',
      at: new Date(),
      details: { ticket: 'bench', template: 'bench' },
    });
  const bare = () =>
    database.sql.query('update chat_credit_wallets set balance = balance - $1 where client_id = $2', [
      FOLLOW_UP,
      bareBusiness,
    ]);

  // Warm-up round of each (JIT, pool connections), not counted; then the measured rounds, alternating.
  await round(() => charge(sapaBusiness, randomUUID()));
  await round(bare);
  const sapa: number[] = [];
  const baseline: number[] = [];
  let sapaMs = 0;
  let bareMs = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    const s = await round(() => charge(sapaBusiness, randomUUID()));
    sapa.push(...s.latencies);
    sapaMs += s.ms;
    const b = await round(bare);
    baseline.push(...b.latencies);
    bareMs += b.ms;
    ctx.log(
      `round ${r + 1}/${ROUNDS}: sapa ${s.ms.toFixed(0)} ms, bare UPDATE ${b.ms.toFixed(0)} ms for ${CONCURRENCY}`,
    );
  }

  // Exactly once: 1,000 sends at once on 100 chat rooms (10 each) charge 100 windows.
  const rooms = Array.from({ length: 100 }, () => randomUUID());
  const same = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, i) => charge(sapaBusiness, rooms[i % 100]!)),
  );
  const windowCharges = same.filter((r) => r.charged).length;

  const expected = (start - (charges + windowCharges) * FOLLOW_UP).toFixed(2);
  const balance = await walletBalance(database, sapaBusiness);
  const drift = await ledgerDrift(database.db, sapaBusiness);
  const { rows } = await database.sql.query<{ n: string }>(
    `select count(*)::text as n from chat_credit_mutations where client_id = $1 and kind = 'charge'`,
    [sapaBusiness],
  );
  const rowsCharged = Number(rows[0]!.n);
  ctx.log(
    `balance ${balance}, expected ${expected}; ${rowsCharged} charge rows; drift ${JSON.stringify(drift)}`,
  );

  sapa.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  ctx.record('credits', {
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    poolSize: POOL_SIZE,
    sapa: { p50: percentile(sapa, 50), p99: percentile(sapa, 99), max: sapa.at(-1) },
    bare: { p50: percentile(baseline, 50), p99: percentile(baseline, 99), max: baseline.at(-1) },
    balance,
    expected,
    rowsCharged,
    windowCharges,
    drift,
  });
  const bareName = 'bare UPDATE … SET balance = balance - x';
  const sapaPerSecond = (CONCURRENCY * ROUNDS) / (sapaMs / 1000);
  const barePerSecond = (CONCURRENCY * ROUNDS) / (bareMs / 1000);
  return [
    compare({
      metric: `charge p99 at ${CONCURRENCY} concurrent sends`,
      value: percentile(sapa, 99),
      unit: 'ms',
      baseline: { name: 'target 20 ms', value: 20 },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `charge p99 at ${CONCURRENCY} concurrent sends`,
      value: percentile(sapa, 99),
      unit: 'ms',
      baseline: { name: bareName, value: percentile(baseline, 99) },
    }),
    compare({
      metric: `charge p50 at ${CONCURRENCY} concurrent sends`,
      value: percentile(sapa, 50),
      unit: 'ms',
      baseline: { name: bareName, value: percentile(baseline, 50) },
    }),
    compare({
      metric: 'charges per second',
      value: sapaPerSecond,
      unit: '/s',
      baseline: { name: bareName, value: barePerSecond },
    }),
    compare({
      metric: 'balance off the exact figure + ledger drift + wrong charge rows',
      value:
        Math.abs(Number(balance) - Number(expected)) +
        Math.abs(drift.paid) +
        Math.abs(rowsCharged - (charges + windowCharges)) +
        Math.abs(windowCharges - 100),
      unit: 'credits/rows',
      baseline: { name: 'charges', value: charges + windowCharges },
      target: { op: '<=', value: 0 },
    }),
  ];
}
