import { performance } from 'node:perf_hooks';
import { catalogueEndpoints, ordersEndpoints } from '@sapa/contracts';
import pg from 'pg';
import { signIn, startSapaServer } from '../lib/servers.js';
import { shopifyPhase } from '../lib/shopify-phase.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'commerce';
export const description =
  'Catalogue on PostgreSQL: GET /api/products?search= (name or SKU, pg_trgm, keyset page) p95 with 100,000 ' +
  'products of one business against a target of 50 ms and, in the same run, the plain ILIKE + OFFSET + COUNT(*) ' +
  'page a list without keyset and indexes would run; GET /api/transactions first and deep page p95 with ' +
  '1,000,000 orders against OFFSET + COUNT(*); Shopify orders/create webhooks at 100/s for 30 s: ack p99 against ' +
  "100 ms and every order's message sent once (BENCH_COMMERCE_PARTS=catalogue,shopify picks the parts)";

const PARTS = (process.env.BENCH_COMMERCE_PARTS ?? 'catalogue,shopify').split(',').map((p) => p.trim());

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const LIST_SAMPLES = Number(process.env.BENCH_TRANSACTION_SAMPLES ?? 40);
/** The deep page: this many rows into the New Order tab. */
const DEEP_ROW = Number(process.env.BENCH_TRANSACTION_DEEP_ROW ?? 150_000);
const SEARCHES = Number(process.env.BENCH_PRODUCT_SEARCHES ?? 300);
const SEARCH_TARGET_MS = 50;
const PAGE = 20;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

const WORDS = ['Kopi', 'Teh', 'Roti', 'Nasi', 'Mie', 'Kaos', 'Tas', 'Sepatu', 'Madu', 'Sambal'];

/** What sellers type: a common word (thousands of products), a rare name part, a whole SKU, part of a SKU. */
function searchTerms(count: number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = (i * 7919) % PRODUCTS;
    if (i % 4 === 0) terms.push(WORDS[(i >> 2) % WORDS.length]!);
    else if (i % 4 === 1) terms.push(`v${n.toString(16).padStart(5, '0')}`);
    else if (i % 4 === 2) terms.push(`SKU-${String(n).padStart(6, '0')}`);
    else terms.push(`SKU-${String(n).padStart(6, '0').slice(0, 4)}`);
  }
  return terms;
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const results: Result[] = [];
  if (PARTS.includes('catalogue')) results.push(...(await catalogueAndTransactions(ctx)));
  if (PARTS.includes('shopify')) results.push(...(await shopifyPhase(ctx)));
  return results;
}

