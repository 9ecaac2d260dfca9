import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux): who used the machine's cores during a measurement. On a 2-core machine the
 * server, PostgreSQL and the load generator share the cores, so a figure is only explained with these.
 */

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function statFields(pid: number | string): { comm: string; cpuSeconds: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone
  }
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const comm = text.slice(open + 1, close);
  const rest = text.slice(close + 2).split(' ');
  // fields 14 (utime) and 15 (stime) of proc(5); `rest` starts at field 3.
  const ticks = Number(rest[11]) + Number(rest[12]);
  return { comm, cpuSeconds: ticks / ticksPerSecond };
}

/** CPU seconds a process has used (all its threads). */
export function processCpuSeconds(pid: number): number {
  return statFields(pid)?.cpuSeconds ?? 0;
}

/** CPU seconds used by every PostgreSQL process of the machine, per pid. */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields?.comm === 'postgres') byPid.set(Number(entry), fields.cpuSeconds);
  }
  return byPid;
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuSnapshot {
  at: number;
  machine: { busy: number; total: number };
  processes: Map<number, number>;
  postgres: Map<number, number>;
}

export function cpuSnapshot(pids: number[]): CpuSnapshot {
  return {
    at: performance.now(),
    machine: machineTicks(),
    processes: new Map(pids.map((pid) => [pid, processCpuSeconds(pid)])),
    postgres: postgresCpu(),
  };
}

/** CPU used between two snapshots, in percent of one core (200 % = both cores of a 2-core machine). */
export interface CpuUse {
  wallSeconds: number;
  /** Per watched pid. */
  processes: Record<string, number>;
  /** All PostgreSQL processes (backends that lived through the window). */
  postgres: number;
  /** The whole machine, everything included. */
  machine: number;
  /** Machine minus the watched processes and PostgreSQL: other work on the machine that competed with the run. */
  other: number;
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot, names: Record<number, string>): CpuUse {
  const wallSeconds = (after.at - before.at) / 1000;
  const pct = (seconds: number) => Math.round((seconds / wallSeconds) * 1000) / 10;
  const processes: Record<string, number> = {};
  let watched = 0;
  for (const [pid, end] of after.processes) {
    const used = end - (before.processes.get(pid) ?? end);
    watched += used;
    processes[names[pid] ?? String(pid)] = pct(used);
  }
  let pgSeconds = 0;
  for (const [pid, end] of after.postgres) {
    const start = before.postgres.get(pid);
    if (start !== undefined) pgSeconds += end - start;
  }
  const totalTicks = after.machine.total - before.machine.total;
  const busyTicks = after.machine.busy - before.machine.busy;
  // /proc/stat counts ticks summed over cores: busy/total × cores × 100 = percent of one core.
  const cores = totalTicks / ticksPerSecond / wallSeconds;
  const machine = totalTicks > 0 ? Math.round((busyTicks / totalTicks) * cores * 1000) / 10 : 0;
  const postgres = pct(pgSeconds);
  const other = Math.max(0, Math.round((machine - pct(watched) - postgres) * 10) / 10);
  return { wallSeconds, processes, postgres, machine, other };
}
