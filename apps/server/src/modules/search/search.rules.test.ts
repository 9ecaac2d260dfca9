import { TICKET_LIST_COLUMN_KEYS } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { containsPattern, dayRange, normaliseColumns, shownStatus, startOfDayIn } from './search.rules.js';

describe('days in the business time zone (000 §9 Asia/Jakarta)', () => {
  it.each([
    ['2026-03-10', 'Asia/Jakarta', '2026-03-09T17:00:00.000Z'],
    ['2026-01-01', 'Asia/Jakarta', '2025-12-31T17:00:00.000Z'],
    ['2026-03-10', 'UTC', '2026-03-10T00:00:00.000Z'],
    ['2026-03-10', 'Asia/Jayapura', '2026-03-09T15:00:00.000Z'],
  ])('%s starts at %s in %s', (day, zone, instant) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(instant);
  });

  it.each([
    ['2026-03-10', '2026-03-10', '2026-03-09T17:00:00.000Z', '2026-03-10T17:00:00.000Z'],
    ['2026-02-28', '2026-03-01', '2026-02-27T17:00:00.000Z', '2026-03-01T17:00:00.000Z'],
    ['2026-12-31', '2026-12-31', '2026-12-30T17:00:00.000Z', '2026-12-31T17:00:00.000Z'],
    [undefined, '2026-03-10', undefined, '2026-03-10T17:00:00.000Z'],
    ['2026-03-10', undefined, '2026-03-09T17:00:00.000Z', undefined],
  ])('from %s to %s covers [%s, %s)', (from, to, start, before) => {
    const range = dayRange(from, to);
    expect(range.from?.toISOString()).toBe(start);
    expect(range.before?.toISOString()).toBe(before);
  });
});

describe('shown status (000 §4)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    [
      'resolved stays resolved',
      { status: 'resolved', channel: 'WAP', lastCustomerMessageAt: hoursAgo(48) },
      'resolved',
    ],
    [
      'open WhatsApp chat inside the window',
      { status: 'assigned', channel: 'WAP', lastCustomerMessageAt: hoursAgo(23) },
      'assigned',
    ],
    [
      'open WhatsApp chat exactly 24 h (still open)',
      { status: 'assigned', channel: 'WAP', lastCustomerMessageAt: hoursAgo(24) },
      'assigned',
    ],
    [
      'open WhatsApp chat after 24 h',
      { status: 'assigned', channel: 'WAP', lastCustomerMessageAt: hoursAgo(25) },
      'expired',
    ],
    [
      'Messenger after 3 days: the HUMAN_AGENT tag still answers',
      { status: 'assigned', channel: 'MSG', lastCustomerMessageAt: hoursAgo(72) },
      'assigned',
    ],
    [
      'Instagram after 8 days: expired',
      { status: 'unassigned', channel: 'IGM', lastCustomerMessageAt: hoursAgo(192) },
      'expired',
    ],
    [
      'unassigned after 24 h',
      { status: 'unassigned', channel: 'WAP', lastCustomerMessageAt: hoursAgo(30) },
      'expired',
    ],
    [
      'no customer message yet',
      { status: 'unassigned', channel: 'WAP', lastCustomerMessageAt: null },
      'unassigned',
    ],
    [
      'a channel without expiry',
      { status: 'assigned', channel: 'LVC', lastCustomerMessageAt: hoursAgo(48) },
      'assigned',
    ],
  ])('%s', (_name, row, expected) => {
    expect(shownStatus(row, now)).toBe(expected);
  });
});

describe('column choice', () => {
  it.each([
    [
      ['subject', 'id', 'subject'],
      ['subject', 'id'],
    ],
    [
      ['id', 'password', 'status'],
      ['id', 'status'],
    ],
    [[], []],
  ])('%j keeps %j', (input, expected) => {
    expect(normaliseColumns(input, TICKET_LIST_COLUMN_KEYS)).toEqual(expected);
  });
});

describe('LIKE patterns', () => {
  it.each([
    ['ongkir', '%ongkir%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\x', '%c:\\\\x%'],
  ])('%s → %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
