import { type BulkAction, bulkActionSchema, bulkFailuresCsv } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { type BulkTicketState, nextTags, ticketFailure } from './bulk.rules.js';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const HOUR = 3_600_000;
const ticket = (over: Partial<BulkTicketState> = {}): BulkTicketState => ({
  clientId: '0190f4c8-0000-7000-8000-000000000001',
  id: '0190f4c8-0000-7000-8000-000000000002',
  status: 'unassigned',
  channel: 'WAP',
  lastCustomerMessageAt: new Date(NOW - HOUR),
  tags: [],
  ...over,
});
const action = (a: Record<string, unknown>): BulkAction => bulkActionSchema.parse(a);

describe('nextTags', () => {
  it.each([
    [['vip'], { addTags: ['promo'] }, ['vip', 'promo']],
    [['vip'], { addTags: ['VIP', 'promo', 'Promo'] }, ['vip', 'promo']],
    [['vip', 'Promo'], { removeTags: ['promo'] }, ['vip']],
    [['vip', 'lama'], { removeTags: ['LAMA'], addTags: ['baru'] }, ['vip', 'baru']],
    [['a'], { removeTags: ['a'], addTags: ['A'] }, ['A']],
    [[], {}, []],
  ])('%j with %j → %j', (current, change, expected) => {
    expect(nextTags(current, change)).toEqual(expected);
  });
});

describe('ticketFailure: a ticket fails as a whole, with the reason of the log', () => {
  it.each<[string, Record<string, unknown>, BulkTicketState | undefined, string | null]>([
    ['missing ticket (another business, unknown id)', { priority: 1 }, undefined, 'bulk.ticketNotFound'],
    ['resolve an open ticket', { status: 'resolved' }, ticket(), null],
    ['resolve an expired ticket', { status: 'resolved' }, ticket({ status: 'expired' }), null],
    [
      'resolve a resolved ticket',
      { status: 'resolved' },
      ticket({ status: 'resolved' }),
      'inbox.ticketClosed',
    ],
    [
      'assign a resolved ticket',
      { assignedCs: '0190f4c8-0000-7000-8000-000000000003' },
      ticket({ status: 'resolved' }),
      'inbox.ticketClosed',
    ],
    ['priority on a resolved ticket', { priority: 1 }, ticket({ status: 'resolved' }), null],
    [
      'internal note on a resolved ticket',
      { sendMessageAs: 'internal', message: 'x' },
      ticket({ status: 'resolved' }),
      null,
    ],
    [
      'public reply on a resolved ticket',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ status: 'resolved' }),
      'inbox.ticketClosed',
    ],
    ['public reply inside the window', { sendMessageAs: 'public', message: 'x' }, ticket(), null],
    [
      'public WhatsApp reply after 24 h',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ lastCustomerMessageAt: new Date(NOW - 25 * HOUR) }),
      'inbox.expiredWhatsapp',
    ],
    [
      'public WhatsApp reply, customer never wrote',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ lastCustomerMessageAt: null }),
      'inbox.expiredWhatsapp',
    ],
    [
      'public Messenger reply after 3 days (HUMAN_AGENT tag)',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ channel: 'MSG', lastCustomerMessageAt: new Date(NOW - 72 * HOUR) }),
      null,
    ],
    [
      'public Instagram reply after 8 days',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ channel: 'IGM', lastCustomerMessageAt: new Date(NOW - 8 * 24 * HOUR) }),
      'inbox.expiredResolve',
    ],
    [
      'public reply on live chat (no expiry)',
      { sendMessageAs: 'public', message: 'x' },
      ticket({ channel: 'LVC', lastCustomerMessageAt: null }),
      null,
    ],
    [
      'tags within the limit',
      { addTags: ['b'] },
      ticket({ tags: Array.from({ length: 19 }, (_, i) => `t${i}`) }),
      null,
    ],
    [
      'tags over the limit',
      { addTags: ['b', 'c'] },
      ticket({ tags: Array.from({ length: 19 }, (_, i) => `t${i}`) }),
      'ticket.tooManyTags',
    ],
    [
      'a removal makes room',
      { addTags: ['b'], removeTags: ['t0'] },
      ticket({ tags: Array.from({ length: 20 }, (_, i) => `t${i}`) }),
      null,
    ],
  ])('%s', (_name, a, state, expected) => {
    expect(ticketFailure(action(a), state, NOW)).toBe(expected);
  });
});

describe('bulk action input', () => {
  it.each<[Record<string, unknown>, string | null]>([
    [{}, 'bulk.nothingToDo'],
    [{ addTags: [], removeTags: [] }, 'bulk.nothingToDo'],
    [{ addTags: ['x'.repeat(51)] }, 'validation.max50'],
    [{ message: 'x' }, 'validation.fieldRequired'],
    [{ sendMessageAs: 'public' }, 'validation.fieldRequired'],
    [{ sendMessageAs: 'internal', message: '   ' }, 'validation.fieldRequired'],
    [{ remarks: '' }, null],
    [{ status: 'resolved' }, null],
    [{ status: 'assigned' }, 'invalid'],
  ])('%j → %s', (input, issue) => {
    const parsed = bulkActionSchema.safeParse(input);
    if (issue === null) expect(parsed.success).toBe(true);
    else {
      expect(parsed.success).toBe(false);
      if (issue !== 'invalid') expect(parsed.error?.issues.map((i) => i.message)).toContain(issue);
    }
  });
});

describe('the failure log as CSV', () => {
  it.each([
    [[], 'ticket_id,display_id,reason\r\n'],
    [
      [{ ticketId: 'a', displayId: 'T-000001', reason: 'k' }],
      'ticket_id,display_id,reason\r\na,T-000001,K\r\n',
    ],
    [
      [{ ticketId: 'b', displayId: null, reason: 'q' }],
      'ticket_id,display_id,reason\r\nb,,"Say ""hi"", then go"\r\n',
    ],
    [[{ ticketId: 'c', displayId: null, reason: 'n' }], 'ticket_id,display_id,reason\r\nc,,"two\nlines"\r\n'],
  ])('%j', (rows, expected) => {
    const text = (reason: string) => ({ k: 'K', q: 'Say "hi", then go', n: 'two\nlines' })[reason] ?? reason;
    expect(bulkFailuresCsv(rows, text)).toBe(expected);
  });
});
