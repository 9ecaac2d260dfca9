import { performance } from 'node:perf_hooks';
import { contactListEndpoints, conversationEndpoints, searchEndpoints } from '@sapa/contracts';
import pg from 'pg';
import { prepareScaleData } from '../lib/scale-data.js';
import { signIn } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'search';
export const description =
  'Find at scale (issue 5) on the generated data (1,000,000 tickets, 10,000,000 messages, 200,000 contacts in ' +
  'one business + 20 smaller ones, kept in the sapa_bench_scale database and generated when missing): p95 of the ' +
  'inbox first page, a deep ticket-list page, the ticket list with three filters, a message keyword search and a ' +
  "contact substring search through Sapa's HTTP API, each against its target and against the same screen done " +
  "Chatwoot's way (OFFSET pagination, COUNT(*) per request, ILIKE on message text without a text index) on the same data";

/*
 * Hook for the export measurement (issue 5 "Downloads": 100,000 tickets at ≥ 20,000 rows/s under 300 MB RSS):
 * a sibling scenario (e.g. bench/scenarios/export.ts) calls `prepareScaleData(ctx)` from lib/scale-data.ts the
 * same way as below — it gets the started Sapa on the generated data (`sapa.baseUrl`, `sapa.pid` for RSS) and
 * `info.clientId` — and measures its export there. Generation is skipped when the data is already present.
 */

const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);
const TARGET_MS = { inbox: 50, deep: 50, filters: 100, keyword: 300, contacts: 100 } as const;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

