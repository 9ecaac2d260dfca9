import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The tsx loader, resolved once, so that children run TypeScript without a `tsx` wrapper process in between. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface Child {
  process: ChildProcess;
  pid: number;
  /** The last lines the child wrote (stdout and stderr), for error messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the child has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeFlags?: string[];
  /** Open an IPC channel (`process.send` in the child). */
  ipc?: boolean;
}

const OUTPUT_LINES = 60;

/** Runs a TypeScript file in its own Node.js process (the tsx loader is registered in that same process). */
export function spawnTs(file: string, args: string[], options: SpawnOptions): Child {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', tsxLoader, file, ...args],
    {
      cwd: options.cwd,
      env: options.env,
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // BENCH_CHILD_LOG_DIR: every child's whole output in <dir>/<file name>-<pid>.log (with LOG_LEVEL=debug in
  // the environment, the servers' debug lines: e.g. the broadcast engine's round timings).
  const logDir = process.env.BENCH_CHILD_LOG_DIR;
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const out = createWriteStream(join(logDir, `${basename(file, '.ts')}-${child.pid}.log`));
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let exitedYet = false;
  void exited.then(() => {
    exitedYet = true;
  });
  return {
    process: child,
    pid: child.pid,
    output: () => lines.join('\n'),
    exited,
    async stop(graceMs = 10_000) {
      if (exitedYet) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Waits for the child's next IPC message, failing if the child exits first. */
export async function nextMessage<T>(child: Child, timeoutMs: number): Promise<T> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  try {
    const message = once(child.process, 'message', { signal: ac.signal }).then(([m]) => m as T);
    const died = child.exited.then((code) => {
      throw new Error(`child ${child.pid} exited (${code}) before answering:\n${child.output()}`);
    });
    died.catch(() => {}); // only the race reports it
    return await Promise.race([message, died]);
  } catch (err) {
    if (ac.signal.aborted)
      throw new Error(`child ${child.pid} did not answer within ${timeoutMs} ms:\n${child.output()}`);
    throw err;
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
}
