import { REALTIME_RECONNECT } from '@sapa/contracts';

/**
 * The real-time socket's reconnect policy (000 §4 Real-time connection, §9), as pure functions:
 * - the first connection is opened at once;
 * - a failed attempt (no open within 4 s, or a close before 5 s of uptime) is retried up to 10 times, the
 *   n-th retry after `min × 1.3^(n-1)` capped at 10 s, where `min` is drawn once between 1 and 5 s;
 * - a connection that stayed open 5 s resets the retries;
 * - after a close of such a connection, it reconnects after 1 s if a token exists;
 * - without a token it stays closed.
 */

export type RealtimePolicy = typeof REALTIME_RECONNECT;

/** The random minimum delay (1–5 s), drawn once per client. */
export function randomMinDelay(
  random: () => number = Math.random,
  policy: RealtimePolicy = REALTIME_RECONNECT,
) {
  const [low, high] = policy.minDelayMs;
  return Math.round(low + random() * (high - low));
}

/** Delay before the `retry`-th retry (1-based). */
export function retryDelay(retry: number, minDelayMs: number, policy: RealtimePolicy = REALTIME_RECONNECT) {
  return Math.min(minDelayMs * policy.growth ** Math.max(0, retry - 1), policy.maxDelayMs);
}

/** Every retry delay of one back-off series (10 delays). */
export function backoffSchedule(minDelayMs: number, policy: RealtimePolicy = REALTIME_RECONNECT): number[] {
  return Array.from({ length: policy.maxRetries }, (_, i) => retryDelay(i + 1, minDelayMs, policy));
}

/** Retries reset once a connection has been up for 5 s. */
export function retriesAfterUptime(
  retries: number,
  uptimeMs: number,
  policy: RealtimePolicy = REALTIME_RECONNECT,
) {
  return uptimeMs >= policy.minUptimeMs ? 0 : retries;
}

export interface CloseInfo {
  /** Retries used so far in this back-off series. */
  retries: number;
  /** How long the socket was open; null when it never opened (error or connect time-out). */
  uptimeMs: number | null;
  hasToken: boolean;
}

export type NextStep =
  | { kind: 'reconnect'; delayMs: number; retries: number }
  /** Retries exhausted: offline until the user or a new token starts it again. */
  | { kind: 'give-up' }
  /** No token (signed out): stay closed. */
  | { kind: 'stop' };

/** What to do after a socket closed (or failed to open). */
export function nextStep(
  info: CloseInfo,
  minDelayMs: number,
  policy: RealtimePolicy = REALTIME_RECONNECT,
): NextStep {
  if (!info.hasToken) return { kind: 'stop' };
  if (info.uptimeMs !== null && info.uptimeMs >= policy.minUptimeMs) {
    // A healthy connection closed: retries reset, reconnect after 1 s.
    return { kind: 'reconnect', delayMs: policy.reconnectAfterCloseMs, retries: 0 };
  }
  if (info.retries >= policy.maxRetries) return { kind: 'give-up' };
  const retries = info.retries + 1;
  return { kind: 'reconnect', delayMs: retryDelay(retries, minDelayMs, policy), retries };
}

/** ws: or wss: on the page's own host, with the access token in the query (000 §7 Real-time). */
export function realtimeUrl(
  location: { protocol: string; host: string },
  path: string,
  token: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}?token=${encodeURIComponent(token)}`;
}
