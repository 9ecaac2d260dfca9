/**
 * Open-loop load generator (its own process): POSTs `count` signed webhooks of one channel (WhatsApp Cloud by
 * default; `channel-webhooks.ts`) at a fixed rate to `url`, each one text message with a unique provider id
 * whose text carries `bench#<seq>#<sent epoch ms>`, and reports every acknowledgement latency. Config: one JSON
 * argument; result: one IPC message.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type BenchChannel, signedDelivery } from './channel-webhooks.js';
import { assertLoopback } from './net.js';

export interface RateConfig {
  url: string;
  /** Empty: unsigned (the bare baseline ignores it). */
  appSecret: string;
  /** The business number the deliveries are for (`metadata.phone_number_id`), as Meta sends it: Sapa ignores a
   * delivery for another number than the account's. */
  phoneNumberId: string;
  rate: number;
  count: number;
  seqStart: number;
  customers: number;
  /** The first customer number (loads that must not write as another load's customers keep apart). */
  customerOffset?: number;
  timeoutMs: number;
  /** The channel whose webhooks are sent (default WhatsApp Cloud); `appSecret` is its signing secret and
   * `phoneNumberId` its account address (`channel-webhooks.ts`). */
  channel?: BenchChannel;
  /** Also answer every acknowledgement latency (to merge several generators' percentiles). */
  samples?: boolean;
}

export interface RateResult {
  sent: number;
  statusCodes: Record<string, number>;
  errors: number;
  /** Achieved send rate (messages / seconds between first and last send). */
  sendRate: number;
  ackMs: { p50: number; p99: number; max: number };
  /** Every acknowledgement latency (ms), when `samples` was asked. */
  ackSamples?: number[];
}

const config = JSON.parse(process.argv[2] ?? '{}') as RateConfig;
const target = new URL(config.url);
assertLoopback(target.hostname);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const epochMs = () => performance.timeOrigin + performance.now();

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? Number.NaN) * 1000) / 1000;
}

async function main(): Promise<RateResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let done = 0;
  let sent = 0;
  const webhook = {
    channel: config.channel ?? 'WAP',
    secret: config.appSecret,
    accountAddress: config.phoneNumberId,
  };
  const send = (seq: number) => {
    const text = `bench#${seq}#${epochMs().toFixed(3)}`;
    const signed = signedDelivery(
      webhook,
      seq,
      (config.customerOffset ?? 0) + (seq % config.customers),
      text,
    );
    const payload = signed.payload;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': payload.length,
      ...signed.headers,
    };
    const start = performance.now();
    const req = http.request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - start);
          const code = String(res.statusCode);
          statusCodes[code] = (statusCodes[code] ?? 0) + 1;
          done++;
        });
      },
    );
    req.setTimeout(config.timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors++;
      done++;
    });
    req.end(payload);
  };
  const t0 = performance.now();
  let last = t0;
  // Bounded: every tick sends the messages that are due; stops after `count` sends.
  while (sent < config.count) {
    const due = Math.min(config.count, Math.floor(((performance.now() - t0) / 1000) * config.rate) + 1);
    while (sent < due) send(config.seqStart + sent++);
    last = performance.now();
    await new Promise((r) => setTimeout(r, 1));
  }
  const deadline = performance.now() + config.timeoutMs + 1000;
  while (done < sent && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const seconds = (last - t0) / 1000;
  return {
    sent,
    statusCodes,
    errors: errors + (sent - done),
    sendRate: seconds > 0 ? sent / seconds : sent,
    ackMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    ...(config.samples ? { ackSamples: latencies } : {}),
  };
}

if (process.send) {
  const result = await main();
  process.send(result, () => process.exit(0));
}
