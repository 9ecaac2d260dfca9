const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keyset cursors over (timestamp, uuid): opaque base64url of `<ISO time>|<id>`. A cursor that does not decode
 * is null (the caller answers 400), never a query error.
 */
export function encodeTimeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeTimeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !UUID.test(id)) return null;
  return { at: date, id };
}

/**
 * Keyset cursors over (the database's own timestamp text, uuid), for lists ordered to the microsecond (a
 * JavaScript Date would round microseconds away and a page could repeat or skip a row): base64url of
 * `<timestamp text>|<uuid>`. The text is PostgreSQL's (`timestamptz::text`, or ISO with `Z`); the list casts
 * it back with `::timestamptz`. A cursor whose time is not a real instant in that form is null, so a forged
 * one gets a 400, never a query error.
 */
export function encodeDbTimeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeDbTimeCursor(cursor: string): { at: string; id: string } | null {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !isDbTime(at) || !UUID.test(id)) return null;
  return { at, id };
}

const DB_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;
/** PostgreSQL timestamp text on a real calendar date (the database would fail on 2026-02-30 with a 500). */
function isDbTime(value: string): boolean {
  const m = DB_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * One keyset page out of `limit + 1` rows read: the first `limit` rows, and — only when the extra row showed
 * there is more — the cursor of the last row shown.
 */
export function keysetPage<R>(
  rows: readonly R[],
  limit: number,
  cursorOf: (last: R) => string,
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
