import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Child } from './child.js';

/** Everything the harness talks to is on this machine. */
export const LOOPBACK = '127.0.0.1';

export function assertLoopback(host: string): void {
  if (host !== '127.0.0.1' && host !== '::1' && host !== 'localhost') {
    throw new Error(`the benchmark only talks to loopback addresses, not ${host}`);
  }
}

/** A TCP port that is free on the loopback interface right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, LOOPBACK);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Polls `url` until it answers 2xx: the server is ready when its readiness endpoint says so, not after a
 * guessed sleep. Fails at once if the child exits, and after `timeoutMs` otherwise.
 */
export async function waitForReady(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  assertLoopback(new URL(url).hostname);
  let exited: number | string | undefined;
  void child.exited.then((code) => {
    exited = code;
  });
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    if (exited !== undefined)
      throw new Error(`server exited (${exited}) before it was ready:\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    // Poll interval between attempts that found the port closed: short, growing, capped.
    await delay(Math.min(25 * attempt, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${lastError}):\n${child.output()}`);
}
