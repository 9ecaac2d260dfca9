import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DrainResult, SocketsConfig } from '../lib/chat-sockets.worker.js';
import { type Child, nextMessage, spawnTs } from '../lib/child.js';
import { type CpuUse, cpuSnapshot, cpuUse } from '../lib/cpu.js';
import { connectBenchWhatsapp, startBareInsert } from '../lib/inbound-phase.js';
import { nowMonotonicUs, type ProfileWindow, recordProfile } from '../lib/profile.js';
import type { RateConfig, RateResult } from '../lib/rate-generator.worker.js';
import { signIn, startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'inbound';
export const description =
  'WhatsApp Cloud inbound on PostgreSQL: signed webhooks at a fixed rate, ack latency, delivery to 200 agent ' +
  'WebSockets, loss, sustained rate; against a bare Fastify route doing one INSERT per request';

const PASSWORD = 'sapademo123';
/** The designated socket (index 0) is the owner's; the other sockets reuse these tokens round-robin. */
const USERS = ['owner', 'admin', 'supervisor', 'agent1', 'agent2'].map((u) => `${u}@demo.sapa.id`);
const APP_SECRET = 'bench-app-secret-123456';
const SOCKETS = Number(process.env.BENCH_INBOUND_SOCKETS ?? 200);
const RATE = Number(process.env.BENCH_INBOUND_RATE ?? 200);
const PROBE_RATES = (process.env.BENCH_INBOUND_PROBE ?? '300,500,700').split(',').map(Number);
const PROBE_SECONDS = Number(process.env.BENCH_INBOUND_PROBE_SECONDS ?? 4);
const CUSTOMERS = 50;
const ACK_P99_LIMIT_MS = 50;
const BASELINE = 'bare Fastify POST + one INSERT';

interface Phase {
  rate: number;
  send: RateResult;
  cpu: CpuUse;
  delivery?: {
    expected: number;
    exactlyOnce: number;
    lost: number;
    duplicated: number;
    p50: number;
    p99: number;
    max: number;
    allSocketsFrames: number;
    socketsClosed: number;
    /** Messages published per second over the phase and its drain (frames on all sockets / sockets / time). */
    deliveredPerSecond: number;
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

let seq = 0;

async function sendPhase(
  ctx: BenchContext,
  url: string,
  appSecret: string,
  phoneNumberId: string,
  rate: number,
  seconds: number,
  pids: Record<number, string>,
): Promise<{ config: RateConfig; send: RateResult; cpu: CpuUse }> {
  const config: RateConfig = {
    url,
    appSecret,
    phoneNumberId,
    rate,
    count: Math.max(1, Math.round(rate * seconds)),
    seqStart: seq,
    customers: CUSTOMERS,
    timeoutMs: 10_000,
  };
  seq += config.count;
  const child = spawnTs(join(ctx.repoRoot, 'bench/lib/rate-generator.worker.ts'), [JSON.stringify(config)], {
    cwd: ctx.repoRoot,
    env: process.env,
    ipc: true,
  });
  ctx.defer(() => child.stop());
  const allPids = { ...pids, [child.pid]: 'loadGenerator' };
  const before = cpuSnapshot(Object.keys(allPids).map(Number));
  const send = await nextMessage<RateResult>(child, seconds * 1000 + 60_000);
  const after = cpuSnapshot(Object.keys(allPids).map(Number));
  await child.exited;
  return { config, send, cpu: cpuUse(before, after, allPids) };
}

async function drain(
  sockets: Child,
  config: RateConfig,
  startedAt: number,
): Promise<NonNullable<Phase['delivery']>> {
  sockets.process.send?.({
    type: 'drain',
    seqStart: config.seqStart,
    count: config.count,
    timeoutMs: 15_000,
    graceMs: 500,
  });
  const result = await nextMessage<DrainResult>(sockets, 30_000);
  const latencies: number[] = [];
  let exactlyOnce = 0;
  let lost = 0;
  let duplicated = 0;
  for (let s = config.seqStart; s < config.seqStart + config.count; s++) {
    const list = result.arrivals[String(s)];
    if (!list) lost++;
    else {
      if (list.length === 1) exactlyOnce++;
      else duplicated++;
      latencies.push(...list.slice(0, 1));
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    expected: config.count,
    exactlyOnce,
    lost,
    duplicated,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    allSocketsFrames: result.allSockets,
    socketsClosed: result.closed,
    deliveredPerSecond:
      Math.round((result.allSockets / SOCKETS / ((performance.now() - startedAt) / 1000)) * 10) / 10,
  };
}

const allOk = (r: RateResult) =>
  r.errors === 0 &&
  Object.keys(r.statusCodes).every((c) => c === '200') &&
  (r.statusCodes['200'] ?? 0) === r.sent;

function describe(label: string, p: Phase): string {
  const d = p.delivery;
  return (
    `${label} @ ${p.rate} msg/s: sent ${p.send.sent} at ${Math.round(p.send.sendRate)}/s, ack p50 ${p.send.ackMs.p50} ms ` +
    `p99 ${p.send.ackMs.p99} ms (status ${JSON.stringify(p.send.statusCodes)}, ${p.send.errors} errors)` +
    (d
      ? `; delivery p50 ${d.p50} ms p99 ${d.p99} ms, exactly once ${d.exactlyOnce}/${d.expected}, lost ${d.lost}, ` +
        `duplicated ${d.duplicated}, message.created frames on all sockets ${d.allSocketsFrames} ` +
        `(≈ ${d.deliveredPerSecond} messages published/s over the phase and its drain)`
      : '') +
    `; CPU % of one core: ${JSON.stringify(p.cpu.processes)}, postgres ${p.cpu.postgres}, other ${p.cpu.other}, machine ${p.cpu.machine}`
  );
}

/** A rate passes when every webhook was acknowledged 200, ack p99 < 50 ms and (Sapa) every message arrived once. */
const passes = (p: Phase) =>
  allOk(p.send) &&
  p.send.ackMs.p99 < ACK_P99_LIMIT_MS &&
  (!p.delivery || (p.delivery.lost === 0 && p.delivery.duplicated === 0));

async function probe(run: (rate: number) => Promise<Phase>): Promise<{ phases: Phase[]; sustained: number }> {
  const phases: Phase[] = [];
  let sustained = 0;
  for (const rate of PROBE_RATES) {
    const p = await run(rate);
    phases.push(p);
    if (!passes(p)) break;
    sustained = rate;
  }
  return { phases, sustained };
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  const seconds = ctx.load.durationSeconds === 10 ? 20 : ctx.load.durationSeconds;
  const warmup = ctx.load.warmupSeconds;

  // Baseline first, alone on the machine, stopped before Sapa starts.
  const { child: bare, insertUrl: bareUrl } = await startBareInsert(ctx);
  const barePids = { [bare.pid]: 'server' };
  const barePhase = async (rate: number, secs: number): Promise<Phase> => {
    const { send, cpu } = await sendPhase(ctx, bareUrl, '', '10000', rate, secs, barePids);
    const p: Phase = { rate, send, cpu };
    ctx.log(describe(BASELINE, p));
    return p;
  };
  if (warmup > 0) await barePhase(RATE, warmup);
  const bareMain = await barePhase(RATE, seconds);
  if (!allOk(bareMain.send)) throw new Error(`baseline: not all requests succeeded`);
  const bareProbe = await probe((rate) => barePhase(rate, PROBE_SECONDS));
  await bare.stop();

  // Sapa.
  const sapa = await startSapaServer(ctx);
  const tokens: string[] = [];
  for (const email of USERS) {
    try {
      tokens.push(await signIn(sapa.baseUrl, email, PASSWORD));
    } catch (err) {
      if (tokens.length === 0) throw err; // the owner is required
      ctx.log(`sign-in of ${email} failed (${(err as Error).message}); its sockets use other tokens`);
    }
  }
  const owner = tokens[0] ?? '';
  // The demo business has a seeded WhatsApp number (one per business) whose app secret we do not know:
  // remove it, then connect one whose secret signs our webhooks.
  const auth = { authorization: `Bearer ${owner}` };
  const listed = await fetch(`${sapa.baseUrl}/api/channel-accounts`, { headers: auth });
  const existing = ((await listed.json()) as { items?: { id: string; channel: string }[] }).items ?? [];
  for (const acc of existing.filter((a) => a.channel === 'WAP')) {
    const del = await fetch(`${sapa.baseUrl}/api/channel-accounts/${acc.id}`, {
      method: 'DELETE',
      headers: auth,
    });
    if (!del.ok) throw new Error(`removing the demo WhatsApp account: HTTP ${del.status}`);
  }
  const account = await connectBenchWhatsapp(sapa.baseUrl, owner, APP_SECRET);
  const webhookUrl = `${sapa.baseUrl}/webhooks/whatsapp-cloud/${account.id}`;

  const socketsConfig: SocketsConfig = {
    wsUrl: `${sapa.baseUrl.replace(/^http/, 'ws')}/ws/chat`,
    tokens,
    sockets: SOCKETS,
  };
  const sockets = spawnTs(
    join(ctx.repoRoot, 'bench/lib/chat-sockets.worker.ts'),
    [JSON.stringify(socketsConfig)],
    { cwd: ctx.repoRoot, env: process.env, ipc: true },
  );
  ctx.defer(() => sockets.stop());
  const t0 = performance.now();
  const ready = await nextMessage<{ type: string; message?: string }>(sockets, 60_000);
  if (ready.type !== 'ready') throw new Error(`chat sockets: ${ready.message}`);
  ctx.log(
    `${SOCKETS} chat sockets authorised in ${Math.round(performance.now() - t0)} ms (${tokens.length} users)`,
  );

  const sapaPids = { [sapa.pid]: 'server', [sockets.pid]: 'sockets' };
  let lastWindow: ProfileWindow = { startUs: 0, endUs: 0 };
  const sapaPhase = async (rate: number, secs: number): Promise<Phase> => {
    const startedAt = performance.now();
    const startUs = nowMonotonicUs();
    const { config, send, cpu } = await sendPhase(
      ctx,
      webhookUrl,
      APP_SECRET,
      account.phoneNumberId,
      rate,
      secs,
      sapaPids,
    );
    const p: Phase = { rate, send, cpu, delivery: await drain(sockets, config, startedAt) };
    lastWindow = { startUs, endUs: nowMonotonicUs() };
    ctx.log(describe('sapa webhook', p));
    return p;
  };
  if (warmup > 0) await sapaPhase(RATE, warmup);
  const sapaMain = await sapaPhase(RATE, seconds);
  // With --profile: where the server's CPU went during the main phase (sending and delivering).
  const mainWindow = lastWindow;
  if (!allOk(sapaMain.send)) throw new Error(`sapa: not every webhook was acknowledged 200`);
  const sapaProbe = await probe((rate) => sapaPhase(rate, PROBE_SECONDS));
  await sockets.stop();
  await sapa.stop();
  recordProfile(ctx, 'sapa', sapa, mainWindow);

  ctx.record('inbound', {
    sockets: SOCKETS,
    users: tokens.length,
    rate: RATE,
    seconds,
    probeRates: PROBE_RATES,
    probeSeconds: PROBE_SECONDS,
    bare: { main: bareMain, probe: bareProbe },
    sapa: { main: sapaMain, probe: sapaProbe },
  });

  const d = sapaMain.delivery;
  if (!d) throw new Error('no delivery figures');
  const base = (value: number) => ({ name: BASELINE, value });
  return [
    compare({
      metric: `webhook ack p50 @ ${RATE} msg/s`,
      value: sapaMain.send.ackMs.p50,
      unit: 'ms',
      baseline: base(bareMain.send.ackMs.p50),
    }),
    compare({
      metric: `webhook ack p99 @ ${RATE} msg/s`,
      value: sapaMain.send.ackMs.p99,
      unit: 'ms',
      baseline: base(bareMain.send.ackMs.p99),
    }),
    compare({
      metric: `webhook ack p99 @ ${RATE} msg/s vs target`,
      value: sapaMain.send.ackMs.p99,
      unit: 'ms',
      baseline: { name: 'target 50 ms', value: 50 },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `delivery p50 (designated socket) @ ${RATE} msg/s`,
      value: d.p50,
      unit: 'ms',
      baseline: { name: 'target p99 250 ms', value: 250 },
    }),
    compare({
      metric: `delivery p99 (designated socket) @ ${RATE} msg/s`,
      value: d.p99,
      unit: 'ms',
      baseline: { name: 'target 250 ms', value: 250 },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `delivered exactly once (designated socket) @ ${RATE} msg/s`,
      value: d.exactlyOnce,
      unit: 'msgs',
      baseline: { name: 'messages sent', value: d.expected },
      target: { op: '>=', value: 1 },
    }),
    compare({
      metric: `messages published to sockets per second @ ${RATE} msg/s`,
      value: d.deliveredPerSecond,
      unit: 'msg/s',
      baseline: { name: 'webhooks sent per second', value: sapaMain.send.sendRate },
    }),
    compare({
      metric: `sustained rate (probe ${PROBE_RATES.join('/')})`,
      value: sapaProbe.sustained,
      unit: 'msg/s',
      baseline: base(bareProbe.sustained),
    }),
    compare({
      metric: 'sustained rate vs target',
      value: sapaProbe.sustained,
      unit: 'msg/s',
      baseline: { name: 'target 500 msg/s', value: 500 },
      target: { op: '>=', value: 1 },
    }),
  ];
}
