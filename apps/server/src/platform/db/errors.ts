/**
 * True when `error` (or the driver error it wraps: Drizzle wraps pg and PGlite errors in `cause`) is a
 * PostgreSQL unique violation (SQLSTATE 23505) — a check-then-insert that lost a race against another request.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
