import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchChannel } from './channel-webhooks.js';
import type { DrainResult, SocketsConfig } from './chat-sockets.worker.js';
import { type Child, nextMessage, spawnTs } from './child.js';
import { freePort, LOOPBACK, waitForReady } from './net.js';
import { createScratchDatabase } from './postgres.js';
import type { RateConfig, RateResult } from './rate-generator.worker.js';
import type { BenchContext } from './types.js';

/**
 * Inbound load beside other work (the `bulk` and `broadcast` scenarios): signed WhatsApp webhooks at a fixed
 * rate through `rate-generator.worker.ts`, their arrival on the designated chat socket of
 * `chat-sockets.worker.ts`, and the delivery latency of the messages sent in a window.
 */

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

export interface InboundLoad {
  /** Sends `count` signed webhooks at `rate` (open loop); resolves with the generator's report. */
  send(rate: number, count: number, customers: number): Promise<{ config: RateConfig; send: RateResult }>;
}

/**
 * Signed webhooks to one account. `options`: another channel than WhatsApp Cloud (`appSecret` its signing
 * secret, `phoneNumberId` its account address), where its sequence numbers start (loads running side by side
 * keep apart), and whether every acknowledgement latency comes back.
 */
export function inboundLoad(
  ctx: BenchContext,
  url: string,
  appSecret: string,
  phoneNumberId: string,
  options: { channel?: BenchChannel; firstSeq?: number; samples?: boolean; customerOffset?: number } = {},
): InboundLoad {
  let seq = options.firstSeq ?? 0;
  return {
    async send(rate, count, customers) {
      const config: RateConfig = {
        url,
        appSecret,
        phoneNumberId,
        rate,
        count,
        seqStart: seq,
        customers,
        timeoutMs: 10_000,
        ...(options.channel ? { channel: options.channel } : {}),
        ...(options.samples ? { samples: true } : {}),
        ...(options.customerOffset ? { customerOffset: options.customerOffset } : {}),
      };
      seq += count;
      const child = spawnTs(
        join(ctx.repoRoot, 'bench/lib/rate-generator.worker.ts'),
        [JSON.stringify(config)],
        {
          cwd: ctx.repoRoot,
          env: process.env,
          ipc: true,
        },
      );
      ctx.defer(() => child.stop());
      const send = await nextMessage<RateResult>(child, (count / rate) * 1000 + 60_000);
      await child.exited;
      return { config, send };
    },
  };
}

/** Waits until the designated socket has seen the phase's messages (bounded); answers the arrivals. */
export async function drainArrivals(sockets: Child, config: RateConfig): Promise<DrainResult> {
  sockets.process.send?.({
    type: 'drain',
    seqStart: config.seqStart,
    count: config.count,
    timeoutMs: 20_000,
    graceMs: 500,
  });
  return nextMessage<DrainResult>(sockets, 40_000);
}

/** Delivery latencies on the designated socket of the messages sent in the first `withinMs` of the phase. */
export function deliveryOf(result: DrainResult, config: RateConfig, withinMs = Number.POSITIVE_INFINITY) {
  const latencies: number[] = [];
  let lost = 0;
  const inWindow = Math.min(config.count, Math.ceil((withinMs / 1000) * config.rate));
  for (let s = config.seqStart; s < config.seqStart + inWindow; s++) {
    const first = result.arrivals[String(s)]?.[0];
    if (first === undefined) lost++;
    else latencies.push(first);
  }
  latencies.sort((a, b) => a - b);
  return { measured: latencies.length, lost, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** One signed-in JSON call to the Sapa API; throws with the answer on an HTTP error. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Polls `check` every `everyMs` until it answers something other than false. */
export async function until<T>(
  check: () => Promise<T | false>,
  timeoutMs: number,
  what: string,
  everyMs = 100,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * `count` agent chat sockets in their own process (`chat-sockets.worker.ts`), opened with `tokens` in turn and
 * ready to count arrivals; stopped when the scenario ends.
 */
export async function startChatSockets(
  ctx: BenchContext,
  baseUrl: string,
  tokens: string[],
  count: number,
): Promise<Child> {
  const config: SocketsConfig = {
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/ws/chat`,
    tokens,
    sockets: count,
  };
  const sockets = spawnTs(join(ctx.repoRoot, 'bench/lib/chat-sockets.worker.ts'), [JSON.stringify(config)], {
    cwd: ctx.repoRoot,
    env: process.env,
    ipc: true,
  });
  ctx.defer(() => sockets.stop());
  const ready = await nextMessage<{ type: string; message?: string }>(sockets, 60_000);
  if (ready.type !== 'ready') throw new Error(`chat sockets: ${ready.message}`);
  return sockets;
}

/**
 * The inbound baseline server (`bare-insert.server.ts`: one INSERT per request) on a scratch database, ready;
 * stopped (and its database dropped) when the scenario ends. `insertUrl` takes the webhooks.
 */
export async function startBareInsert(
  ctx: BenchContext,
): Promise<{ child: Child; baseUrl: string; insertUrl: string }> {
  const db = await createScratchDatabase(ctx.adminDatabaseUrl, 'sapa_bench_insert');
  ctx.defer(() => db.drop());
  const port = await freePort();
  const child = spawnTs(join(ctx.repoRoot, 'bench/lib/bare-insert.server.ts'), [], {
    cwd: ctx.repoRoot,
    env: { ...process.env, PORT: String(port), HOST: LOOPBACK, DATABASE_URL: db.url },
  });
  ctx.defer(() => child.stop());
  const baseUrl = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${baseUrl}/ping`, child);
  return { child, baseUrl, insertUrl: `${baseUrl}/insert` };
}

/**
 * Connects a WhatsApp Cloud account whose app secret signs the bench's webhooks (the demo's own secret is not
 * known). Its Graph API is a closed loopback port: inbound text never calls it. Answers the account's id and
 * phone number id.
 */
export async function connectBenchWhatsapp(baseUrl: string, token: string, appSecret: string) {
  const n = String(Date.now()).slice(-9);
  const account = await callApi<{ id: string }>(
    baseUrl,
    token,
    'POST',
    '/api/channel-accounts/whatsapp-cloud',
    {
      name: 'Bench WA',
      displayPhoneNumber: `6281${n}`,
      phoneNumberId: `10${n}`,
      wabaId: `20${n}`,
      accessToken: 'bench-access-token-abcdefghij',
      appSecret,
      verifyToken: 'bench-verify-token-123456',
      graphBaseUrl: `http://${LOOPBACK}:${await freePort()}/v25.0`,
    },
  );
  return { id: account.id, phoneNumberId: `10${n}` };
}
