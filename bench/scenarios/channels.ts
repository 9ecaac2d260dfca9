import {
  startLineSimulator,
  startMetaSimulator,
  startTelegramSimulator,
} from '../../packages/simulators/src/index.js';
import type { BenchChannel } from '../lib/channel-webhooks.js';
import type { Child } from '../lib/child.js';
import {
  callApi,
  connectBenchWhatsapp,
  deliveryOf,
  drainArrivals,
  inboundLoad,
  percentile,
  startBareInsert,
  startChatSockets,
} from '../lib/inbound-phase.js';
import { LOOPBACK } from '../lib/net.js';
import type { RateConfig, RateResult } from '../lib/rate-generator.worker.js';
import { signIn, startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'channels';
export const description =
  'Inbound on five channels at once (WhatsApp, Messenger, Instagram, Telegram, LINE signed webhooks, the rate ' +
  'spread evenly) on PostgreSQL with 200 agent WebSockets: ack p99, delivery p99, exactly once; against a bare ' +
  'Fastify route doing one INSERT per request at the same rates';

const PASSWORD = 'sapademo123';
const USERS = ['owner', 'admin', 'supervisor', 'agent1', 'agent2'].map((u) => `${u}@demo.sapa.id`);
const CHANNELS: readonly BenchChannel[] = ['WAP', 'MSG', 'IGM', 'TLG', 'LNE'];
const RATE = Number(process.env.BENCH_CHANNELS_RATE ?? 200);
const SOCKETS = Number(process.env.BENCH_CHANNELS_SOCKETS ?? 200);
/** Rotating customers per channel (the generator's `seq % customers`). */
const CUSTOMERS = 50;
const BASELINE = 'bare Fastify POST + one INSERT';
const WAP_SECRET = 'bench-app-secret-123456';

/** Where one channel's webhooks go and how they are signed. */
interface Target {
  channel: BenchChannel;
  url: string;
  secret: string;
  address: string;
}

interface Phase {
  sent: number;
  statusCodes: Record<string, number>;
  errors: number;
  ack: { p50: number; p99: number };
  perChannel: Record<string, { sent: number; ackP99: number }>;
  delivery?: {
    expected: number;
    exactlyOnce: number;
    lost: number;
    duplicated: number;
    p50: number;
    p99: number;
  };
}

let nextSeq = 0;

/**
 * One phase: the five channels' generators side by side (`RATE / 5` msg/s each, disjoint sequence numbers),
 * their acknowledgements merged; with sockets, every message's arrival on the designated socket.
 */
async function phase(ctx: BenchContext, targets: Target[], seconds: number, sockets?: Child): Promise<Phase> {
  const rate = RATE / targets.length;
  const count = Math.max(1, Math.round(rate * seconds));
  const first = nextSeq;
  nextSeq += count * targets.length;
  const runs = await Promise.all(
    targets.map((t, i) =>
      inboundLoad(ctx, t.url, t.secret, t.address, {
        channel: t.channel,
        firstSeq: first + i * count,
        samples: true,
      }).send(rate, count, CUSTOMERS),
    ),
  );
  const samples = runs.flatMap((r) => r.send.ackSamples ?? []).sort((a, b) => a - b);
  const p: Phase = {
    sent: sum(runs.map((r) => r.send.sent)),
    statusCodes: mergeCodes(runs.map((r) => r.send)),
    errors: sum(runs.map((r) => r.send.errors)),
    ack: { p50: percentile(samples, 50), p99: percentile(samples, 99) },
    perChannel: Object.fromEntries(
      runs.map((r, i) => [targets[i]!.channel, { sent: r.send.sent, ackP99: r.send.ackMs.p99 }]),
    ),
  };
  if (sockets) {
    const all = {
      ...runs[0]!.config,
      seqStart: first,
      count: count * targets.length,
      rate: RATE,
    } as RateConfig;
    const arrivals = await drainArrivals(sockets, all);
    const d = deliveryOf(arrivals, all);
    let duplicated = 0;
    for (let s = all.seqStart; s < all.seqStart + all.count; s++)
      if ((arrivals.arrivals[String(s)]?.length ?? 0) > 1) duplicated++;
    p.delivery = {
      expected: all.count,
      exactlyOnce: d.measured - duplicated,
      lost: d.lost,
      duplicated,
      p50: d.p50,
      p99: d.p99,
    };
  }
  return p;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function mergeCodes(results: RateResult[]): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const r of results) for (const [c, n] of Object.entries(r.statusCodes)) codes[c] = (codes[c] ?? 0) + n;
  return codes;
}

