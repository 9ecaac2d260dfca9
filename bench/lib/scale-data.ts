import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { assertLoopback } from './net.js';
import { startSapaServer } from './servers.js';
import type { BenchContext } from './types.js';

/**
 * Data at scale (issue 5): fills a kept PostgreSQL database with one large business — by default 1,000,000
 * tickets, 10,000,000 messages and 200,000 contacts, added to the demo business so that a started Sapa
 * serves it to `owner@demo.sapa.id` — plus 20 smaller businesses (5,000 tickets each) that share every
 * table and index, so tenant filtering is part of what is measured.
 *
 * Everything is set-based SQL (`generate_series`, one INSERT … SELECT per table and chunk), with the
 * secondary indexes of the filled tables dropped during the load and built once afterwards, so a full run
 * takes minutes, not hours. Ids are deterministic (kind, business, row number), created times spread over
 * the last 365 days, message texts drawn from Indonesian shop phrases plus a product code (`SKU-n`, each in
 * about 100 messages) so keyword searches have both rare and common words.
 *
 * Idempotent: the shape of a finished generation is kept in `bench_scale_info`; a database that already
 * holds it is used as it is. An interrupted generation is detected and reported (rerun with a reset).
 */

export const SCALE_DATABASE = process.env.BENCH_SCALE_DB ?? 'sapa_bench_scale';

export interface ScaleShape {
  tickets: number;
  messagesPerTicket: number;
  contacts: number;
  smallBusinesses: number;
  smallTickets: number;
  smallContacts: number;
}

export const FULL_SCALE: ScaleShape = {
  tickets: 1_000_000,
  messagesPerTicket: 10,
  contacts: 200_000,
  smallBusinesses: 20,
  smallTickets: 5_000,
  smallContacts: 2_000,
};

/** The shape asked for by the environment (`BENCH_SCALE_TICKETS`, … — e.g. a small one for a quick check). */
export function scaleShapeFromEnv(env: NodeJS.ProcessEnv = process.env): ScaleShape {
  const n = (name: string, fallback: number) => {
    const raw = env[name];
    const value = raw ? Number(raw) : fallback;
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
    return value;
  };
  return {
    tickets: n('BENCH_SCALE_TICKETS', FULL_SCALE.tickets),
    messagesPerTicket: n('BENCH_SCALE_MESSAGES_PER_TICKET', FULL_SCALE.messagesPerTicket),
    contacts: n('BENCH_SCALE_CONTACTS', FULL_SCALE.contacts),
    smallBusinesses: n('BENCH_SCALE_SMALL_BUSINESSES', FULL_SCALE.smallBusinesses),
    smallTickets: n('BENCH_SCALE_SMALL_TICKETS', FULL_SCALE.smallTickets),
    smallContacts: n('BENCH_SCALE_SMALL_CONTACTS', FULL_SCALE.smallContacts),
  };
}

/** What a finished generation left, for the benchmark. */
export interface ScaleInfo {
  shape: ScaleShape;
  clientId: string;
  channelAccountId: string;
  agentIds: string[];
  /** Display number of the large business's first generated ticket. */
  firstDisplayNumber: number;
  generatedAt: string;
  seconds: number;
}

