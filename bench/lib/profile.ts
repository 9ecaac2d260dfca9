import { readFileSync } from 'node:fs';
import type { BenchContext } from './types.js';

/**
 * Summarises a V8 `.cpuprofile` (written by `node --cpu-prof`, see `--profile`) over a time window: where the
 * server's CPU went while the load ran, grouped by package (node_modules), Sapa source file, Node.js core and
 * V8 (GC, compiled code). Profile timestamps and `process.hrtime` read the same monotonic clock on Linux, so a
 * window measured by the harness selects exactly the samples taken under load.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileWindow {
  /** Monotonic microseconds (`process.hrtime.bigint() / 1000n`). */
  startUs: number;
  endUs: number;
}

export interface ProfileSummary {
  /** Non-idle sampled time in the window. */
  busyMs: number;
  idleMs: number;
  /** Self time: where the CPU actually was (sums to 100 %). */
  selfByGroup: Array<{ group: string; pct: number }>;
  /** Inclusive time: share of samples with the group anywhere on the (synchronous) stack. */
  inclusiveByGroup: Array<{ group: string; pct: number }>;
  topFunctions: Array<{ fn: string; group: string; pct: number }>;
}

export function nowMonotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

function groupOf(node: ProfileNode, repoRoot: string): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'V8 garbage collector';
    if (functionName === '(program)') return 'V8/native (program)';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(root)') return '(root)';
    return 'native';
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith('node:'))
    return `node:${url.slice(5).split('/')[0] === 'internal' ? url.slice(5).split('/')[1] : url.slice(5)}`;
  const local = url.replace(/^file:\/\//, '').replace(`${repoRoot}/`, '');
  if (local.startsWith('apps/server/src/')) return `sapa ${local.slice('apps/server/src/'.length)}`;
  if (local.startsWith('packages/')) return local.split('/').slice(0, 2).join('/');
  return local;
}

function top<T extends { pct: number }>(items: T[], n: number): T[] {
  return items.sort((a, b) => b.pct - a.pct).slice(0, n);
}

export function summariseCpuProfile(file: string, repoRoot: string, window?: ProfileWindow): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const group = new Map(profile.nodes.map((n) => [n.id, groupOf(n, repoRoot)]));

  const selfUs = new Map<string, number>();
  const inclusiveUs = new Map<string, number>();
  const fnUs = new Map<string, { group: string; us: number }>();
  let busyUs = 0;
  let idleUs = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (window && (t < window.startUs || t > window.endUs)) continue;
    const id = profile.samples[i] ?? -1;
    const node = byId.get(id);
    if (!node) continue;
    const g = group.get(id) ?? '?';
    if (g === '(idle)') {
      idleUs += weight;
      continue;
    }
    busyUs += weight;
    selfUs.set(g, (selfUs.get(g) ?? 0) + weight);
    const fnKey = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-1)[0]}:${node.callFrame.lineNumber + 1}`;
    const fn = fnUs.get(fnKey) ?? { group: g, us: 0 };
    fn.us += weight;
    fnUs.set(fnKey, fn);
    const seen = new Set<string>();
    // Walk to the root: bounded by the tree's depth (a node never is its own ancestor).
    for (
      let at: number | undefined = id, depth = 0;
      at !== undefined && depth < 10_000;
      at = parent.get(at), depth++
    ) {
      const ag = group.get(at);
      if (ag && !seen.has(ag)) seen.add(ag);
    }
    for (const ag of seen) inclusiveUs.set(ag, (inclusiveUs.get(ag) ?? 0) + weight);
  }
  const pct = (us: number) => Math.round((us / Math.max(1, busyUs)) * 1000) / 10;
  return {
    busyMs: Math.round(busyUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    selfByGroup: top(
      [...selfUs].map(([g, us]) => ({ group: g, pct: pct(us) })),
      20,
    ),
    inclusiveByGroup: top(
      [...inclusiveUs].filter(([g]) => g !== '(root)').map(([g, us]) => ({ group: g, pct: pct(us) })),
      25,
    ),
    topFunctions: top(
      [...fnUs].map(([fn, v]) => ({ fn, group: v.group, pct: pct(v.us) })),
      25,
    ),
  };
}

export function formatProfileSummary(label: string, s: ProfileSummary): string {
  const lines = [`${label}: ${s.busyMs} ms busy, ${s.idleMs} ms idle in the window`];
  lines.push('  self time by group:');
  for (const x of s.selfByGroup.slice(0, 12)) lines.push(`    ${String(x.pct).padStart(5)} %  ${x.group}`);
  lines.push('  on the stack (inclusive, synchronous):');
  for (const x of s.inclusiveByGroup.slice(0, 15))
    lines.push(`    ${String(x.pct).padStart(5)} %  ${x.group}`);
  lines.push('  top functions (self):');
  for (const x of s.topFunctions.slice(0, 15))
    lines.push(`    ${String(x.pct).padStart(5)} %  ${x.fn}  [${x.group}]`);
  return lines.join('\n');
}

/**
 * With `--profile`: summarises the stopped server's main-thread profile over the measured window, logs it and
 * keeps it in the JSON report. Does nothing without `--profile`.
 */
export function recordProfile(
  ctx: BenchContext,
  label: string,
  server: { profileFile(): string | undefined },
  window: ProfileWindow,
): void {
  if (!ctx.profileDir) return;
  const file = server.profileFile();
  if (!file) {
    ctx.log(`${label}: no CPU profile was written`);
    return;
  }
  const summary = summariseCpuProfile(file, ctx.repoRoot, window);
  ctx.log(formatProfileSummary(`${label} CPU profile (${file})`, summary));
  ctx.record(`${label}Profile`, { file, ...summary });
}
