/**
 * A PostgreSQL array literal of text values (`{"a","b",NULL}`), to pass a whole column as ONE parameter and
 * read it with `unnest($1::uuid[], $2::text[], …)`. Parsing a typed array is several times cheaper for the
 * server than `jsonb_to_recordset` over the same rows (a batch of a thousand ledger rows: ~1 ms against ~10).
 * Every element is quoted, `"` and `\` escaped; null is SQL NULL.
 */
export function pgArray(values: readonly (string | number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    out += v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}
