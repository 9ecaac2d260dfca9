/**
 * The spec's real-time back-off (000 §4, §9; the same numbers as REALTIME_RECONNECT in @sapa/contracts,
 * copied so the widget bundle does not carry zod; a unit test keeps them equal).
 */
export const RECONNECT = {
  maxRetries: 10,
  growth: 1.3,
  minDelayMs: [1_000, 5_000] as const,
  maxDelayMs: 10_000,
  connectTimeoutMs: 4_000,
  minUptimeMs: 5_000,
} as const;

/** Delay before retry `attempt` (0-based): a random start in [1 s, 5 s] grown by 1.3 per attempt, at most 10 s. */
export function reconnectDelay(attempt: number, random: number): number {
  const [lo, hi] = RECONNECT.minDelayMs;
  const start = lo + (hi - lo) * random;
  return Math.min(RECONNECT.maxDelayMs, Math.round(start * RECONNECT.growth ** attempt));
}