/** The URL of the kept scale database, created (empty) when missing. */
export async function ensureScaleDatabase(adminUrl: string, name = SCALE_DATABASE): Promise<string> {
  const admin = new URL(adminUrl);
  assertLoopback(admin.hostname);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the kept scale database (a reset after an interrupted generation). */
export async function dropScaleDatabase(adminUrl: string, name = SCALE_DATABASE): Promise<void> {
  assertLoopback(new URL(adminUrl).hostname);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

const INFO_TABLE = `create table if not exists bench_scale_info (
  id int primary key default 1 check (id = 1),
  state text not null,
  info jsonb,
  index_defs text[] not null default '{}',
  updated_at timestamptz not null default now())`;

export async function readScaleInfo(db: pg.ClientBase): Promise<ScaleInfo | null> {
  await db.query(INFO_TABLE);
  const { rows } = await db.query<{ state: string; info: ScaleInfo | null }>(
    'select state, info from bench_scale_info where id = 1',
  );
  const row = rows[0];
  if (!row) return null;
  if (row.state !== 'done' || !row.info)
    throw new Error(
      `an earlier generation into this database was interrupted (state ${row.state}); ` +
        'rerun with --reset (bench/scripts/generate-scale-data.ts) to start again',
    );
  return row.info;
}

const sameShape = (a: ScaleShape, b: ScaleShape) =>
  (Object.keys(a) as (keyof ScaleShape)[]).every((k) => a[k] === b[k]);

/** Deterministic ids: kind (1 contact, 2 ticket, 3 message, 4 business, 5 channel account), business, row. */
const ID_SQL = `create or replace function pg_temp.bench_id(kind int, biz int, n bigint) returns uuid
  language sql immutable as $$
  select (lpad(to_hex(kind * 4096 + biz), 8, '0') || '-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$`;

const FIRST_NAMES = [
  'Budi',
  'Siti',
  'Rina',
  'Agus',
  'Dewi',
  'Eko',
  'Sri',
  'Joko',
  'Wati',
  'Ayu',
  'Putri',
  'Andi',
];
const LAST_NAMES = [
  'Santoso',
  'Wijaya',
  'Lestari',
  'Hidayat',
  'Saputra',
  'Kurniawati',
  'Pratama',
  'Setiawati',
];
const CUSTOMER_PHRASES = [
  'Halo kak, pesanan saya belum sampai',
  'Apakah stok masih ada?',
  'Berapa ongkir ke Bandung?',
  'Saya mau refund barang rusak',
  'Bisa COD tidak kak?',
  'Kapan dikirim ya?',
  'Ukuran L masih tersedia?',
  'Tolong cek resi pengiriman saya',
  'Barang sudah diterima, terima kasih',
  'Bisa tukar warna?',
  'Promo gratis ongkir masih berlaku?',
  'Mohon info cara pembayaran transfer',
];
const AGENT_PHRASES = [
  'Baik kak, kami cek dulu ya',
  'Terima kasih sudah menghubungi kami',
  'Pesanan kakak sudah dikirim hari ini',
  'Stok masih tersedia kak',
  'Mohon ditunggu sebentar ya kak',
  'Resi pengiriman sudah kami kirimkan',
  'Refund akan diproses 3 hari kerja',
  'Silakan lakukan pembayaran sebelum jam 5 sore',
];
const REMARKS = ['refund', 'retur barang', 'komplain ongkir', 'tanya stok', 'salah kirim', 'pembayaran'];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

interface Business {
  biz: number;
  clientId: string;
  accountId: string;
  agentIds: string[];
  tickets: number;
  contacts: number;
  firstDisplayNumber: number;
}

/** Contacts `0 … n-1` of one business: names from common Indonesian names plus a hex suffix, unique phones. */
async function insertContacts(db: pg.ClientBase, b: Business) {
  await db.query(
    `insert into contacts (client_id, id, name, phone, email, main_channel, created_at, updated_at)
     select $1, pg_temp.bench_id(1, $2, i),
       (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' ' ||
       (${sqlArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' x' || lpad(to_hex(i), 5, '0'),
       '628' || lpad($2::text, 2, '0') || lpad(i::text, 8, '0'),
       case when i % 3 = 0 then 'pelanggan' || i || '@surel' || ($2 % 7) || '.id' end,
       'WAP', now() - interval '400 days', now() - interval '400 days'
     from generate_series(0, $3::int - 1) as i`,
    [b.clientId, b.biz, b.contacts],
  );
}

/**
 * Tickets `lo … hi` of one business, the oldest first, spread evenly over the last 365 days; those of the
 * last two days are still open (half unassigned, half assigned), the rest resolved.
 */
async function insertTickets(db: pg.ClientBase, b: Business, lo: number, hi: number, perTicket: number) {
  await db.query(
    `insert into tickets (client_id, id, display_number, contact_id, channel, channel_account_id, status,
       assignee_id, assigned_via, priority, tags, remarks, last_customer_message_at, last_message_at,
       last_message_preview, last_message_direction, last_message_status, unread_count, responded,
       resolved_at, resolved_by, created_at, updated_at)
     select $1, pg_temp.bench_id(2, $2, i), $3::bigint + i, pg_temp.bench_id(1, $2, (i * 7919) % $5::bigint),
       ch, $6, st,
       case when st = 'unassigned' then null else agent end,
       case when st = 'unassigned' then null else 'manual' end,
       case when r % 10 = 0 then 1 when r % 10 < 3 then 2 else 3 end,
       case r % 7 when 0 then '{vip}'::text[] when 1 then '{promo}' when 2 then '{komplain,refund}'
         when 3 then '{ongkir}' else '{}' end,
       case when r % 5 = 0 then (${sqlArray(REMARKS)})[1 + (r / 5) % ${REMARKS.length}] || ' pesanan #' || i end,
       created + ($8::int - 2) * interval '3 minutes', created + ($8::int - 1) * interval '3 minutes',
       'Terima kasih sudah menghubungi kami', 'out', 'read', 0, true,
       case when st = 'resolved' then created + (($8::int) * 3 + r % 2880) * interval '1 minute' end,
       case when st = 'resolved' then case when r % 10 = 0 then $9::uuid else agent end end,
       created, created
     from (
       select i, r, created,
         case when r % 20 < 14 then 'WAP' when r % 20 < 17 then 'IGM' when r % 20 < 19 then 'MSG' else 'LVC' end as ch,
         case when created < now() - interval '2 days' then 'resolved'
              when i % 2 = 0 then 'unassigned' else 'assigned' end as st,
         -- another hash than r, so agent, channel, tags and priority are independent of each other
         ($7::uuid[])[1 + ((i * 40503) % 65537) % cardinality($7::uuid[])] as agent
       from (
         select i, (i * 2654435761) % 1000003 as r,
           now() - interval '365 days' + (i::float8 / $4::float8) * interval '365 days'
             + ((i * 48271) % 1000000) * interval '1 microsecond' as created
         from generate_series($10::bigint, $11::bigint) as i
       ) s
     ) t`,
    [
      b.clientId,
      b.biz,
      b.firstDisplayNumber,
      b.tickets,
      b.contacts,
      b.accountId,
      b.agentIds,
      perTicket,
      b.agentIds[0],
      lo,
      hi,
    ],
  );
}

/** `perTicket` messages of each ticket `lo … hi`: customer and agent in turn, 3 minutes apart. */
async function insertMessages(db: pg.ClientBase, b: Business, lo: number, hi: number, perTicket: number) {
  await db.query(
    `insert into messages (client_id, id, ticket_id, channel_account_id, direction, visibility, type, text,
       status, sender_user_id, created_at, updated_at)
     select t.client_id, pg_temp.bench_id(3, $2, (t.display_number - $3) * $4 + k), t.id, t.channel_account_id,
       case when k % 2 = 0 then 'in' else 'out' end, 'public', 'text',
       case when k % 2 = 0
         then (${sqlArray(CUSTOMER_PHRASES)})[1 + ((t.display_number * 31 + k * 7) % ${CUSTOMER_PHRASES.length})]
           || ' SKU-' || ((t.display_number * 13 + k) % 50000)
         else (${sqlArray(AGENT_PHRASES)})[1 + ((t.display_number * 17 + k) % ${AGENT_PHRASES.length})] end,
       case when k % 2 = 0 then 'received' else 'read' end,
       case when k % 2 = 0 then null else coalesce(t.assignee_id, $5::uuid) end,
       t.created_at + k * interval '3 minutes', t.created_at + k * interval '3 minutes'
     from tickets t cross join generate_series(0, $4::int - 1) as k
     where t.client_id = $1 and t.id between pg_temp.bench_id(2, $2, $6) and pg_temp.bench_id(2, $2, $7)`,
    [b.clientId, b.biz, b.firstDisplayNumber, perTicket, b.agentIds[0], lo, hi],
  );
}

const LOADED_TABLES = ['contacts', 'tickets', 'messages'];

/** Drops the secondary indexes of the filled tables (not those behind constraints); answers their DDL. */
async function dropSecondaryIndexes(db: pg.ClientBase): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    [LOADED_TABLES],
  );
  await db.query('update bench_scale_info set index_defs = $1 where id = 1', [rows.map((r) => r.def)]);
  for (const r of rows) await db.query(`drop index if exists "${r.name}"`);
  return rows.map((r) => r.def);
}

