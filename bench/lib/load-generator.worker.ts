/**
 * A closed-loop HTTP/1.1 load generator, run in its own process by `runLoad` (lib/load.ts) so that it never
 * shares an event loop with the server it measures.
 *
 * N keep-alive TCP connections each send one request, wait for the whole response, and send the next one at
 * once. The request bytes are built once; responses are framed by Content-Length or chunked encoding with a
 * minimal parser (no header objects), so the generator spends as little CPU per request as possible: on a
 * 2-core machine every cycle it uses is a cycle the server does not get. Latency is measured per request with
 * `performance.now()` (sub-microsecond resolution) and every sample is kept, so percentiles are exact.
 *
 * Protocol: config as JSON in argv[2]; IPC messages `{ type: 'measuring' }` when warm-up ends, then
 * `{ type: 'result', ... }` (LoadResult), then exit.
 */
import { connect, type Socket } from 'node:net';
import { assertLoopback } from './net.js';

export interface LoadConfig {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** A response slower than this is counted as a timeout and its connection replaced. */
  timeoutMs: number;
  /** Latency samples kept (beyond, requests are still counted). */
  maxSamples: number;
}

export interface LoadResult {
  type: 'result';
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Requests completed in each whole second of the measurement. */
  perSecond: number[];
  latencyMs: { mean: number; p50: number; p90: number; p99: number; p999: number; max: number };
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  reconnects: number;
  bytesReceived: number;
  samples: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as LoadConfig;
const target = new URL(config.url);
assertLoopback(target.hostname);
const port = Number(target.port || 80);
const headerLines = Object.entries({ host: target.host, ...config.headers })
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');
const requestBytes = Buffer.from(
  `GET ${target.pathname}${target.search} HTTP/1.1\r\n${headerLines}\r\n`,
  'latin1',
);

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const MAX_HEADER_BYTES = 64 * 1024;
/** Connections in a row closed before answering anything: the server is down or refusing, stop. */
const MAX_FAILED_CONNECTIONS = 200;

let phase: 'warmup' | 'measure' | 'done' = 'warmup';
let measureStart = 0;
let samples = new Float64Array(1 << 16);
let sampleCount = 0;
let requests = 0;
let errors = 0;
let timeouts = 0;
let reconnects = 0;
let failedConnectionsInARow = 0;
let bytesReceived = 0;
const statusCodes = new Map<number, number>();
const perSecond: number[] = [];

interface Parsed {
  consumed: number;
  status: number;
  close: boolean;
}

/** One complete response at the start of `buf`, `null` if more bytes are needed; throws if malformed. */
function parseResponse(buf: Buffer): Parsed | null {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) {
    if (buf.length > MAX_HEADER_BYTES) throw new Error('response head too large');
    return null;
  }
  const head = buf.toString('latin1', 0, headerEnd).toLowerCase();
  if (!head.startsWith('http/1.')) throw new Error(`not an HTTP/1 response: ${head.slice(0, 40)}`);
  const status = Number(head.slice(9, 12));
  const close = head.includes('\r\nconnection: close');
  const bodyStart = headerEnd + 4;
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) {
    return { consumed: bodyStart, status, close };
  }
  const lengthAt = head.indexOf('\r\ncontent-length:');
  if (lengthAt >= 0) {
    const lineEnd = head.indexOf('\r\n', lengthAt + 2);
    const length = Number.parseInt(head.slice(lengthAt + 17, lineEnd < 0 ? undefined : lineEnd).trim(), 10);
    if (!Number.isFinite(length) || length < 0) throw new Error('bad content-length');
    return buf.length < bodyStart + length ? null : { consumed: bodyStart + length, status, close };
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
    let pos = bodyStart;
    // Each pass consumes one chunk; a chunk is at least 5 bytes, so this ends within buf.length / 5 passes.
    while (pos < buf.length) {
      const lineEnd = buf.indexOf(CRLF, pos);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buf.toString('latin1', pos, lineEnd), 16);
      if (!Number.isFinite(size) || size < 0) throw new Error('bad chunk size');
      if (size === 0) {
        if (buf.length < lineEnd + 4) return null;
        if (buf[lineEnd + 2] === 13 && buf[lineEnd + 3] === 10)
          return { consumed: lineEnd + 4, status, close };
        const trailerEnd = buf.indexOf(HEADER_END, lineEnd);
        return trailerEnd < 0 ? null : { consumed: trailerEnd + 4, status, close };
      }
      pos = lineEnd + 2 + size + 2;
    }
    return null;
  }
  throw new Error('response without content-length or chunked encoding');
}

