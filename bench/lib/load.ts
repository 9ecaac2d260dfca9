import { join } from 'node:path';
import { nextMessage, spawnTs } from './child.js';
import { type CpuUse, cpuSnapshot, cpuUse } from './cpu.js';
import type { LoadConfig, LoadResult } from './load-generator.worker.js';
import { nowMonotonicUs, type ProfileWindow } from './profile.js';
import type { BenchContext, LoadOptions } from './types.js';

export type { LoadResult } from './load-generator.worker.js';

export interface LoadRun {
  url: string;
  load: LoadResult;
  /** CPU use during the measured window: the server, the load generator, PostgreSQL, everything else. */
  cpu: CpuUse;
  /** The measured window on the monotonic clock (selects the samples of a CPU profile). */
  window: ProfileWindow;
}

export interface RunLoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** The server process whose CPU is reported (as `server`). */
  serverPid: number;
  load: LoadOptions;
  /** Every measured response must have this status (default 200), or the run throws: no figure of failures. */
  expectStatus?: number;
}

/**
 * Runs the closed-loop load generator (lib/load-generator.worker.ts) in a separate process against `url`
 * and measures CPU use of the server, the generator and PostgreSQL over the measured window.
 */
export async function runLoad(ctx: BenchContext, options: RunLoadOptions): Promise<LoadRun> {
  const config: LoadConfig = {
    url: options.url,
    headers: options.headers ?? {},
    connections: options.load.connections,
    warmupMs: options.load.warmupSeconds * 1000,
    durationMs: options.load.durationSeconds * 1000,
    timeoutMs: 10_000,
    maxSamples: 5_000_000,
  };
  const child = spawnTs(join(import.meta.dirname, 'load-generator.worker.ts'), [JSON.stringify(config)], {
    cwd: ctx.repoRoot,
    env: process.env,
    ipc: true,
  });
  ctx.defer(() => child.stop());
  const startupMs = 30_000;
  await nextMessage<{ type: 'measuring' }>(child, startupMs + config.warmupMs);
  const pids = [options.serverPid, child.pid];
  const before = cpuSnapshot(pids);
  const startUs = nowMonotonicUs();
  const load = await nextMessage<LoadResult>(child, config.durationMs + 30_000);
  const endUs = nowMonotonicUs();
  const after = cpuSnapshot(pids);
  await child.exited;
  const cpu = cpuUse(before, after, { [options.serverPid]: 'server', [child.pid]: 'loadGenerator' });
  const expected = String(options.expectStatus ?? 200);
  const unexpected = Object.keys(load.statusCodes).filter((status) => status !== expected);
  if (unexpected.length || load.errors || load.timeouts || load.requests === 0) {
    throw new Error(
      `${options.url}: not a measurement of successful requests (status ${JSON.stringify(load.statusCodes)}, ` +
        `${load.errors} errors, ${load.timeouts} timeouts, ${load.requests} requests)`,
    );
  }
  return { url: options.url, load, cpu, window: { startUs, endUs } };
}

/** One line for the progress log. */
export function describeRun(label: string, run: LoadRun): string {
  const l = run.load;
  const cpu = run.cpu;
  return (
    `${label}: ${Math.round(l.requestsPerSecond)} req/s, p50 ${l.latencyMs.p50} ms, p99 ${l.latencyMs.p99} ms ` +
    `(status ${JSON.stringify(l.statusCodes)}; CPU % of one core: server ${cpu.processes.server}, ` +
    `load generator ${cpu.processes.loadGenerator}, postgres ${cpu.postgres}, other ${cpu.other}, ` +
    `machine ${cpu.machine})`
  );
}