/** Runs `once(i)` `samples` times after a short warm-up; p50 and p95 in ms. */
async function sample(once: (i: number) => Promise<void>, samples = SAMPLES, warmup = 3) {
  for (let i = 0; i < warmup; i++) await once(samples + i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await once(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const cursorOf = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');

export async function run(ctx: BenchContext): Promise<Result[]> {
  const { sapa, info, databaseUrl } = await prepareScaleData(ctx);
  const token = await signIn(sapa.baseUrl, 'owner@demo.sapa.id', 'sapademo123');
  const headers = { authorization: `Bearer ${token}` };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());
  const clientId = info.clientId;
  const ticketCount = info.shape.tickets;

  const api = async (path: string, query: string) => {
    const res = await fetch(`${sapa.baseUrl}${path}?${query}`, { headers });
    if (res.status !== 200) throw new Error(`${path}?${query}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { items: unknown[] };
  };
  /** Chatwoot's way: the page by OFFSET and a COUNT(*) of the same filter, on every request (SQL only). */
  const chatwoot = async (from: string, where: string, params: unknown[], order: string, offset: number) => {
    await db.query(
      `select t.id, t.display_number, t.status, t.created_at, t.resolved_at, t.tags, t.remarks, c.name, c.phone,
         u.name as assignee from ${from} join contacts c on c.client_id = t.client_id and c.id = t.contact_id
       left join users u on u.id = t.assignee_id where ${where} order by ${order} limit 50 offset ${offset}`,
      params,
    );
    await db.query(`select count(*) from ${from} where ${where}`, params);
  };
  /** The same, with the message text searched by ILIKE without a text index (Chatwoot has none). */
  const withoutTextIndex = async (work: () => Promise<void>) => {
    await db.query('begin');
    await db.query('set local enable_bitmapscan = off');
    try {
      await work();
    } finally {
      await db.query('commit');
    }
  };

  const results: Result[] = [];
  const report = (
    screen: string,
    target: number,
    sapaP: { p50: number; p95: number },
    base: { p50: number; p95: number },
  ) => {
    ctx.log(
      `${screen}: sapa p50/p95 ${sapaP.p50}/${sapaP.p95} ms; chatwoot's way ${base.p50}/${base.p95} ms; target ${target} ms`,
    );
    ctx.record(`search.${screen}`, { sapa: sapaP, chatwootWay: base, targetMs: target });
    results.push(
      compare({
        metric: `${screen} p95`,
        value: sapaP.p95,
        unit: 'ms',
        baseline: { name: `target ${target} ms`, value: target },
        target: { op: '<=', value: 1 },
      }),
      compare({
        metric: `${screen} p95 vs Chatwoot's way`,
        value: sapaP.p95,
        unit: 'ms',
        baseline: { name: 'OFFSET + COUNT(*) p95 (SQL only)', value: base.p95 },
      }),
    );
  };

  // ---- inbox first page: open chats, latest activity first
  ctx.log(`scale data: ${JSON.stringify(info.shape)}`);
  {
    const tabs = ['unassigned', 'assigned'] as const;
    const sapaP = await sample((i) =>
      api(conversationEndpoints.tickets.path, `tab=${tabs[i % 2]}&limit=30`).then(() => {}),
    );
    const base = await sample((i) =>
      chatwoot(
        'tickets t',
        't.client_id = $1 and t.status = $2',
        [clientId, tabs[i % 2]],
        't.last_message_at desc',
        0,
      ),
    );
    report('inbox first page', TARGET_MS.inbox, sapaP, base);
  }

  // ---- deep page of the ticket list (all tickets, newest first): keyset cursor vs OFFSET
  {
    const depths = [10_000, 50_000, 200_000, 500_000].map((d) => Math.min(d, Math.max(0, ticketCount - 100)));
    const cursors: string[] = [];
    for (const depth of depths) {
      const { rows } = await db.query<{ at: string; id: string }>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from tickets
         where client_id = $1 order by created_at desc, id desc offset $2 limit 1`,
        [clientId, depth],
      );
      cursors.push(cursorOf(rows[0]!.at, rows[0]!.id));
    }
    const first = await sample(() => api(searchEndpoints.ticketList.path, 'limit=50').then(() => {}));
    const firstBase = await sample(() =>
      chatwoot('tickets t', 't.client_id = $1', [clientId], 't.created_at desc', 0),
    );
    report('ticket list first page (all tickets)', TARGET_MS.inbox, first, firstBase);
    const sapaP = await sample((i) =>
      api(searchEndpoints.ticketList.path, `limit=50&cursor=${cursors[i % cursors.length]}`).then(() => {}),
    );
    const base = await sample((i) =>
      chatwoot('tickets t', 't.client_id = $1', [clientId], 't.created_at desc', depths[i % depths.length]!),
    );
    report(`ticket list deep page (rows ${depths.join('/')})`, TARGET_MS.deep, sapaP, base);
  }

  // ---- ticket list with three filters (status, channel, tag / priority / agent)
  {
    const agent = info.agentIds[1] ?? info.agentIds[0]!;
    const combos: { query: string; where: string; params: unknown[] }[] = [
      {
        query: 'status=resolved&mediaPlatform=IGM&tags=vip',
        where: "t.status = 'resolved' and t.channel = 'IGM' and t.tags && '{vip}'",
        params: [],
      },
      {
        query: 'status=resolved&mediaPlatform=WAP&priority=1',
        where: "t.status = 'resolved' and t.channel = 'WAP' and t.priority = 1",
        params: [],
      },
      {
        query: `status=resolved&mediaPlatform=MSG&csId=${agent}`,
        where: "t.status = 'resolved' and t.channel = 'MSG' and t.assignee_id = $2",
        params: [agent],
      },
      {
        query: 'status=resolved&tags=refund&priority=2',
        where: "t.status = 'resolved' and t.tags && '{refund}' and t.priority = 2",
        params: [],
      },
    ];
    const sapaP = await sample((i) =>
      api(searchEndpoints.ticketList.path, `limit=50&${combos[i % combos.length]!.query}`).then(() => {}),
    );
    const base = await sample((i) => {
      const c = combos[i % combos.length]!;
      return chatwoot(
        'tickets t',
        `t.client_id = $1 and ${c.where}`,
        [clientId, ...c.params],
        't.created_at desc',
        0,
      );
    });
    report('ticket list, three filters', TARGET_MS.filters, sapaP, base);
  }

  // ---- message keyword over all time: rare product codes and common words
  {
    const keywords = (i: number) =>
      i % 3 === 0 ? 'ongkir' : i % 3 === 1 ? `SKU-${(i * 7919) % 50_000}` : 'refund barang';
    const sapaP = await sample((i) =>
      api(searchEndpoints.ticketList.path, `limit=50&keyword=${encodeURIComponent(keywords(i))}`).then(
        () => {},
      ),
    );
    // A full scan of the messages takes seconds each: fewer samples (each keyword kind twice), no warm-up.
    const base = await sample(
      (i) =>
        withoutTextIndex(() =>
          chatwoot(
            'tickets t',
            `t.client_id = $1 and t.id in (select m.ticket_id from messages m where m.client_id = $1 and m.text ilike $2)`,
            [clientId, `%${keywords(i)}%`],
            't.created_at desc',
            0,
          ),
        ),
      6,
      0,
    );
    report('message keyword search', TARGET_MS.keyword, sapaP, base);
  }

  // ---- contact name / phone substring
  {
    const terms = (i: number) =>
      [
        `x${((i * 7919) % info.shape.contacts).toString(16).padStart(5, '0')}`,
        'wati',
        String(10_000 + ((i * 7919) % 90_000)),
        'Budi San',
      ][i % 4]!;
    const sapaP = await sample((i) =>
      api(contactListEndpoints.list.path, `limit=50&search=${encodeURIComponent(terms(i))}`).then(() => {}),
    );
    const base = await sample(async (i) => {
      const params = [clientId, `%${terms(i)}%`];
      const where = 'client_id = $1 and (name ilike $2 or email ilike $2 or phone ilike $2)';
      await db.query('begin');
      await db.query('set local enable_bitmapscan = off');
      await db.query(
        `select id, name, phone, email from contacts where ${where} order by name limit 50 offset 0`,
        params,
      );
      await db.query(`select count(*) from contacts where ${where}`, params);
      await db.query('commit');
    });
    report('contact name/phone search', TARGET_MS.contacts, sapaP, base);
  }

  await sapa.stop();
  return results;
}
