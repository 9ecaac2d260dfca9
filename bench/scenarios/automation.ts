import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  callApi as api,
  deliveryOf as delivery,
  drainArrivals as drain,
  inboundLoad,
  percentile,
  startChatSockets,
  until,
} from '../lib/inbound-phase.js';
import { freePort, LOOPBACK } from '../lib/net.js';
import { signIn, startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'automation';
export const description =
  'Auto close of 10,000 open chats due in the same minute (001 §3 automatic chat, real WhatsApp webhooks, ' +
  'close message to a Graph API sink): lateness of every close, the close message sent once each, and ' +
  'WhatsApp inbound delivery p99 while the closes run against the same inbound load before them';

const PASSWORD = 'sapademo123';
const USERS = ['owner', 'admin', 'supervisor'].map((u) => `${u}@demo.sapa.id`);
const APP_SECRET = 'bench-app-secret-123456';
const CHATS = Number(process.env.BENCH_AUTOMATION_CHATS ?? 10_000);
const SOCKETS = Number(process.env.BENCH_AUTOMATION_SOCKETS ?? 50);
const RATE = Number(process.env.BENCH_AUTOMATION_RATE ?? 100);
/** Customers write their last message at this rate: 10,000 in 20 s, every close due within one minute. */
const TRIGGER_RATE = Number(process.env.BENCH_AUTOMATION_TRIGGER_RATE ?? 500);
const DELAY_MINUTES = Number(process.env.BENCH_AUTOMATION_DELAY_MINUTES ?? 2);
/** Load-phase customers write as other people than the 10,000 (their chats are not among the closed). */
const LOAD_CUSTOMERS = 50;
const LOAD_CUSTOMER_OFFSET = 1_000_000;
const CLOSE_TARGET_MS = 60_000;
const CLOSE_MESSAGE = 'Chat ditutup otomatis karena tidak ada balasan. Terima kasih!';

/** The Graph API as far as a WhatsApp send goes: answers each send with a wamid and counts them per recipient. */
async function startGraphSink(ctx: BenchContext) {
  const sends = new Map<string, number>();
  let total = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let to = '';
      try {
        to = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: unknown }).to ?? '');
      } catch {
        // not a send
      }
      if (req.method === 'POST' && req.url?.endsWith('/messages') && to) {
        total++;
        sends.set(to, (sends.get(to) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: to, wa_id: to }],
            messages: [{ id: `wamid.bench${total}` }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, LOOPBACK, r));
  ctx.defer(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://${LOOPBACK}:${port}/v25.0`, sends, total: () => total };
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const seconds = Math.max(5, Math.min(ctx.load.durationSeconds, 10));
  const sink = await startGraphSink(ctx);
  const sapa = await startSapaServer(ctx);
  const tokens: string[] = [];
  for (const email of USERS) tokens.push(await signIn(sapa.baseUrl, email, PASSWORD));
  const owner = tokens[0]!;
  const accounts = await api<{ items: { id: string; channel: string }[] }>(
    sapa.baseUrl,
    owner,
    'GET',
    '/api/channel-accounts',
  );
  for (const acc of accounts.items.filter((a) => a.channel === 'WAP'))
    await api(sapa.baseUrl, owner, 'DELETE', `/api/channel-accounts/${acc.id}`);
  const n = String(Date.now()).slice(-9);
  const account = await api<{ id: string }>(
    sapa.baseUrl,
    owner,
    'POST',
    '/api/channel-accounts/whatsapp-cloud',
    {
      name: 'Bench WA',
      displayPhoneNumber: `6281${n}`,
      phoneNumberId: `10${n}`,
      wabaId: `20${n}`,
      accessToken: 'bench-access-token-abcdefghij',
      appSecret: APP_SECRET,
      verifyToken: 'bench-verify-token-123456',
      graphBaseUrl: sink.url,
    },
  );
  const url = `${sapa.baseUrl}/webhooks/whatsapp-cloud/${account.id}`;
  const chats = inboundLoad(ctx, url, APP_SECRET, `10${n}`);
  const load = inboundLoad(ctx, url, APP_SECRET, `10${n}`, {
    firstSeq: 10_000_000,
    customerOffset: LOAD_CUSTOMER_OFFSET,
  });
  // Chats stay unassigned (as in `bulk`): assignment is not what is measured.
  const csConfig = await api<Record<string, unknown>>(sapa.baseUrl, owner, 'GET', '/api/cs/configuration');
  await api(sapa.baseUrl, owner, 'PUT', '/api/cs/configuration', { ...csConfig, isAutoAssignFeature: false });

  const db = new pg.Client({ connectionString: sapa.databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());
  const openChats = async () =>
    Number(
      (
        await db.query(
          `select count(*)::int as n from tickets where channel_account_id = $1 and status in ('unassigned','assigned')`,
          [account.id],
        )
      ).rows[0].n,
    );

  // 1. The chats: CHATS customers write once, with automatic chat off (nothing scheduled yet).
  const t0 = performance.now();
  let open = 0;
  for (let attempt = 1; attempt <= 6 && open < CHATS; attempt++) {
    const seeded = await chats.send(TRIGGER_RATE, CHATS, CHATS);
    ctx.log(
      `seeding ${attempt}: ${seeded.send.sent} webhooks, statuses ${JSON.stringify(seeded.send.statusCodes)}`,
    );
    open = await until(
      async () => {
        const before = await openChats();
        if (before >= CHATS) return before;
        await new Promise((r) => setTimeout(r, 5_000));
        const after = await openChats();
        return after === before ? after : false;
      },
      600_000,
      `${CHATS} open chats`,
    );
  }
  if (open < CHATS) throw new Error(`only ${open} open chats after seeding`);
  const chatIds = (
    await db.query(`select id from tickets where channel_account_id = $1`, [account.id])
  ).rows.map((r: { id: string }) => r.id);
  ctx.log(`${open} open chats in ${Math.round(performance.now() - t0)} ms`);

  // 2. Automatic chat on: auto close after DELAY_MINUTES of customer silence (no greeting, survey or follow-up).
  const state = await api<{ settings: Record<string, unknown> & { days: Record<string, unknown>[] } }>(
    sapa.baseUrl,
    owner,
    'GET',
    '/api/settings/store/auto-chat',
  );
  await api(sapa.baseUrl, owner, 'PUT', '/api/settings/store/auto-chat', {
    ...state.settings,
    enabled: true,
    days: state.settings.days.map((d) => ({ ...d, inHoursMessage: '', outOfHoursMessage: '' })),
    followUp: { enabled: false, message: '', delayMinutes: 5 },
    survey: { enabled: false, template: '', thanks: '' },
    autoClose: { enabled: true, message: CLOSE_MESSAGE, description: 'bench', delayMinutes: DELAY_MINUTES },
  });

  // 3. Inbound alone, measured first (other customers, automatic chat on).
  const sockets = await startChatSockets(ctx, sapa.baseUrl, tokens, SOCKETS);
  const warm = await load.send(RATE, RATE * 2, LOAD_CUSTOMERS);
  await drain(sockets, warm.config);
  const idlePhase = await load.send(RATE, RATE * seconds, LOAD_CUSTOMERS);
  const idle = delivery(await drain(sockets, idlePhase.config), idlePhase.config);
  ctx.log(`inbound alone @ ${RATE} msg/s: delivery p50 ${idle.p50} ms p99 ${idle.p99} ms, lost ${idle.lost}`);

  // 4. Every chat's customer writes again, within TRIGGER_RATE's span: each chat's auto close is due DELAY after it.
  // WhatsApp's timestamps are whole seconds: the chat's last message is at or after this one.
  const triggerFrom = new Date(Math.floor(Date.now() / 1000) * 1000);
  const triggered = await chats.send(TRIGGER_RATE, CHATS, CHATS);
  ctx.log(
    `last messages: ${triggered.send.sent} webhooks in ${Math.round(CHATS / triggered.send.sendRate)} s`,
  );
  const due = async () =>
    (
      await db.query(
        `select min(last_customer_message_at) as first, max(last_customer_message_at) as last, count(*)::int as n
           from tickets where id = any($1::uuid[]) and last_customer_message_at >= $2`,
        [chatIds, triggerFrom],
      )
    ).rows[0] as { first: Date | null; last: Date | null; n: number };
  // Every customer's last message is in (a chat counts once its newest message is stored).
  const window = await until(
    async () => {
      const d = await due();
      if (d.n >= CHATS) return d;
      return false;
    },
    300_000,
    'the last messages',
    500,
  );
  const firstDue = window.first!.getTime() + DELAY_MINUTES * 60_000;
  const lastDue = window.last!.getTime() + DELAY_MINUTES * 60_000;
  ctx.log(`closes due from ${new Date(firstDue).toISOString()} to ${new Date(lastDue).toISOString()}`);

  // 5. The same inbound load from just before the first close is due until every chat is closed.
  const lead = firstDue - Date.now() - 2_000;
  if (lead > 0) await new Promise((r) => setTimeout(r, lead));
  const started = performance.now();
  const busySeconds = Math.ceil((lastDue - Date.now()) / 1000) + 60;
  const busyLoad = load.send(RATE, RATE * busySeconds, LOAD_CUSTOMERS);
  const closedCount = async () =>
    Number(
      (
        await db.query(
          `select count(*)::int as n from tickets where id = any($1::uuid[]) and status = 'resolved'`,
          [chatIds],
        )
      ).rows[0].n,
    );
  // A run that misses the target still reports its figures (the chats left open count as missed).
  const closed = await until(
    async () => {
      const n = await closedCount();
      return n >= CHATS ? n : false;
    },
    (busySeconds + 240) * 1000,
    'every chat closed',
    500,
  ).catch(async () => closedCount());
  const closeMs = performance.now() - started;
  const busyPhase = await busyLoad;
  const arrivals = await drain(sockets, busyPhase.config);
  const busy = delivery(arrivals, busyPhase.config, Math.min(closeMs, busySeconds * 1000));
  await sockets.stop();

  // 6. Lateness of each close after its due time, and the close message per chat.
  const rows = (
    await db.query(
      `select extract(epoch from (t.resolved_at - t.last_customer_message_at)) * 1000 - $2 * 60000 as late_ms,
              (select count(*)::int from messages m
                 where m.client_id = t.client_id and m.ticket_id = t.id and m.payload->>'automatic' = 'autoClose') as closes,
              c.phone
         from tickets t join contacts c on c.client_id = t.client_id and c.id = t.contact_id
        where t.id = any($1::uuid[])`,
      [chatIds, DELAY_MINUTES],
    )
  ).rows as { late_ms: string | null; closes: number; phone: string | null }[];
  // A chat still open counts as late by now.
  const late = rows
    .map((r) => (r.late_ms === null ? Date.now() - lastDue : Number(r.late_ms)))
    .sort((a, b) => a - b);
  const closeMessages = rows.reduce((s, r) => s + r.closes, 0);
  const onceInDb = rows.filter((r) => r.closes === 1).length;
  // The close messages reach the Graph API at the number's send rate; wait for them all.
  const sent = await until(
    async () => {
      const count = rows.filter(
        (r) => r.phone && sink.sends.get(r.phone.replace(/^\+/, '')) !== undefined,
      ).length;
      return count >= CHATS ? count : false;
    },
    closed >= CHATS ? 600_000 : 30_000,
    'every close message at the Graph API',
    1_000,
  ).catch(() => rows.filter((r) => r.phone && sink.sends.has(r.phone.replace(/^\+/, ''))).length);
  const sentOnce = rows.filter((r) => r.phone && sink.sends.get(r.phone.replace(/^\+/, '')) === 1).length;
  const sentTwice = rows.filter(
    (r) => r.phone && (sink.sends.get(r.phone.replace(/^\+/, '')) ?? 0) > 1,
  ).length;
  const lateP99 = percentile(late, 99);
  const lateMax = late.at(-1) ?? Number.NaN;
  ctx.log(
    `auto close: ${closed} chats closed ${Math.round(closeMs / 1000)} s after the first was due; lateness p50 ` +
      `${percentile(late, 50)} ms p99 ${lateP99} ms max ${Math.round(lateMax)} ms; close messages ${closeMessages} ` +
      `(${onceInDb} chats with exactly one), at the Graph API ${sent} chats (${sentOnce} once, ${sentTwice} more than once)`,
  );
  ctx.log(
    `inbound during the closes @ ${RATE} msg/s: delivery p50 ${busy.p50} ms p99 ${busy.p99} ms, lost ${busy.lost}; ` +
      `idle p99 ${idle.p99} ms; ratio ${(busy.p99 / idle.p99).toFixed(2)}`,
  );
  await sapa.stop();
  ctx.record('automation', {
    chats: CHATS,
    delayMinutes: DELAY_MINUTES,
    dueSpanMs: lastDue - firstDue,
    closeMs,
    lateness: { p50: percentile(late, 50), p99: lateP99, max: lateMax },
    closeMessages,
    onceInDb,
    graph: { chats: sent, once: sentOnce, moreThanOnce: sentTwice, total: sink.total() },
    rate: RATE,
    idle,
    busy,
    ack: { idle: idlePhase.send.ackMs, busy: busyPhase.send.ackMs },
  });
  return [
    compare({
      metric: `latest auto close of ${CHATS} chats after its due time`,
      value: Math.round(lateMax),
      unit: 'ms',
      baseline: { name: 'target 60 s', value: CLOSE_TARGET_MS },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `chats auto closed (of ${CHATS})`,
      value: closed,
      unit: 'chats',
      baseline: { name: 'every chat', value: CHATS },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: `chats whose close message was sent exactly once (of ${CHATS})`,
      value: Math.min(onceInDb, sentOnce),
      unit: 'chats',
      baseline: { name: 'every chat', value: CHATS },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: `inbound delivery p99 during the auto closes @ ${RATE} msg/s`,
      value: busy.p99,
      unit: 'ms',
      baseline: { name: 'inbound alone (same run)', value: idle.p99 },
      target: { op: '<=', value: 2 },
    }),
  ];
}
