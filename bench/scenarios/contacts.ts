import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { CONTACT_UPLOAD_COLUMNS, contactListEndpoints, contactUploadEndpoints } from '@sapa/contracts';
import pg from 'pg';
import { signIn, startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'contacts';
export const description =
  'Contacts on PostgreSQL: importing a 2,000-row xlsx (upload → job → history says done) against a target of 3 s ' +
  'and a plain 2,000-row INSERT; GET /api/contacts?search= p95 with 200,000 contacts (pg_trgm) against the same ' +
  'search as an ILIKE full scan on the same data';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const SEARCHES = Number(process.env.BENCH_CONTACT_SEARCHES ?? 300);
const IMPORT_TARGET_MS = 3_000;
const SEARCH_TARGET_MS = 50;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

function xlsx(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Kontak');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** What people type in the search box: parts of names (one contact, or thousands) and parts of numbers. */
function searchTerms(count: number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = (i * 7919) % CONTACTS;
    const digits = String(10_000_000 + n);
    if (i % 4 === 0) terms.push(`x${n.toString(16).padStart(5, '0')}`);
    else if (i % 4 === 1) terms.push(['wati', 'Budi', 'santoso', 'Rina'][(i >> 2) % 4]!);
    else if (i % 4 === 2) terms.push(digits.slice(1, 8));
    else terms.push(`0812${digits.slice(0, 5)}`);
  }
  return terms;
}

export async function run(ctx: BenchContext): Promise<Result[]> {
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

  /** Uploads a file and waits until its history row is done; answers the upload id. */
  const importFile = async (bytes: Buffer, fileName: string) => {
    const began = performance.now();
    const post = await fetch(`${sapa.baseUrl}${contactUploadEndpoints.upload.path}?name=${fileName}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    if (post.status !== 200) throw new Error(`upload: HTTP ${post.status} ${await post.text()}`);
    const { id } = (await post.json()) as { id: string };
    let upload: { status: string; savedCount: number } = { status: 'processing', savedCount: 0 };
    while (upload.status === 'processing') {
      if (performance.now() - began > 60_000) throw new Error('upload not done in 60 s');
      await new Promise((r) => setTimeout(r, 10));
      upload = (await (
        await fetch(`${sapa.baseUrl}/api/contact-uploads/${id}`, { headers })
      ).json()) as typeof upload;
    }
    if (upload.status !== 'success') throw new Error(`upload ${fileName} ended ${upload.status}`);
    return id;
  };

  // ---- import: 2,000 rows through the product (upload, job, history) against a plain INSERT
  const prefix = '62857';
  const rows: string[][] = [[...CONTACT_UPLOAD_COLUMNS]];
  for (let i = 0; i < 2000; i++)
    rows.push([`Impor ${i}`, `${prefix}${String(i).padStart(8, '0')}`, '', '', '', '']);
  const file = xlsx(rows);
  // Warm-up (JIT, the job queue's first fetch): a 10-row upload, not measured.
  await importFile(
    xlsx([rows[0]!, ...rows.slice(1, 11).map((r) => [`Pemanasan ${r[0]}`, `62858${r[1]!.slice(5)}`])]),
    'warmup.xlsx',
  );
  const started = performance.now();
  const id = await importFile(file, 'bench.xlsx');
  const importMs = Math.round(performance.now() - started);
  const { rows: timing } = await db.query<{ job_ms: number }>(
    `select round(extract(epoch from finished_at - created_at) * 1000)::int as job_ms from contact_uploads where id = $1`,
    [id],
  );
  ctx.log(`import of 2,000 rows: ${importMs} ms (upload row created → finished: ${timing[0]?.job_ms} ms)`);

  await db.query('create temporary table plain_contacts (like contacts including defaults)');
  const plainRows = rows.slice(1).map((r, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: r[0],
    phone: r[1],
  }));
  const plainStarted = performance.now();
  await db.query(
    `insert into plain_contacts (client_id, id, name, phone)
     select $1, r.id, r.name, r.phone from jsonb_to_recordset($2::jsonb) as r(id uuid, name text, phone text)`,
    [clientId, JSON.stringify(plainRows)],
  );
  const plainMs = Math.max(1, Math.round(performance.now() - plainStarted));
  ctx.log(`plain INSERT of 2,000 rows: ${plainMs} ms`);

  // ---- search: 200,000 contacts of the business
  const seedStarted = performance.now();
  await db.query(
    `insert into contacts (client_id, id, name, phone, created_at, updated_at)
     select $1, gen_random_uuid(),
       (array['Budi','Siti','Rina','Agus','Dewi','Eko','Sri','Joko','Wati','Ayu'])[1 + i % 10] || ' ' ||
       (array['Santoso','Wijaya','Lestari','Hidayat','Saputra','Kurniawati','Pratama','Setiawati'])[1 + (i / 10) % 8] ||
       ' x' || lpad(to_hex(i), 5, '0'),
       '62812' || lpad((10000000 + i)::text, 8, '0'),
       now(), now()
     from generate_series(0, $2::int - 1) as i`,
    [clientId, CONTACTS],
  );
  await db.query('analyze contacts');
  ctx.log(`seeded ${CONTACTS} contacts in ${Math.round(performance.now() - seedStarted)} ms`);
  const terms = searchTerms(SEARCHES);

  const searchOnce = async (term: string) => {
    const t0 = performance.now();
    const res = await fetch(
      `${sapa.baseUrl}${contactListEndpoints.list.path}?search=${encodeURIComponent(term)}&limit=50`,
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
  const kinds = ['unique name part', 'common name', '7 digits', 'local 0812… prefix'];
  for (const [k, times] of byKind.entries())
    ctx.log(
      `  ${kinds[k]}: p95 ${percentile(
        times.sort((a, b) => a - b),
        95,
      )} ms`,
    );

  // Baseline: the same question as an ILIKE full scan (no index may be used) on the same table.
  const fullScan = async (term: string) => {
    const digits = term.replace(/\D/g, '');
    const phone = /^\d+$/.test(term) ? `%${term.startsWith('0') ? digits.slice(1) : digits}%` : null;
    const t0 = performance.now();
    await db.query('begin');
    await db.query('set local enable_indexscan = off');
    await db.query('set local enable_bitmapscan = off');
    await db.query(
      `select id, name, phone, email, main_channel, created_at from contacts
       where client_id = $1 and (name ilike $2 or ($3::text is not null and phone like $3))
       order by id desc limit 51`,
      [clientId, `%${term}%`, phone],
    );
    await db.query('commit');
    return performance.now() - t0;
  };
  for (const term of terms.slice(0, 5)) await fullScan(term);
  const scanTimes: number[] = [];
  for (const term of terms.slice(0, Math.min(terms.length, 100))) scanTimes.push(await fullScan(term));
  scanTimes.sort((a, b) => a - b);
  const sapaP95 = percentile(sapaTimes, 95);
  const scanP95 = percentile(scanTimes, 95);
  ctx.log(
    `search p50/p95: sapa ${percentile(sapaTimes, 50)}/${sapaP95} ms, ILIKE full scan ${percentile(scanTimes, 50)}/${scanP95} ms`,
  );
  ctx.record('contacts', {
    importMs,
    plainInsertMs: plainMs,
    searches: sapaTimes.length,
    sapaSearchP50: percentile(sapaTimes, 50),
    sapaSearchP95: sapaP95,
    fullScanP50: percentile(scanTimes, 50),
    fullScanP95: scanP95,
  });
  await sapa.stop();

  return [
    compare({
      metric: 'import 2,000 rows (upload → done)',
      value: importMs,
      unit: 'ms',
      baseline: { name: 'target 3 s', value: IMPORT_TARGET_MS },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: 'import 2,000 rows vs a plain INSERT',
      value: importMs,
      unit: 'ms',
      baseline: { name: 'plain multi-row INSERT of the rows', value: plainMs },
    }),
    compare({
      metric: `GET /api/contacts?search= p95, ${CONTACTS.toLocaleString('en')} contacts`,
      value: sapaP95,
      unit: 'ms',
      baseline: { name: 'target 50 ms', value: SEARCH_TARGET_MS },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: 'search p95 vs an ILIKE full scan',
      value: sapaP95,
      unit: 'ms',
      baseline: { name: 'ILIKE full scan p95 (SQL only)', value: scanP95 },
    }),
  ];
}