const allOk = (p: Phase) => p.errors === 0 && (p.statusCodes['200'] ?? 0) === p.sent;

function describe(label: string, p: Phase): string {
  const d = p.delivery;
  return (
    `${label} @ ${RATE} msg/s over ${CHANNELS.length} channels: sent ${p.sent}, ack p50 ${p.ack.p50} ms p99 ` +
    `${p.ack.p99} ms (status ${JSON.stringify(p.statusCodes)}, ${p.errors} errors; per channel ` +
    `${JSON.stringify(p.perChannel)})` +
    (d
      ? `; delivery p50 ${d.p50} ms p99 ${d.p99} ms, exactly once ${d.exactlyOnce}/${d.expected}, lost ${d.lost}, ` +
        `duplicated ${d.duplicated}`
      : '')
  );
}

/** The bare baseline: the same five bodies, unsigned, each INSERTed as it comes. */
async function baseline(ctx: BenchContext, seconds: number): Promise<Phase> {
  const bare = await startBareInsert(ctx);
  const targets = CHANNELS.map((channel) => ({ channel, url: bare.insertUrl, secret: '', address: '1' }));
  if (ctx.load.warmupSeconds > 0) await phase(ctx, targets, ctx.load.warmupSeconds);
  const p = await phase(ctx, targets, seconds);
  ctx.log(describe(BASELINE, p));
  await bare.child.stop();
  if (!allOk(p)) throw new Error('baseline: not every request succeeded');
  return p;
}

/**
 * The business's account on each channel, connected through Sapa's own dialogs' endpoints: WhatsApp with a
 * known app secret (no provider call), Messenger, Instagram, Telegram and LINE against their simulators (the
 * connect checks the token there; Telegram's webhook secret is read back from its simulator). The demo's
 * accounts on these channels are disconnected first (one per social platform).
 */
