/** What a scenario measured: one figure, the baseline it is compared with (measured in the same run) and the ratio. */
export interface Result {
  metric: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  /** value / baseline.value. */
  ratio: number;
  /** A bound on the ratio; a missed target makes `npm run bench` exit non-zero. */
  target?: { op: '>=' | '<='; value: number };
  pass?: boolean;
}

/** The load every measurement of one run uses, so that a figure and its baseline see the same load. */
export interface LoadOptions {
  /** Concurrent keep-alive connections, each with one request in flight (closed loop). */
  connections: number;
  /** Seconds measured. */
  durationSeconds: number;
  /** Seconds of load before measuring (JIT, pools, caches), not counted. */
  warmupSeconds: number;
}

export interface BenchContext {
  /** Absolute path of the repository root. */
  repoRoot: string;
  load: LoadOptions;
  /** Administrative PostgreSQL URL: scenarios create their databases through it and drop them at the end. */
  adminDatabaseUrl: string;
  /** When set, servers started by scenarios write CPU profiles to this folder (`--profile`). */
  profileDir: string | undefined;
  /** A progress line on stderr. */
  log(message: string): void;
  /** Extra figures that explain the results (CPU use, status codes…), kept in the JSON report. */
  record(key: string, value: unknown): void;
  /** Cleanup that runs when the scenario ends, whether it passed, failed or was interrupted (last in, first out). */
  defer(cleanup: () => Promise<void> | void): void;
}

/** The named exports of a module in `bench/scenarios/`. */
export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Result[]>;
}

/** Builds a Result: the ratio and whether the target is met are derived, never typed by hand. */
export function compare(input: Omit<Result, 'ratio' | 'pass'>): Result {
  const ratio = input.baseline.value === 0 ? Number.NaN : input.value / input.baseline.value;
  const result: Result = { ...input, ratio };
  if (input.target) result.pass = meets(ratio, input.target);
  return result;
}

export function meets(ratio: number, target: NonNullable<Result['target']>): boolean {
  if (!Number.isFinite(ratio)) return false;
  return target.op === '>=' ? ratio >= target.value : ratio <= target.value;
}
