/**
 * `npm run bench [-- <scenario>… ] [--duration S] [--warmup S] [--connections N] [--profile] [--list]`
 *
 * Discovers the scenarios in bench/scenarios/*.ts, runs them one after the other, prints every figure with
 * its ratio to a baseline measured in the same run, writes bench/results/<timestamp>.json and exits non-zero
 * when a target is missed or a scenario fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSnapshot, cpuUse } from './lib/cpu.js';
import { DEFAULT_ADMIN_DATABASE_URL } from './lib/postgres.js';
import { printTable } from './lib/table.js';
import { type BenchContext, type LoadOptions, meets, type Result, type Scenario } from './lib/types.js';

const benchDir = import.meta.dirname;
const repoRoot = resolve(benchDir, '..');

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    profile: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function positiveNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    console.error(`--${name} must be a number in (0, ${max}], not ${raw}`);
    process.exit(2);
  }
  return value;
}

const load: LoadOptions = {
  connections: Math.round(
    positiveNumber('connections', flags.connections ?? process.env.BENCH_CONNECTIONS, 10, 1000),
  ),
  durationSeconds: positiveNumber('duration', flags.duration ?? process.env.BENCH_DURATION, 10, 600),
  warmupSeconds: positiveNumber('warmup', flags.warmup ?? process.env.BENCH_WARMUP, 3, 120),
};

interface LoadedScenario extends Scenario {
  file: string;
}

async function discover(): Promise<LoadedScenario[]> {
  const dir = join(benchDir, 'scenarios');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  const found: LoadedScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Partial<Scenario>;
    if (
      typeof mod.name !== 'string' ||
      typeof mod.description !== 'string' ||
      typeof mod.run !== 'function'
    ) {
      throw new Error(`bench/scenarios/${file} must export name, description and run(ctx)`);
    }
    found.push({ name: mod.name, description: mod.description, run: mod.run, file: basename(file) });
  }
  return found;
}

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+changes` : head;
  } catch {
    return null;
  }
}

/** CPU the machine spends on other work before the run (another test suite would skew every figure). */
async function machineBusyBefore(): Promise<number> {
  const before = cpuSnapshot([]);
  await delay(1_000);
  return cpuUse(before, cpuSnapshot([]), {}).machine;
}

let cleanups: Array<() => Promise<void> | void> = [];
let cleanupChain: Promise<void> = Promise.resolve();
let interrupted = false;

/** Runs the pending cleanups (last in, first out); every caller waits for every cleanup started so far. */
function runCleanups(): Promise<void> {
  const batch = cleanups.reverse();
  cleanups = [];
  cleanupChain = cleanupChain.then(async () => {
    for (const cleanup of batch) {
      try {
        await cleanup();
      } catch (err) {
        console.error(`cleanup failed: ${(err as Error).message}`);
      }
    }
  });
  return cleanupChain;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping databases…`);
    void runCleanups().then(() => process.exit(130));
  });
}

interface ScenarioReport {
  name: string;
  description: string;
  results: Result[];
  details: Record<string, unknown>;
  seconds: number;
  error?: string;
}

async function main(): Promise<number> {
  const all = await discover();
  if (flags.help || flags.list) {
    if (flags.help) {
      console.log(
        'npm run bench [-- <scenario>…] [--duration S] [--warmup S] [--connections N] [--profile] [--list]',
      );
    }
    for (const s of all) console.log(`  ${s.name.padEnd(16)} ${s.description}`);
    return 0;
  }
  const unknown = positionals.filter((p) => !all.some((s) => s.name === p));
  if (unknown.length) {
    console.error(`unknown scenario ${unknown.join(', ')}; known: ${all.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const selected = positionals.length ? all.filter((s) => positionals.includes(s.name)) : all;

  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const resultsDir = join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const profileDir = flags.profile ? join(resultsDir, `${stamp}-profiles`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });

  const busy = await machineBusyBefore();
  const cores = availableParallelism();
  console.error(
    `bench: ${selected.length} scenario(s); ${load.connections} connections, ${load.warmupSeconds} s warm-up, ` +
      `${load.durationSeconds} s measured; ${cores} cores; machine busy ${busy} % of one core before the run`,
  );
  if (busy > 25) {
    console.error(
      'warning: the machine is busy with other work; figures will be lower and noisier than usual',
    );
  }
  if (profileDir)
    console.error(`profiling on: figures are slowed by the profiler; profiles in ${profileDir}`);

  const reports: ScenarioReport[] = [];
  for (const scenario of selected) {
    const details: Record<string, unknown> = {};
    const ctx: BenchContext = {
      repoRoot,
      load,
      adminDatabaseUrl: process.env.BENCH_PG_URL ?? DEFAULT_ADMIN_DATABASE_URL,
      profileDir,
      log: (message) => console.error(`  [${scenario.name}] ${message}`),
      record: (key, value) => {
        details[key] = value;
      },
      defer: (cleanup) => {
        cleanups.push(cleanup);
      },
    };
    console.error(`\n▶ ${scenario.name}: ${scenario.description}`);
    const t0 = performance.now();
    const report: ScenarioReport = {
      name: scenario.name,
      description: scenario.description,
      results: [],
      details,
      seconds: 0,
    };
    try {
      report.results = (await scenario.run(ctx)).map((r) =>
        r.target ? { ...r, pass: meets(r.ratio, r.target) } : r,
      );
    } catch (err) {
      report.error = (err as Error).stack ?? String(err);
      console.error(`  [${scenario.name}] FAILED: ${report.error}`);
    } finally {
      await runCleanups();
    }
    report.seconds = Math.round((performance.now() - t0) / 100) / 10;
    reports.push(report);
    if (interrupted) return 130;
  }

  printTable(reports);

  const file = join(resultsDir, `${stamp}.json`);
  const machine = {
    cores,
    cpu: cpus()[0]?.model ?? 'unknown',
    arch: arch(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadavgAtStart: loadavg(),
    busyBeforeRunPctOfOneCore: busy,
  };
  const document = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine,
    load,
    profiling: Boolean(profileDir),
    scenarios: reports,
  };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`\nresults: ${file}`);

  const failed = reports.filter((r) => r.error);
  const missed = reports.flatMap((r) =>
    r.results.filter((x) => x.pass === false).map((x) => `${r.name}: ${x.metric}`),
  );
  if (failed.length) console.log(`FAILED: ${failed.map((r) => r.name).join(', ')}`);
  if (missed.length) console.log(`TARGET MISSED: ${missed.join('; ')}`);
  return failed.length || missed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    await runCleanups();
    process.exit(1);
  },
);
