import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TICKET_LIST_COLUMNS,
  defaultTicketListFilter,
  TICKET_LIST_COLUMN_KEYS,
  ticketColumnsSchema,
  ticketListQuerySchema,
  todayIn,
} from './search.js';

describe('ticket list columns (000 §3)', () => {
  it('has the fourteen column keys and the defaults omit subject, priority and submitterId', () => {
    expect(TICKET_LIST_COLUMN_KEYS).toHaveLength(14);
    expect(DEFAULT_TICKET_LIST_COLUMNS).toEqual([
      'id',
      'groupId',
      'createdAt',
      'customer',
      'assigneeId',
      'closedAt',
      'remarks',
      'mediaPlatform',
      'closedBy',
      'tags',
      'status',
    ]);
  });
  it('refuses an unknown or empty column list', () => {
    expect(ticketColumnsSchema.safeParse({ columns: ['id', 'nope'] }).success).toBe(false);
    expect(ticketColumnsSchema.safeParse({ columns: [] }).success).toBe(false);
  });
});

describe('chat-list filter defaults (000 §3)', () => {
  it.each([
    // 2026-11-22 18:30 UTC is already 23 Nov in Jakarta (UTC+7)
    ['2026-11-22T18:30:00Z', 'Asia/Jakarta', '2026-11-23'],
    ['2026-11-22T16:59:59Z', 'Asia/Jakarta', '2026-11-22'],
    ['2026-11-22T16:59:59Z', 'UTC', '2026-11-22'],
  ])('today at %s in %s is %s', (now, zone, day) => {
    expect(todayIn(zone, new Date(now))).toBe(day);
    expect(defaultTicketListFilter(zone, new Date(now))).toEqual({
      createdFrom: day,
      createdTo: day,
      status: ['resolved'],
    });
  });
});

describe('ticket list query', () => {
  const ok = (q: Record<string, unknown>) => ticketListQuerySchema.parse(q);
  const bad = (q: Record<string, unknown>) => ticketListQuerySchema.safeParse(q).success === false;
  it.each([
    [{ status: 'resolved,assigned' }, { status: ['resolved', 'assigned'] }],
    [{ status: ['resolved', 'expired'] }, { status: ['resolved', 'expired'] }],
    [{ priority: '1,3' }, { priority: [1, 3] }],
    [{ mediaPlatform: 'WAP' }, { mediaPlatform: ['WAP'] }],
    [{ createdBy: 'customer' }, { createdBy: ['customer'] }],
    [
      { fields: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b:gold: vip' },
      { fields: [{ fieldId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', value: 'gold: vip' }] },
    ],
    [{ withTotal: 'true' }, { withTotal: true }],
    [{}, { limit: 50, withTotal: false }],
  ])('parses %j', (query, expected) => {
    expect(ok(query)).toMatchObject(expected);
  });
  it.each([
    { status: 'closed' },
    { priority: '4' },
    { mediaPlatform: 'XXX' },
    { createdBy: 'someone' },
    { csId: 'not-a-uuid' },
    { createdFrom: '2026-13-45' },
    { createdFrom: '22/11/2026' },
    { keyword: 'ab' },
    { limit: '101' },
    { fields: 'nope' },
  ])('refuses %j', (query) => {
    expect(bad(query)).toBe(true);
  });
});
