/**
 * Polls `check` until it returns a value (not undefined/false) or the time runs out. Never a fixed sleep. The
 * limit is generous (a job round on a loaded two-core machine can take seconds): it only matters when failing.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
