import { describe, expect, it } from 'vitest';
import {
  decodeDbTimeCursor,
  decodeTimeCursor,
  encodeDbTimeCursor,
  encodeTimeCursor,
  keysetPage,
} from './pagination.js';

describe('keysetPage', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}` }));
  const cases: Array<{ read: number; limit: number; items: number; next: string | null }> = [
    { read: 0, limit: 3, items: 0, next: null }, // nothing at all
    { read: 2, limit: 3, items: 2, next: null }, // fewer than a page: the end
    { read: 3, limit: 3, items: 3, next: null }, // exactly a page, no extra row: the end
    { read: 4, limit: 3, items: 3, next: 'r3' }, // the extra row says there is more: cursor of the last shown
    { read: 1, limit: 0, items: 0, next: null }, // a zero page shows nothing and has no last row
  ];
  it.each(cases)('$read rows read for a page of $limit → $items items, next $next', (c) => {
    const { page, nextCursor } = keysetPage(rows(c.read), c.limit, (last) => last.id);
    expect(page).toHaveLength(c.items);
    expect(nextCursor).toBe(c.next);
  });
});

describe('time cursors', () => {
  it('decode what they encode, and refuse anything else', () => {
    const at = new Date('2026-11-25T10:00:00.000Z');
    const id = '0190c2a4-5b6e-7c8d-9e0f-a1b2c3d4e5f6';
    expect(decodeTimeCursor(encodeTimeCursor(at, id))).toEqual({ at, id });
    expect(decodeTimeCursor('not-a-cursor')).toBeNull();
    expect(decodeTimeCursor(Buffer.from('2026-11-25T10:00:00Z|x').toString('base64url'))).toBeNull();
  });
});

describe('database time cursors (the ticket list, users)', () => {
  const id = '01a20294-98df-7f27-a7de-224b5e67dbc0';
  it('round-trips microseconds', () => {
    const at = '2026-04-01T03:00:00.123456Z';
    expect(decodeDbTimeCursor(encodeDbTimeCursor(at, id))).toEqual({ at, id });
  });
  it.each([
    ['garbage', Buffer.from('garbage').toString('base64url')],
    ['no id', Buffer.from('2026-04-01T03:00:00.123456Z|').toString('base64url')],
    ['bad id', Buffer.from("2026-04-01T03:00:00Z|1' or '1'='1").toString('base64url')],
    ['bad time', Buffer.from(`yesterday|${id}`).toString('base64url')],
    ['impossible time', Buffer.from(`2026-13-45T03:00:00Z|${id}`).toString('base64url')],
    ['extra part', Buffer.from(`2026-04-01T03:00:00Z|${id}|x`).toString('base64url')],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeDbTimeCursor(cursor)).toBeNull();
  });
});