async function timed<T>(log: (m: string) => void, label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Generates the data into a database Sapa has migrated and seeded (the demo business must exist); skips
 * when the same shape is already there. Answers what the benchmark needs.
 */
export async function generateScaleData(
  databaseUrl: string,
  shape: ScaleShape,
  log: (message: string) => void,
): Promise<ScaleInfo> {
  assertLoopback(new URL(databaseUrl).hostname);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const existing = await readScaleInfo(db);
    if (existing) {
      if (!sameShape(existing.shape, shape))
        throw new Error(
          `the scale database holds another shape (${JSON.stringify(existing.shape)}); rerun with --reset`,
        );
      log(`scale data already present (generated ${existing.generatedAt}); skipping generation`);
      return existing;
    }
    const started = performance.now();
    const findDemo = () =>
      db.query<{ client_id: string; account_id: string }>(
        `select m.client_id, a.id as account_id from memberships m
       join users u on u.id = m.user_id and u.email = 'owner@demo.sapa.id'
       join channel_accounts a on a.client_id = m.client_id and a.channel = 'WAP'
       order by a.created_at limit 1`,
      );
    // The server connects the demo WhatsApp number just after it answers: wait for it a little.
    let big = (await findDemo()).rows[0];
    for (let i = 0; !big && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 200));
      big = (await findDemo()).rows[0];
    }
    if (!big) throw new Error('the demo business (owner@demo.sapa.id with a WhatsApp account) is missing');
    await db.query(ID_SQL);
    // A bulk load: no per-row foreign-key triggers, no waiting for the WAL on each commit, room for sorts.
    await db.query(`set session_replication_role = replica`);
    await db.query(`set synchronous_commit = off`);
    await db.query(`set maintenance_work_mem = '512MB'`);
    await db.query(`set work_mem = '64MB'`);

    await db.query(`insert into bench_scale_info (id, state) values (1, 'loading')`);
    const { rows: agents } = await db.query<{ user_id: string }>(
      `select user_id from memberships where client_id = $1 and deleted_at is null
       order by (role = 'OWN') desc, user_id`,
      [big.client_id],
    );
    const { rows: counter } = await db.query<{ last: string }>(
      `select coalesce((select last from ticket_counters where client_id = $1), 0) as last`,
      [big.client_id],
    );
    const large: Business = {
      biz: 0,
      clientId: big.client_id,
      accountId: big.account_id,
      agentIds: agents.map((a) => a.user_id),
      tickets: shape.tickets,
      contacts: shape.contacts,
      firstDisplayNumber: Number(counter[0]?.last ?? 0) + 1,
    };
    const smalls: Business[] = [];
    for (let s = 1; s <= shape.smallBusinesses; s++) {
      const { rows } = await db.query<{ client: string; account: string }>(
        'select pg_temp.bench_id(4, $1, 0) as client, pg_temp.bench_id(5, $1, 0) as account',
        [s],
      );
      const ids = rows[0]!;
      await db.query(`insert into clients (id, name) values ($1, $2)`, [ids.client, `Toko Bench ${s}`]);
      await db.query(
        `insert into channel_accounts (client_id, id, channel, name, address, status, config, secrets)
         values ($1, $2, 'WAP', $3, $4, 'disconnected', '{}'::jsonb, 'bench')`,
        [ids.client, ids.account, `Toko Bench ${s}`, `62899${String(s).padStart(8, '0')}`],
      );
      smalls.push({
        biz: s,
        clientId: ids.client,
        accountId: ids.account,
        agentIds: large.agentIds.slice(0, 1),
        tickets: shape.smallTickets,
        contacts: shape.smallContacts,
        firstDisplayNumber: 1,
      });
    }

    const indexDefs = await dropSecondaryIndexes(db);
    log(`dropped ${indexDefs.length} secondary indexes for the load`);
    for (const b of [large, ...smalls])
      await timed(log, `contacts of business ${b.biz} (${b.contacts})`, () => insertContacts(db, b));
    const chunk = 100_000;
    for (const b of [large, ...smalls]) {
      for (let lo = 0; lo < b.tickets; lo += chunk) {
        const hi = Math.min(b.tickets, lo + chunk) - 1;
        await timed(log, `business ${b.biz}: tickets ${lo}…${hi}`, () =>
          insertTickets(db, b, lo, hi, shape.messagesPerTicket),
        );
        await timed(log, `business ${b.biz}: messages of tickets ${lo}…${hi}`, () =>
          insertMessages(db, b, lo, hi, shape.messagesPerTicket),
        );
      }
      await db.query(
        `insert into ticket_counters (client_id, last) values ($1, $2)
         on conflict (client_id) do update set last = greatest(ticket_counters.last, excluded.last)`,
        [b.clientId, b.firstDisplayNumber + b.tickets - 1],
      );
    }
    for (const def of indexDefs) await timed(log, def.replace(/ ON .*/, ''), () => db.query(def));
    await timed(log, 'analyze', () => db.query('analyze contacts; analyze tickets; analyze messages'));
    const info: ScaleInfo = {
      shape,
      clientId: large.clientId,
      channelAccountId: large.accountId,
      agentIds: large.agentIds,
      firstDisplayNumber: large.firstDisplayNumber,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    await db.query(`update bench_scale_info set state = 'done', info = $1, updated_at = now() where id = 1`, [
      info,
    ]);
    log(`scale data generated in ${info.seconds} s`);
    return info;
  } finally {
    await db.end();
  }
}

/** A fixed secret for Sapa on the kept scale database, so its sealed channel secrets open on every run. */
export const SCALE_JWT_SECRET =
  process.env.BENCH_SCALE_JWT_SECRET ?? 'sapa-bench-scale-jwt-secret-not-for-production';

/**
 * The shared start of every benchmark on the generated data (the `search` scenario; an export scenario can
 * call it the same way): the kept database, a Sapa server started on it (migrations, demo business), and the
 * data generated when missing. The server is stopped when the scenario ends; the database is kept.
 */
export async function prepareScaleData(
  ctx: BenchContext,
  shape: ScaleShape = scaleShapeFromEnv(),
  env: Record<string, string> = {},
) {
  const databaseUrl = await ensureScaleDatabase(ctx.adminDatabaseUrl);
  const sapa = await startSapaServer(ctx, { databaseUrl, env: { ...env, JWT_SECRET: SCALE_JWT_SECRET } });
  const info = await generateScaleData(databaseUrl, shape, (m) => ctx.log(`scale: ${m}`));
  return { sapa, info, databaseUrl };
}
