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
