import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { EXPORT_RANGE_MAX_DAYS, type ExportHistoryItem, exportEndpoints } from '@sapa/contracts';
import { prepareScaleData, SCALE_JWT_SECRET } from '../lib/scale-data.js';
import { signIn, startSapaWorker } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'export';
export const description =
  'Downloads at scale (issue 5): the largest 31-day selection of the generated data (~85,000 of 1,000,000 tickets) ' +
  'exported as xlsx and as csv through POST /api/export-history/request → exports.chats job → done: rows/s and the ' +
  'peak RSS of the Sapa process that runs the export job, against the naive way (one query loading every row, then ' +
  'SheetJS building the workbook in memory) measured in its own process on the same rows. Sapa runs scaled out ' +
  '(ARCHITECTURE "Scaling out"): an API process (SAPA_ROLE=api) takes the request, a job worker process ' +
  "(SAPA_ROLE=worker) writes the file; the RSS measured is the worker's";

const ROWS_PER_SECOND_TARGET = 20_000;
const RSS_TARGET_MB = 300;
const DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? EXPORT_RANGE_MAX_DAYS);

/** A Jakarta day (YYYY-MM-DD) `offset` days from today. */
function jakartaDay(offset: number): string {
  const now = new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/** Resident set size of a process now, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * The naive export, in a process of its own so its peak RSS is its own: one query loads every row (the same
 * columns the export writes), then SheetJS builds the whole workbook in memory and writes it.
 */
const NAIVE_EXPORT = `
import * as XLSX from '@e965/xlsx';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
const t0 = performance.now();
const db = new pg.Client({ connectionString: process.env.DB_URL });
await db.connect();
const { rows } = await db.query(
  \`select t.display_number, g.name as group_name, t.created_at, c.name, c.phone, a.name as assignee,
     t.resolved_at, t.remarks, t.channel, r.name as closer, t.priority, array_to_string(t.tags, ', ') as tags, t.status
   from tickets t join contacts c on c.client_id = t.client_id and c.id = t.contact_id
   left join cs_groups g on g.client_id = t.client_id and (g.id = t.group_id or (t.group_id is null and g.is_default))
   left join users a on a.id = t.assignee_id left join users r on r.id = t.resolved_by
   where t.client_id = $1 and t.created_at >= $2 and t.created_at < $3
   order by t.created_at desc, t.id desc\`,
  [process.env.CLIENT_ID, process.env.FROM, process.env.BEFORE],
);
await db.end();
const aoa = [['Ticket ID','Group','Created at','Customer','Phone','CS agent','Closed at','Remarks','Channel','Closed by','Priority','Tags','Status'],
  ...rows.map((r) => ['T-' + String(r.display_number).padStart(6, '0'), r.group_name, r.created_at, r.name, r.phone,
    r.assignee, r.resolved_at, r.remarks, r.channel, r.closer, r.priority, r.tags, r.status])];
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Chat data');
writeFileSync(process.env.OUT, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
console.log(JSON.stringify({ rows: rows.length, ms: performance.now() - t0, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
`;

function naiveExport(
  ctx: BenchContext,
  env: Record<string, string>,
): Promise<{ rows: number; ms: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', NAIVE_EXPORT], {
      cwd: `${ctx.repoRoot}/bench`,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`naive export exited ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch (e) {
        reject(e);
      }
    });
  });
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  // The API process serves the requests and queues the job; the worker process (the one measured) exports.
  const { sapa, info, databaseUrl } = await prepareScaleData(ctx, undefined, { SAPA_ROLE: 'api' });
  const worker = await startSapaWorker(ctx, sapa, { JWT_SECRET: SCALE_JWT_SECRET });
  const token = await signIn(sapa.baseUrl, 'owner@demo.sapa.id', 'sapademo123');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const clientId = info.clientId;
  // The 31 days before yesterday (Jakarta): every chat of them created by the generator, none still open.
  const to = jakartaDay(-2);
  const from = jakartaDay(-1 - DAYS);
  const filter = { createdFrom: from, createdTo: to };

  /** Requests one export and waits until it is done, sampling the exporting worker's RSS meanwhile. */
  const exportOnce = async (format: 'xlsx' | 'csv', chosen: typeof filter = filter) => {
    const idleMb = rssMb(worker.pid);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(worker.pid));
    }, 20);
    const started = performance.now();
    try {
      const res = await fetch(`${sapa.baseUrl}${exportEndpoints.request.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ roomType: 'ticketList', type: 'chats', format, filter: chosen }),
      });
      if (res.status !== 200) throw new Error(`export request: HTTP ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as ExportHistoryItem;
      for (;;) {
        if (performance.now() - started > 600_000) throw new Error('export not done in 10 minutes');
        await new Promise((r) => setTimeout(r, 50));
        const list = (await (
          await fetch(`${sapa.baseUrl}${exportEndpoints.list.path}?limit=5`, { headers })
        ).json()) as { items: ExportHistoryItem[] };
        const item = list.items.find((i) => i.id === id);
        if (item?.status === 'failed') throw new Error(`export failed: ${item.error}`);
        if (item?.status === 'done') {
          const seconds = (performance.now() - started) / 1000;
          return {
            rows: item.rowCount,
            seconds,
            size: item.size ?? 0,
            idleMb,
            peakMb: Math.max(peakMb, rssMb(worker.pid)),
          };
        }
      }
    } finally {
      clearInterval(sampler);
    }
  };

  // Warm-up (JIT, the queue's first fetch): a one-day export of each format, waited for, not measured.
  await exportOnce('xlsx', { createdFrom: to, createdTo: to });
  await exportOnce('csv', { createdFrom: to, createdTo: to });
  const csv = await exportOnce('csv');
  const csvRate = csv.rows / csv.seconds;
  ctx.log(
    `csv: ${csv.rows} rows in ${csv.seconds.toFixed(2)} s = ${Math.round(csvRate)} rows/s, ` +
      `worker (SAPA_ROLE=worker) RSS ${csv.idleMb.toFixed(0)} → peak ${csv.peakMb.toFixed(0)} MB, API process ${rssMb(sapa.pid).toFixed(0)} MB`,
  );
  const xlsx = await exportOnce('xlsx');
  const xlsxRate = xlsx.rows / xlsx.seconds;
  ctx.log(
    `xlsx: ${xlsx.rows} rows in ${xlsx.seconds.toFixed(2)} s = ${Math.round(xlsxRate)} rows/s, ` +
      `${(xlsx.size / 1e6).toFixed(1)} MB file, worker (SAPA_ROLE=worker) RSS ${xlsx.idleMb.toFixed(0)} → peak ` +
      `${xlsx.peakMb.toFixed(0)} MB, API process ${rssMb(sapa.pid).toFixed(0)} MB`,
  );

  // The naive way on the same rows (the same day bounds in Jakarta time).
  const before = new Date(`${to}T00:00:00+07:00`);
  before.setUTCDate(before.getUTCDate() + 1);
  const naive = await naiveExport(ctx, {
    DB_URL: databaseUrl,
    CLIENT_ID: clientId,
    FROM: new Date(`${from}T00:00:00+07:00`).toISOString(),
    BEFORE: before.toISOString(),
    OUT: `/tmp/sapa-bench-naive-export-${process.pid}.xlsx`,
  });
  const naiveRate = naive.rows / (naive.ms / 1000);
  ctx.log(
    `naive (load all + SheetJS): ${naive.rows} rows in ${(naive.ms / 1000).toFixed(2)} s = ${Math.round(naiveRate)} rows/s, ` +
      `peak RSS ${naive.maxRssMb.toFixed(0)} MB`,
  );
  if (naive.rows !== xlsx.rows)
    ctx.log(`warning: the naive export saw ${naive.rows} rows, Sapa ${xlsx.rows}`);
  ctx.record('export', { from, to, xlsx, csv, naive });

  return [
    compare({
      metric: `xlsx export of ${xlsx.rows.toLocaleString('en')} chats (request → done)`,
      value: Math.round(xlsxRate),
      unit: 'rows/s',
      baseline: { name: 'target 20,000 rows/s', value: ROWS_PER_SECOND_TARGET },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: 'xlsx export rows/s vs the naive way',
      value: Math.round(xlsxRate),
      unit: 'rows/s',
      baseline: { name: 'load all rows + SheetJS write', value: Math.round(naiveRate) },
    }),
    compare({
      metric: 'peak RSS of the Sapa worker process (SAPA_ROLE=worker) during the xlsx export',
      value: Math.round(xlsx.peakMb),
      unit: 'MB',
      baseline: { name: 'target 300 MB', value: RSS_TARGET_MB },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: 'peak RSS vs the naive way',
      value: Math.round(xlsx.peakMb),
      unit: 'MB',
      baseline: { name: 'naive export process peak RSS', value: Math.round(naive.maxRssMb) },
    }),
    compare({
      metric: 'peak RSS of the Sapa worker process (SAPA_ROLE=worker) during the csv export',
      value: Math.round(csv.peakMb),
      unit: 'MB',
      baseline: { name: 'target 300 MB', value: RSS_TARGET_MB },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `csv export of ${csv.rows.toLocaleString('en')} chats (request → done)`,
      value: Math.round(csvRate),
      unit: 'rows/s',
      baseline: { name: 'target 20,000 rows/s', value: ROWS_PER_SECOND_TARGET },
      target: { op: '>=', value: 1 },
    }),
  ];
}
