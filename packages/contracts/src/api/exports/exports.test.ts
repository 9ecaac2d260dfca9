import { describe, expect, it } from 'vitest';
import {
  EXPORT_RANGE_MAX_DAYS,
  exportRangeDays,
  exportRangeOf,
  exportRangeProblem,
  exportRequestSchema,
} from './exports.js';

describe('exportRangeDays (inclusive days)', () => {
  it.each([
    ['2026-11-01', '2026-11-01', 1],
    ['2026-11-01', '2026-11-30', 30],
    ['2026-11-01', '2026-12-01', 31],
    ['2026-11-01', '2026-12-02', 32],
    ['2026-02-01', '2026-03-03', 31],
    ['2026-11-02', '2026-11-01', 0],
  ])('%s → %s = %d', (from, to, days) => expect(exportRangeDays(from, to)).toBe(days));
});

describe('000 §9: chat history download range is at most 31 days', () => {
  type Case = [string, Parameters<typeof exportRangeProblem>[0], ReturnType<typeof exportRangeProblem>];
  it.each<Case>([
    [
      '31 days created',
      { roomType: 'ticketList', filter: { createdFrom: '2026-11-01', createdTo: '2026-12-01' } },
      null,
    ],
    [
      '32 days created',
      { roomType: 'ticketList', filter: { createdFrom: '2026-11-01', createdTo: '2026-12-02' } },
      'exports.rangeTooLong',
    ],
    [
      'closed range only',
      { roomType: 'ticketList', filter: { closedFrom: '2026-11-01', closedTo: '2026-11-05' } },
      null,
    ],
    [
      'created ok, closed too long',
      {
        roomType: 'ticketList',
        filter: {
          createdFrom: '2026-11-01',
          createdTo: '2026-11-02',
          closedFrom: '2026-01-01',
          closedTo: '2026-11-05',
        },
      },
      'exports.rangeTooLong',
    ],
    ['no range', { roomType: 'ticketList', filter: {} }, 'exports.rangeRequired'],
    [
      'half-open created',
      { roomType: 'ticketList', filter: { createdFrom: '2026-11-01' } },
      'exports.rangeRequired',
    ],
    [
      'reversed',
      { roomType: 'ticketList', filter: { createdFrom: '2026-11-05', createdTo: '2026-11-01' } },
      'exports.rangeReversed',
    ],
    [
      'history 31 days',
      { roomType: 'chatHistory', filter: { dateFrom: '2026-10-01', dateTo: '2026-10-31' } },
      null,
    ],
    [
      'history 32 days',
      { roomType: 'chatHistory', filter: { dateFrom: '2026-10-01', dateTo: '2026-11-01' } },
      'exports.rangeTooLong',
    ],
    [
      'history created keys do not count',
      { roomType: 'chatHistory', filter: { createdFrom: '2026-10-01', createdTo: '2026-10-02' } as never },
      'exports.rangeRequired',
    ],
  ])('%s', (_name, request, problem) => expect(exportRangeProblem(request)).toBe(problem));

  it('is the spec limit', () => expect(EXPORT_RANGE_MAX_DAYS).toBe(31));
});

describe('exportRequestSchema', () => {
  it('takes a ticket-list request with defaults', () => {
    const parsed = exportRequestSchema.parse({
      roomType: 'ticketList',
      type: 'chats',
      filter: { createdFrom: '2026-11-01', createdTo: '2026-11-02', status: 'resolved' },
    });
    expect(parsed.format).toBe('xlsx');
    expect(exportRangeOf(parsed)).toEqual({ from: '2026-11-01', to: '2026-11-02' });
  });
  it('refuses a range over 31 days with the spec message key on the filter', () => {
    const result = exportRequestSchema.safeParse({
      roomType: 'chatHistory',
      type: 'messages',
      format: 'csv',
      filter: { dateFrom: '2026-01-01', dateTo: '2026-03-01' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['filter'], message: 'exports.rangeTooLong' });
  });
  it('refuses an unknown format', () => {
    const result = exportRequestSchema.safeParse({
      roomType: 'chatHistory',
      type: 'chats',
      format: 'pdf',
      filter: { dateFrom: '2026-01-01', dateTo: '2026-01-02' },
    });
    expect(result.success).toBe(false);
  });
});
