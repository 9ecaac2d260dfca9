/**
 * The agents' side (its own process): opens N chat WebSockets (tokens reused round-robin), counts every
 * `message.created` frame on every socket, and on the designated socket (index 0) timestamps each arrival of
 * a `bench#<seq>#<sent epoch ms>` message. IPC: sends {type:'ready'} once all sockets are authorised; on
 * {type:'drain', seqStart, count, timeoutMs} waits (bounded) until the designated socket has seen every seq
 * of the range, then answers with the arrivals and resets.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { assertLoopback } from './net.js';

export interface SocketsConfig {
  wsUrl: string;
  tokens: string[];
  sockets: number;
}

export interface DrainResult {
  /** seq → latencies (ms) of each arrival on the designated socket (more than one = duplicate). */
  arrivals: Record<string, number[]>;
  /** message.created frames received on all sockets since the last drain. */
  allSockets: number;
  /** Sockets closed during the run. */
  closed: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as SocketsConfig;
assertLoopback(new URL(config.wsUrl).hostname);
const epochMs = () => performance.timeOrigin + performance.now();
let arrivals = new Map<number, number[]>();
let allSockets = 0;
let closed = 0;
const sockets: WebSocket[] = [];

function open(i: number): Promise<void> {
  const token = config.tokens[i % config.tokens.length] ?? '';
  const ws = new WebSocket(`${config.wsUrl}?token=${encodeURIComponent(token)}`);
  sockets.push(ws);
  ws.on('message', (data) => {
    const text = String(data);
    if (!text.includes('"message.created"')) return;
    allSockets++;
    if (i !== 0) return;
    // The message's own text: the ticket summary before it may quote another message as its preview.
    const at = text.indexOf('bench#', Math.max(0, text.indexOf('"message":{')));
    if (at < 0) return;
    const end = text.indexOf('"', at);
    const [, seq, sent] = text.slice(at, end).split('#');
    const latency = epochMs() - Number(sent);
    const list = arrivals.get(Number(seq)) ?? [];
    list.push(latency);
    arrivals.set(Number(seq), list);
  });
  ws.on('close', () => {
    closed++;
  });
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket ${i} not authorised in 15 s`)), 15_000);
    ws.once('ping', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket ${i} closed (${code}) before it was authorised`)));
  });
}

interface Drain {
  type: 'drain';
  seqStart: number;
  count: number;
  timeoutMs: number;
  graceMs: number;
}

process.on('message', async (message: Drain) => {
  if (message.type !== 'drain') return;
  const complete = () => {
    for (let s = message.seqStart; s < message.seqStart + message.count; s++)
      if (!arrivals.has(s)) return false;
    return true;
  };
  const deadline = performance.now() + message.timeoutMs;
  while (!complete() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, message.graceMs)); // late duplicates
  const result: DrainResult = { arrivals: Object.fromEntries(arrivals), allSockets, closed };
  arrivals = new Map();
  allSockets = 0;
  process.send?.(result);
});
process.once('SIGTERM', () => {
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});

try {
  // In batches, so the server sees a realistic connection ramp rather than 200 handshakes at once.
  for (let i = 0; i < config.sockets; i += 20) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(config.sockets, i + 20); j++) batch.push(open(j));
    await Promise.all(batch);
  }
  process.send?.({ type: 'ready' });
} catch (err) {
  process.send?.({ type: 'error', message: (err as Error).message });
  process.exit(1);
}
