import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { spawnTs } from '../lib/child.js';
import { type CpuUse, cpuSnapshot, cpuUse } from '../lib/cpu.js';
import { freePort, LOOPBACK } from '../lib/net.js';
import { startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'email';
export const description =
  'Email inbound over SMTP: 1,000 messages of 100 KB (one in five with a 1 MB attachment) to Sapa’s SMTP ' +
  'listener until every one is in the inbox; against a bare smtp-server writing the same messages to disk';

const MESSAGES = Number(process.env.BENCH_EMAIL_MESSAGES ?? 1000);
/** SMTP connections the sender keeps open (the same for Sapa and the baseline). */
const CONNECTIONS = Number(process.env.BENCH_EMAIL_CONNECTIONS ?? 4);
const CUSTOMERS = 50;
const BODY_BYTES = 100 * 1024;
const FILE_BYTES = 1024 * 1024;
const BASELINE = 'bare smtp-server writing each message to disk';
const TIMEOUT_MS = 15 * 60_000;

/** A line of readable text (the body of a real email is text, quoted-printable or 7bit). */
const LINE =
  'Halo kak, saya mau tanya stok dan ongkir ke Bandung untuk pesanan minggu ini ya. Terima kasih.\r\n';

/** The raw messages (same bytes for both servers): 100 KB of text, every fifth with a 1 MB file. */
function rawMessages(to: string, run: string): { raw: Buffer; from: string; messageId: string }[] {
  const body = LINE.repeat(Math.ceil(BODY_BYTES / LINE.length)).slice(0, BODY_BYTES);
  const file = randomBytes(FILE_BYTES).toString('base64').replace(/.{76}/g, '$&\r\n');
  return Array.from({ length: MESSAGES }, (_, i) => {
    const from = `pelanggan${i % CUSTOMERS}@pelanggan.test`;
    const messageId = `<bench-${run}-${i}@pelanggan.test>`;
    const headers = [
      `From: Pelanggan ${i % CUSTOMERS} <${from}>`,
      `To: ${to}`,
      `Subject: Pesanan ${i}`,
      `Message-ID: ${messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
    ];
    const text = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 7bit', '', body];
    const parts =
      i % 5 === 0
        ? [
            'Content-Type: multipart/mixed; boundary="b"',
            '',
            '--b',
            ...text,
            '--b',
            'Content-Type: application/octet-stream; name="lampiran.bin"',
            'Content-Disposition: attachment; filename="lampiran.bin"',
            'Content-Transfer-Encoding: base64',
            '',
            file,
            '--b--',
            '',
          ]
        : text;
    return { raw: Buffer.from([...headers, ...parts].join('\r\n')), from, messageId };
  });
}

/** Sends every message over `CONNECTIONS` pooled SMTP connections; resolves when each was answered 250. */
async function sendAll(port: number, to: string, messages: ReturnType<typeof rawMessages>) {
  const transport = nodemailer.createTransport({
    host: LOOPBACK,
    port,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
    ignoreTLS: true,
  });
  let refused = 0;
  await Promise.all(
    messages.map((m) =>
      transport.sendMail({ envelope: { from: m.from, to: [to] }, raw: m.raw }).catch(() => {
        refused++;
      }),
    ),
  );
  transport.close();
  return { refused };
}

interface Run {
  seconds: number;
  perSecond: number;
  acceptedSeconds: number;
  refused: number;
  cpu: CpuUse;
}

async function measureBaseline(ctx: BenchContext, messages: ReturnType<typeof rawMessages>): Promise<Run> {
  const outDir = mkdtempSync(join(tmpdir(), 'sapa-bench-smtp-'));
  ctx.defer(() => rmSync(outDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawnTs(join(ctx.repoRoot, 'bench/lib/bare-smtp.server.ts'), [], {
    cwd: ctx.repoRoot,
    env: { ...process.env, PORT: String(port), HOST: LOOPBACK, OUT_DIR: outDir },
  });
  ctx.defer(() => child.stop());
  while (!child.output().includes('bare smtp ready')) await delay(50);
  const pids = { [child.pid]: 'bareSmtp', [process.pid]: 'sender' };
  const before = cpuSnapshot(Object.keys(pids).map(Number));
  const started = performance.now();
  const { refused } = await sendAll(port, 'halo@bench.test', messages);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuUse(before, cpuSnapshot(Object.keys(pids).map(Number)), pids);
  const written = readdirSync(outDir).length;
  if (written !== MESSAGES) throw new Error(`bare smtp-server wrote ${written} of ${MESSAGES} messages`);
  await child.stop();
  return { seconds, perSecond: MESSAGES / seconds, acceptedSeconds: seconds, refused, cpu };
}

/** How many of this run's messages are in the inbox (stored as messages), and how many distinct. */
async function inInbox(db: pg.Client, run: string): Promise<{ rows: number; distinct: number }> {
  const result = await db.query<{ rows: string; distinct: string }>(
    `select count(*) as rows, count(distinct provider_message_id) as distinct
       from messages where provider_message_id like $1`,
    [`<bench-${run}-%`],
  );
  return { rows: Number(result.rows[0]?.rows ?? 0), distinct: Number(result.rows[0]?.distinct ?? 0) };
}

async function measureSapa(ctx: BenchContext, run: string): Promise<Run & { duplicates: number }> {
  const smtpPort = await freePort();
  const server = await startSapaServer(ctx, {
    env: {
      SMTP_PORT: String(smtpPort),
      SMTP_HOST: LOOPBACK,
      MAIL_SIM_PORT: String(await freePort()),
      MAIL_SIM_SMTP_PORT: String(await freePort()),
    },
  });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());
  // The demo's email address is made once the server has started its SMTP listener and webmail simulator.
  let to: string | undefined;
  for (const deadline = Date.now() + 60_000; !to && Date.now() < deadline; await delay(200)) {
    const account = await db.query<{ address: string }>(
      `select address from channel_accounts where channel = 'EML' and status = 'connected' limit 1`,
    );
    to = account.rows[0]?.address;
  }
  if (!to) throw new Error(`the demo business has no email address:\n${server.child.output()}`);
  const messages = rawMessages(to, run);
  const pids = { [server.pid]: 'sapa', [process.pid]: 'sender' };
  const before = cpuSnapshot(Object.keys(pids).map(Number));
  const started = performance.now();
  const { refused } = await sendAll(smtpPort, to, messages);
  const acceptedSeconds = (performance.now() - started) / 1000;
  ctx.log(`sapa accepted ${MESSAGES - refused} messages over SMTP in ${acceptedSeconds.toFixed(1)} s`);
  let count = await inInbox(db, run);
  while (count.distinct < MESSAGES - refused && performance.now() - started < TIMEOUT_MS) {
    await delay(100);
    count = await inInbox(db, run);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuUse(before, cpuSnapshot(Object.keys(pids).map(Number)), pids);
  if (count.distinct < MESSAGES)
    throw new Error(`only ${count.distinct} of ${MESSAGES} messages reached the inbox (${refused} refused)`);
  return {
    seconds,
    perSecond: count.distinct / seconds,
    acceptedSeconds,
    refused,
    cpu,
    duplicates: count.rows - count.distinct,
  };
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const runId = randomBytes(4).toString('hex');
  ctx.log(`building ${MESSAGES} messages (100 KB, every fifth with a 1 MB file)…`);
  const baselineMessages = rawMessages('halo@bench.test', runId);
  const bytes = baselineMessages.reduce((total, m) => total + m.raw.length, 0);
  ctx.log(`${(bytes / 1024 / 1024).toFixed(0)} MB over SMTP per run, ${CONNECTIONS} connections`);
  const bare = await measureBaseline(ctx, baselineMessages);
  ctx.log(
    `baseline: ${MESSAGES} messages on disk in ${bare.seconds.toFixed(1)} s (${bare.perSecond.toFixed(1)}/s)`,
  );
  const sapa = await measureSapa(ctx, runId);
  ctx.log(
    `sapa: ${MESSAGES} messages in the inbox in ${sapa.seconds.toFixed(1)} s (${sapa.perSecond.toFixed(1)}/s), ` +
      `${sapa.duplicates} duplicates, ${sapa.refused} refused`,
  );
  ctx.record('bare', bare);
  ctx.record('sapa', sapa);
  ctx.record('messageBytes', bytes);
  return [
    compare({
      metric: 'email: messages in the inbox per second',
      value: Math.round(sapa.perSecond * 10) / 10,
      unit: 'msg/s',
      baseline: { name: BASELINE, value: Math.round(bare.perSecond * 10) / 10 },
      target: { op: '>=', value: 0.5 },
    }),
    compare({
      metric: 'email: in the inbox exactly once',
      value: MESSAGES - sapa.refused - sapa.duplicates,
      unit: 'messages',
      baseline: { name: 'messages sent', value: MESSAGES },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: 'email: accepted over SMTP per second',
      value: Math.round((MESSAGES / sapa.acceptedSeconds) * 10) / 10,
      unit: 'msg/s',
      baseline: { name: BASELINE, value: Math.round(bare.perSecond * 10) / 10 },
    }),
  ];
}
