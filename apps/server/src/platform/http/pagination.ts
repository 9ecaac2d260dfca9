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
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at: date, id };
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
