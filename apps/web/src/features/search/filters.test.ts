import { describe, expect, it } from 'vitest';
import {
  changedFilterCount,
  chatHistoryQueryOf,
  compact,
  defaultFilters,
  emptyFilters,
  filtersFromParams,
  keywordProblem,
  paramsFromFilters,
  type TicketListFilters,
  ticketListQueryOf,
} from './filters';

const TODAY = '2026-11-22';
const base = defaultFilters(TODAY);
const channels = ['WAC', 'TLG', 'EML'] as const;
const parse = (query: string, from = base) => filtersFromParams(new URLSearchParams(query), from, channels);

describe('Daftar Chat filter defaults (000 §3 Chat-list filter defaults)', () => {
  it('created today to today, closed empty, status closed, nothing else', () => {
    expect(base.created).toEqual([TODAY, TODAY]);
    expect(base.closed).toEqual([null, null]);
    expect(base.status).toEqual(['resolved']);
    expect(compact(ticketListQueryOf(base))).toEqual({
      createdFrom: TODAY,
      createdTo: TODAY,
      status: ['resolved'],
    });
  });

  it('an empty URL is the defaults, and the defaults write an empty URL', () => {
    expect(parse('')).toEqual(base);
    expect(paramsFromFilters(base, base).toString()).toBe('');
    expect(changedFilterCount(base, base)).toBe(0);
  });
});

describe('the applied search in the URL', () => {
  const cases: [string, Partial<TicketListFilters>][] = [
    ['any created date', { created: [null, null] }],
    ['a closed range', { closed: ['2026-11-01', '2026-11-15'] }],
    ['any status', { status: [] }],
    ['two statuses', { status: ['assigned', 'expired'] }],
    ['channels, agents and groups', { mediaPlatform: ['TLG', 'EML'], csId: ['a'], csGroup: ['g1', 'g2'] }],
    ['created by the customer or an agent', { createdBy: ['customer', 'u1'] }],
    ['priorities', { priority: [1, 3] }],
    ['texts', { customerInfo: 'Rina', keyword: 'ongkir', remarks: 'retur', email: 'rina@' }],
    ['a field search', { fieldId: 'f1', fieldValue: 'Bandung' }],
    ['tags', { tags: ['vip', 'retur'] }],
  ];
  it.each(cases)('%s survives a reload', (_, change) => {
    const filters = { ...base, ...change };
    expect(parse(paramsFromFilters(filters, base).toString())).toEqual(filters);
  });

  it('counts the filters that differ from the defaults', () => {
    expect(changedFilterCount({ ...base, status: [], keyword: 'ongkir' }, base)).toBe(2);
    expect(changedFilterCount({ ...base, fieldId: 'f1', fieldValue: 'x' }, base)).toBe(1);
  });

  it('ignores what it cannot read', () => {
    const read = parse('created=yesterday&status=closed&priority=9&mediaPlatform=fax&closed=2026-13');
    expect(read.created).toEqual([TODAY, TODAY]);
    expect(read.status).toEqual(['resolved']);
    expect(read.priority).toEqual([]);
    expect(read.mediaPlatform).toEqual([]);
    expect(read.closed).toEqual([null, null]);
  });

  it('orders a reversed range and completes a one-day range', () => {
    expect(parse('created=2026-11-20~2026-11-02').created).toEqual(['2026-11-02', '2026-11-20']);
    expect(parse('closed=2026-11-05').closed).toEqual(['2026-11-05', '2026-11-05']);
  });

  it('a field value without a field is dropped', () => {
    expect(parse('fieldValue=x').fieldValue).toBe('');
  });
});

describe('queries sent to the API', () => {
  it('maps every Daftar Chat filter to GET /api/ticket-list', () => {
    const query = ticketListQueryOf({
      ...base,
      customerInfo: ' Rina ',
      tags: ['vip'],
      closed: ['2026-11-01', null],
      remarks: 'retur',
      mediaPlatform: ['WAC'],
      csId: ['u1'],
      closedBy: ['u2'],
      createdBy: ['customer'],
      csGroup: ['g1'],
      status: [],
      priority: [1, 2],
      fieldId: 'f1',
      fieldValue: ' Bandung ',
      keyword: 'ongkir',
    });
    expect(compact(query)).toEqual({
      customerInfo: 'Rina',
      tags: ['vip'],
      createdFrom: TODAY,
      createdTo: TODAY,
      closedFrom: '2026-11-01',
      closedTo: '2026-11-01',
      remarksOrSubject: 'retur',
      mediaPlatform: ['WAC'],
      csId: ['u1'],
      closedBy: ['u2'],
      createdBy: ['customer'],
      csGroup: ['g1'],
      priority: ['1', '2'],
      fields: ['f1:Bandung'],
      keyword: 'ongkir',
    });
  });

  it('a keyword under three characters is not sent (000 §2 message keyword search needs a trigram)', () => {
    expect(keywordProblem('ab')).toBe('tooShort');
    expect(keywordProblem('  ')).toBeNull();
    expect(keywordProblem('abc')).toBeNull();
    expect(ticketListQueryOf({ ...base, keyword: 'ab' }).keyword).toBeUndefined();
  });

  it('the chat history starts unfiltered and reads its date as the resolved day', () => {
    expect(compact(chatHistoryQueryOf(emptyFilters()))).toEqual({});
    expect(
      compact(
        chatHistoryQueryOf({
          ...emptyFilters(),
          customerInfo: 'Budi',
          email: 'budi@',
          closed: ['2026-11-01', '2026-11-07'],
          mediaPlatform: ['TLG'],
          csId: ['u1'],
          closedBy: ['u2'],
          remarks: 'komplain',
          tags: ['vip'],
        }),
      ),
    ).toEqual({
      contact: 'Budi',
      email: 'budi@',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-07',
      channel: ['TLG'],
      csId: ['u1'],
      closedBy: ['u2'],
      remarks: 'komplain',
      tag: ['vip'],
    });
  });
});