async function connectAccounts(ctx: BenchContext, baseUrl: string, owner: string): Promise<Target[]> {
  const listed = await callApi<{ items: { id: string; channel: string }[] }>(
    baseUrl,
    owner,
    'GET',
    '/api/channel-accounts',
  );
  for (const a of listed.items.filter((x) => (CHANNELS as readonly string[]).includes(x.channel)))
    await callApi(baseUrl, owner, 'DELETE', `/api/channel-accounts/${a.id}`);
  const hook = (path: string, id: string) => `${baseUrl}/webhooks/${path}/${id}`;
  const wap = await connectBenchWhatsapp(baseUrl, owner, WAP_SECRET);
  const n = String(Date.now()).slice(-9);

  const meta = await startMetaSimulator({ host: LOOPBACK });
  ctx.defer(() => meta.close());
  const metaTarget = async (platform: 'messenger' | 'instagram', channel: 'MSG' | 'IGM') => {
    const keys = meta.registerAccount({ platform, name: `Bench ${platform}` });
    // The customers exist at Meta (their profiles are read once); no webhook is set, so nothing is posted.
    for (let c = 0; c < CUSTOMERS; c++)
      await meta.customerSends({
        accountId: keys.id,
        from: { id: String(7_000_000_000_000 + c), name: `Pelanggan ${c}` },
        messages: [{ text: 'halo' }],
      });
    const account = await callApi<{ id: string }>(
      baseUrl,
      owner,
      'POST',
      `/api/channel-accounts/${platform}`,
      {
        metaAccountId: keys.id,
        accessToken: keys.accessToken,
        appSecret: keys.appSecret,
        graphBaseUrl: meta.graphBaseUrl,
      },
    );
    return { channel, url: hook(platform, account.id), secret: keys.appSecret, address: keys.id };
  };

  const telegram = await startTelegramSimulator({ host: LOOPBACK });
  ctx.defer(() => telegram.close());
  const botToken = `7${n}:AAbench${'x'.repeat(30)}`;
  telegram.registerBot({ token: botToken, username: 'sapabenchbot', firstName: 'Bench' });
  const tlg = await callApi<{ id: string }>(baseUrl, owner, 'POST', '/api/channel-accounts/telegram', {
    botToken,
    apiBaseUrl: telegram.apiBaseUrl,
  });
  const tlgSecret = telegram.webhookOf(botToken)?.secretToken;
  if (!tlgSecret) throw new Error('telegram: no webhook secret was set');

  const line = await startLineSimulator({ host: LOOPBACK });
  ctx.defer(() => line.close());
  const oa = line.registerChannel({ basicId: '@sapabench', displayName: 'Bench LINE' });
  const lne = await callApi<{ id: string }>(baseUrl, owner, 'POST', '/api/channel-accounts/line', {
    channelSecret: oa.channelSecret,
    accessToken: oa.accessToken,
    apiBaseUrl: line.apiBaseUrl,
    dataBaseUrl: line.dataBaseUrl,
  });

  return [
    { channel: 'WAP', url: hook('whatsapp-cloud', wap.id), secret: WAP_SECRET, address: wap.phoneNumberId },
    await metaTarget('messenger', 'MSG'),
    await metaTarget('instagram', 'IGM'),
    { channel: 'TLG', url: hook('telegram', tlg.id), secret: tlgSecret, address: '' },
    { channel: 'LNE', url: hook('line', lne.id), secret: oa.channelSecret, address: oa.botUserId },
  ];
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const seconds = ctx.load.durationSeconds === 10 ? 20 : ctx.load.durationSeconds;
  // Baseline first, alone on the machine, stopped before Sapa starts.
  const bare = await baseline(ctx, seconds);

  const sapa = await startSapaServer(ctx);
  const tokens: string[] = [];
  for (const email of USERS) tokens.push(await signIn(sapa.baseUrl, email, PASSWORD));
  const targets = await connectAccounts(ctx, sapa.baseUrl, tokens[0]!);
  const sockets = await startChatSockets(ctx, sapa.baseUrl, tokens, SOCKETS);
  ctx.log(`${SOCKETS} chat sockets open; accounts: ${targets.map((t) => t.channel).join(', ')}`);
  if (ctx.load.warmupSeconds > 0)
    ctx.log(describe('sapa warm-up', await phase(ctx, targets, ctx.load.warmupSeconds, sockets)));
  const main = await phase(ctx, targets, seconds, sockets);
  ctx.log(describe('sapa webhooks', main));
  await sockets.stop();
  await sapa.stop();
  ctx.record('channels', { rate: RATE, seconds, sockets: SOCKETS, channels: CHANNELS, bare, sapa: main });

  const d = main.delivery;
  if (!d) throw new Error('no delivery figures');
  const base = (value: number) => ({ name: BASELINE, value });
  return [
    compare({
      metric: `webhook ack p50 @ ${RATE} msg/s, 5 channels`,
      value: main.ack.p50,
      unit: 'ms',
      baseline: base(bare.ack.p50),
    }),
    compare({
      metric: `webhook ack p99 @ ${RATE} msg/s, 5 channels`,
      value: main.ack.p99,
      unit: 'ms',
      baseline: base(bare.ack.p99),
    }),
    compare({
      metric: 'webhook ack p99 vs target',
      value: main.ack.p99,
      unit: 'ms',
      baseline: { name: 'target 50 ms', value: 50 },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `delivery p99 (designated socket of ${SOCKETS}) @ ${RATE} msg/s`,
      value: d.p99,
      unit: 'ms',
      baseline: { name: 'target 250 ms', value: 250 },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: 'delivered exactly once (none lost, none twice)',
      value: d.exactlyOnce,
      unit: 'msgs',
      baseline: { name: 'messages sent', value: d.expected },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: 'webhooks acknowledged 200',
      value: main.statusCodes['200'] ?? 0,
      unit: 'msgs',
      baseline: { name: 'webhooks sent', value: main.sent },
      target: { op: '>=', value: 1 },
    }),
  ];
}