async function catalogueAndTransactions(ctx: BenchContext): Promise<Result[]> {
  const sapa = await startSapaServer(ctx);
  if (!sapa.databaseUrl) throw new Error('the Sapa server did not say its database');
  const token = await signIn(sapa.baseUrl, 'owner@demo.sapa.id', 'sapademo123');
  const headers = { authorization: `Bearer ${token}` };
  const db = new pg.Client({ connectionString: sapa.databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());
  const { rows: client } = await db.query<{ client_id: string }>(
    `select m.client_id from memberships m join users u on u.id = m.user_id where u.email = 'owner@demo.sapa.id'`,
  );
  const clientId = client[0]?.client_id;
  if (!clientId) throw new Error('no demo business');

  // ---- 100,000 products of the demo business, set-based (created one second apart, newest last)
  const seedStarted = performance.now();
  await db.query(
    `insert into products (client_id, id, name, price, type, sku, active, created_at, updated_at)
     select $1, gen_random_uuid(),
       (array['Kopi','Teh','Roti','Nasi','Mie','Kaos','Tas','Sepatu','Madu','Sambal'])[1 + i % 10] || ' ' ||
       (array['Susu','Pandan','Cokelat','Keju','Pedas','Manis','Hitam','Putih'])[1 + (i / 10) % 8] ||
       ' v' || lpad(to_hex(i), 5, '0'),
       1000 + (i % 500) * 100, 'non_physical', 'SKU-' || lpad(i::text, 6, '0'), i % 7 <> 0,
       now() - make_interval(secs => $2::int - i), now()
     from generate_series(0, $2::int - 1) as i`,
    [clientId, PRODUCTS],
  );
  await db.query('analyze products');
  ctx.log(`seeded ${PRODUCTS} products in ${Math.round(performance.now() - seedStarted)} ms`);
  const terms = searchTerms(SEARCHES);

  const searchOnce = async (term: string) => {
    const t0 = performance.now();
    const res = await fetch(
      `${sapa.baseUrl}${catalogueEndpoints.listProducts.path}?search=${encodeURIComponent(term)}&limit=${PAGE}`,
      { headers },
    );
    if (res.status !== 200) throw new Error(`search ${term}: HTTP ${res.status}`);
    await res.json();
    return performance.now() - t0;
  };
  for (const term of terms.slice(0, 20)) await searchOnce(term); // warm-up
  const sapaTimes: number[] = [];
  const byKind: number[][] = [[], [], [], []];
  for (const [i, term] of terms.entries()) {
    const ms = await searchOnce(term);
    sapaTimes.push(ms);
    byKind[i % 4]!.push(ms);
  }
  sapaTimes.sort((a, b) => a - b);
  const kinds = ['common word', 'rare name part', 'whole SKU', 'SKU prefix'];
  for (const [k, times] of byKind.entries())
    ctx.log(
      `  ${kinds[k]}: p95 ${percentile(
        times.sort((a, b) => a - b),
        95,
      )} ms`,
    );

  // Baseline: the plain page — ILIKE on name or SKU, no index, COUNT(*) for the total, OFFSET to the page
  // (the second page, as a seller paging once would ask), on the same table and connection.
  const plainPage = async (term: string) => {
    const like = `%${term}%`;
    const t0 = performance.now();
    await db.query('begin');
    await db.query('set local enable_indexscan = off');
    await db.query('set local enable_bitmapscan = off');
    await db.query('select count(*) from products where client_id = $1 and (name ilike $2 or sku ilike $2)', [
      clientId,
      like,
    ]);
    await db.query(
      `select id, name, sku, price, active, created_at from products
       where client_id = $1 and (name ilike $2 or sku ilike $2)
       order by created_at desc, id desc offset $3 limit $3`,
      [clientId, like, PAGE],
    );
    await db.query('commit');
    return performance.now() - t0;
  };
  for (const term of terms.slice(0, 5)) await plainPage(term);
  const plainTimes: number[] = [];
  for (const term of terms.slice(0, Math.min(terms.length, 100))) plainTimes.push(await plainPage(term));
  plainTimes.sort((a, b) => a - b);
  const sapaP95 = percentile(sapaTimes, 95);
  const plainP95 = percentile(plainTimes, 95);
  ctx.log(
    `search p50/p95: sapa ${percentile(sapaTimes, 50)}/${sapaP95} ms, ILIKE + OFFSET + COUNT ${percentile(plainTimes, 50)}/${plainP95} ms`,
  );
  const list = await transactionsList(ctx, { db, baseUrl: sapa.baseUrl, headers, clientId });
  ctx.record('commerce', {
    ...list.record,
    products: PRODUCTS,
    searches: sapaTimes.length,
    sapaSearchP50: percentile(sapaTimes, 50),
    sapaSearchP95: sapaP95,
    plainP50: percentile(plainTimes, 50),
    plainP95,
  });
  await sapa.stop();

  return [
    compare({
      metric: `GET /api/products?search= p95, ${PRODUCTS.toLocaleString('en')} products`,
      value: sapaP95,
      unit: 'ms',
      baseline: { name: 'target 50 ms', value: SEARCH_TARGET_MS },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: 'product search p95 vs ILIKE + OFFSET + COUNT(*)',
      value: sapaP95,
      unit: 'ms',
      baseline: { name: 'ILIKE + OFFSET + COUNT(*) p95, same data', value: plainP95 },
    }),
    ...list.results,
  ];
}

/** One sample of a timed step, in ms. */
async function timed(step: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await step();
  return performance.now() - t0;
}

async function samples(count: number, step: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await step(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timed(step));
  return times.sort((a, b) => a - b);
}

/**
 * 001 §2 Transactions at 1,000,000 orders of the demo business: the New Order tab's first page and a page
 * `DEEP_ROW` rows in, through Sapa's API (keyset cursor), against the OFFSET page + COUNT(*) a list without
 * keyset would run on the same data. The trigram indexes are built after the bulk load, as a restore would.
 */
async function transactionsList(
  ctx: BenchContext,
  env: { db: pg.Client; baseUrl: string; headers: Record<string, string>; clientId: string },
): Promise<{ results: Result[]; record: Record<string, number> }> {
  const { db, clientId } = env;
  const seedStarted = performance.now();
  const { rows: trgm } = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'transactions' and indexdef like '%gin_trgm_ops%'`,
  );
  for (const i of trgm) await db.query(`drop index ${i.indexname}`);
  await db.query(
    `insert into transactions (client_id, id, seq, number, customer_name, delivery, courier_name, subtotal,
       shipping_fee, total, weight_grams, item_count, status, created_at, updated_at)
     select $1, gen_random_uuid(), i, 'TRX-' || lpad(i::text, 7, '0'),
       (array['Rina','Budi','Sari','Dewi','Agus','Wati','Joko','Nina'])[1 + i % 8] || ' ' ||
       (array['Lestari','Santoso','Wijaya','Pratama','Anggraini'])[1 + (i / 8) % 5],
       case when i % 3 = 0 then 'pickup' else 'courier' end, case when i % 3 = 0 then null else 'JNE Reguler' end,
       50000 + i % 1000, 9000, 59000 + i % 1000, 500, 2,
       (array['new_order','prepared','ready','done','cancelled'])[1 + i % 5],
       now() - make_interval(secs => $2::int - i), now()
     from generate_series(1, $2::int) as i`,
    [clientId, TRANSACTIONS],
  );
  for (const i of trgm) await db.query(i.indexdef);
  await db.query('analyze transactions');
  ctx.log(`seeded ${TRANSACTIONS} transactions in ${Math.round(performance.now() - seedStarted)} ms`);

  const page = (cursor?: string) => async () => {
    const query = `status=new_order&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await fetch(`${env.baseUrl}${ordersEndpoints.list.path}?${query}`, { headers: env.headers });
    if (res.status !== 200) throw new Error(`transactions ${query}: HTTP ${res.status}`);
    const body = (await res.json()) as { items: unknown[] };
    if (body.items.length !== PAGE) throw new Error(`transactions ${query}: ${body.items.length} rows`);
  };
  // The keyset position DEEP_ROW rows into the tab, as a user paging there would hold it.
  const { rows: deep } = await db.query<{ at: string; id: string }>(
    `select created_at::text as at, id from transactions where client_id = $1 and status = 'new_order'
     order by created_at desc, id desc offset $2 limit 1`,
    [clientId, DEEP_ROW],
  );
  const cursor = Buffer.from(`${deep[0]!.at}|${deep[0]!.id}`).toString('base64url');
  const first = await samples(LIST_SAMPLES, page());
  const deepTimes = await samples(LIST_SAMPLES, page(cursor));

  const offsetPage = (offset: number) => async () => {
    await db.query(`select count(*) from transactions where client_id = $1 and status = 'new_order'`, [
      clientId,
    ]);
    await db.query(
      `select id, number, customer_name, total, status, created_at from transactions
       where client_id = $1 and status = 'new_order' order by created_at desc, id desc offset $2 limit $3`,
      [clientId, offset, PAGE],
    );
  };
  const plainFirst = await samples(LIST_SAMPLES, offsetPage(0));
  const plainDeep = await samples(LIST_SAMPLES, offsetPage(DEEP_ROW));
  const p95 = (t: number[]) => percentile(t, 95);
  ctx.log(
    `transactions p95: first ${p95(first)} ms (OFFSET + COUNT ${p95(plainFirst)} ms), deep ${p95(deepTimes)} ms (OFFSET + COUNT ${p95(plainDeep)} ms)`,
  );
  const target = (metric: string, value: number): Result =>
    compare({
      metric,
      value,
      unit: 'ms',
      baseline: { name: 'target 50 ms', value: SEARCH_TARGET_MS },
      target: { op: '<=', value: 1 },
    });
  const against = (metric: string, value: number, plain: number): Result =>
    compare({
      metric,
      value,
      unit: 'ms',
      baseline: { name: 'OFFSET + COUNT(*) p95, same data', value: plain },
    });
  const n = TRANSACTIONS.toLocaleString('en');
  return {
    results: [
      target(`GET /api/transactions first page p95, ${n} transactions`, p95(first)),
      target(`GET /api/transactions page at row ${DEEP_ROW.toLocaleString('en')} p95`, p95(deepTimes)),
      against('transactions first page vs OFFSET + COUNT(*)', p95(first), p95(plainFirst)),
      against('transactions deep page vs OFFSET + COUNT(*)', p95(deepTimes), p95(plainDeep)),
    ],
    record: {
      transactions: TRANSACTIONS,
      firstP95: p95(first),
      deepP95: p95(deepTimes),
      plainFirstP95: p95(plainFirst),
      plainDeepP95: p95(plainDeep),
    },
  };
}
