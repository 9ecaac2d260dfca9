/** The rows of a `db.execute` result, on node-postgres (`{ rows }`) and PGlite (`{ rows }`) alike. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
