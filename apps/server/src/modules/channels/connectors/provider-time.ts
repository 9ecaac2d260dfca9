/**
 * A provider's time (Unix seconds, as a number or a string), in the past only: a skewed clock must not extend
 * the 24-hour window. Missing or invalid: now.
 */
export function timeOf(timestamp: string | number | undefined, now: Date): Date {
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || seconds <= 0) return now;
  return new Date(Math.min(seconds * 1000, now.getTime()));
}