function record(status: number, latencyMs: number) {
  if (phase !== 'measure') return;
  requests++;
  statusCodes.set(status, (statusCodes.get(status) ?? 0) + 1);
  if (sampleCount === samples.length && samples.length < config.maxSamples) {
    const grown = new Float64Array(Math.min(samples.length * 2, config.maxSamples));
    grown.set(samples);
    samples = grown;
  }
  if (sampleCount < samples.length) samples[sampleCount++] = latencyMs;
}

function fail(message: string): never {
  console.error(`load generator: ${message}`);
  process.exit(2);
}

class Connection {
  socket: Socket | undefined;
  pending: Buffer | null = null;
  sentAt = 0;
  inFlight = false;
  answered = 0;

  open() {
    const socket = connect({ host: target.hostname, port });
    this.socket = socket;
    this.answered = 0;
    socket.setNoDelay(true);
    socket.on('connect', () => this.send());
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {
      /* counted on close */
    });
    socket.on('close', () => this.onClose(socket));
  }

  send() {
    if (phase === 'done' || !this.socket) return;
    this.pending = null;
    this.inFlight = true;
    this.sentAt = performance.now();
    this.socket.write(requestBytes);
  }

  onData(chunk: Buffer) {
    if (phase === 'measure') bytesReceived += chunk.length;
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let parsed: Parsed | null;
    try {
      parsed = parseResponse(this.pending);
    } catch (err) {
      fail((err as Error).message);
    }
    if (!parsed) return;
    const latency = performance.now() - this.sentAt;
    if (parsed.consumed !== this.pending.length) fail('bytes after the response (the server pipelines?)');
    this.inFlight = false;
    this.pending = null;
    this.answered++;
    record(parsed.status, latency);
    if (parsed.close) this.socket?.end();
    else this.send();
  }

  onClose(socket: Socket) {
    if (socket !== this.socket || phase === 'done') return;
    if (this.inFlight && phase === 'measure') errors++;
    this.inFlight = false;
    reconnects++;
    failedConnectionsInARow = this.answered === 0 ? failedConnectionsInARow + 1 : 0;
    if (failedConnectionsInARow > MAX_FAILED_CONNECTIONS) {
      fail(`${MAX_FAILED_CONNECTIONS} connections in a row closed without an answer: is the server up?`);
    }
    this.open();
  }

  checkTimeout(now: number) {
    if (!this.inFlight || now - this.sentAt < config.timeoutMs) return;
    if (phase === 'measure') timeouts++;
    this.inFlight = false;
    this.socket?.destroy(); // close → a new connection
  }

  close() {
    this.socket?.destroy();
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function finish() {
  phase = 'done';
  const seconds = (performance.now() - measureStart) / 1000;
  for (const c of connections) c.close();
  const sorted = samples.subarray(0, sampleCount).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const result: LoadResult = {
    type: 'result',
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    perSecond,
    latencyMs: {
      mean: round(sum / Math.max(1, sorted.length)),
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      p999: round(percentile(sorted, 99.9)),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
    },
    statusCodes: Object.fromEntries(statusCodes),
    errors,
    timeouts,
    reconnects,
    bytesReceived,
    samples: sampleCount,
  };
  process.send?.(result, () => process.exit(0));
}

if (!process.send) fail('run me through runLoad (an IPC channel is needed)');
if (!(config.connections >= 1 && config.connections <= 1_000)) fail('connections must be 1..1000');
const connections = Array.from({ length: config.connections }, () => new Connection());
for (const c of connections) c.open();

const timeoutCheck = setInterval(() => {
  const now = performance.now();
  for (const c of connections) c.checkTimeout(now);
}, 100);
timeoutCheck.unref();

setTimeout(() => {
  phase = 'measure';
  measureStart = performance.now();
  process.send?.({ type: 'measuring' });
  let last = 0;
  const tick = setInterval(() => {
    perSecond.push(requests - last);
    last = requests;
  }, 1_000);
  setTimeout(() => {
    clearInterval(tick);
    finish();
  }, config.durationMs);
}, config.warmupMs);
