import {
  DEFAULT_TICKET_LIST_COLUMNS,
  TICKET_LIST_COLUMN_KEYS,
  type TicketListColumnKey,
} from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHAT_HISTORY_EXPORT_COLUMNS,
  type ExportMessage,
  type ExportTicket,
  exportColumns,
  exportFileName,
  headerOf,
  messageCells,
  ticketCells,
} from './exports.columns.js';

const ticket: ExportTicket = {
  id: '01a20000-0000-7000-8000-000000000001',
  displayNumber: 42,
  groupName: 'Umum',
  createdAt: new Date('2026-05-10T01:00:00Z'),
  contactName: 'Ani',
  contactHandle: '628111220001',
  contactEmail: null,
  assigneeName: 'Agen Satu',
  resolvedAt: null,
  resolvedByName: null,
  resolveNote: null,
  rating: null,
  ratingComment: null,
  surveyRemarks: null,
  surveyCsTags: [],
  remarks: 'Refund',
  subject: null,
  channel: 'IGM',
  priority: 1,
  tags: ['vip', 'refund'],
  submitterName: null,
  status: 'expired',
};

describe('exportColumns (000 §3 column keys, §2 chat history columns)', () => {
  it.each<[string, Parameters<typeof exportColumns>, TicketListColumnKey[]]>([
    [
      'ticket list, nothing chosen: the default visible columns',
      ['ticketList', null],
      [...DEFAULT_TICKET_LIST_COLUMNS],
    ],
    ['ticket list, empty choice: the defaults', ['ticketList', []], [...DEFAULT_TICKET_LIST_COLUMNS]],
    [
      'ticket list, chosen out of order and twice: spec order, once',
      ['ticketList', ['status', 'id', 'status']],
      ['id', 'status'],
    ],
    ['ticket list, everything', ['ticketList', [...TICKET_LIST_COLUMN_KEYS]], [...TICKET_LIST_COLUMN_KEYS]],
    ['chat history ignores a choice', ['chatHistory', ['id']], [...CHAT_HISTORY_EXPORT_COLUMNS]],
  ])('%s', (_name, args, expected) => expect(exportColumns(...args)).toEqual(expected));

  it('default visible columns omit subject, priority and submitterId (000 §3)', () => {
    const columns = exportColumns('ticketList', undefined);
    for (const hidden of ['subject', 'priority', 'submitterId'] as const)
      expect(columns).not.toContain(hidden);
  });
});

describe('headerOf', () => {
  it.each<[TicketListColumnKey[], boolean, 'id' | 'en', string[]]>([
    [['id', 'customer'], false, 'en', ['Ticket ID', 'Customer', 'Phone / username']],
    [['id', 'customer'], false, 'id', ['ID Tiket', 'Pelanggan', 'Nomor / nama pengguna']],
    [
      ['status'],
      true,
      'en',
      ['Status', 'Message time', 'Sender', 'Message type', 'Message', 'Internal note'],
    ],
    [
      ['priority'],
      true,
      'id',
      ['Prioritas', 'Waktu pesan', 'Pengirim', 'Jenis pesan', 'Pesan', 'Catatan internal'],
    ],
  ])('%j with messages=%s in %s', (columns, withMessages, language, expected) =>
    expect(headerOf(columns, withMessages, language)).toEqual(expected),
  );
});

describe('ticketCells', () => {
  it.each<[TicketListColumnKey, 'id' | 'en', unknown[]]>([
    ['id', 'en', ['T-000042']],
    ['groupId', 'en', ['Umum']],
    ['customer', 'en', ['Ani', '628111220001']],
    ['assigneeId', 'en', ['Agen Satu']],
    ['closedAt', 'en', [null]],
    ['mediaPlatform', 'en', ['Instagram']],
    ['priority', 'en', ['High']],
    ['priority', 'id', ['Tinggi']],
    ['tags', 'en', ['vip, refund']],
    ['submitterId', 'en', ['Customer']],
    ['submitterId', 'id', ['Pelanggan']],
    ['status', 'en', ['Expired']],
    ['status', 'id', ['Kedaluwarsa']],
  ])('%s in %s', (key, language, expected) => expect(ticketCells(ticket, [key], language)).toEqual(expected));

  it('closed by: the closer, the note, the rating with its comment, the survey remarks and CS tags', () => {
    const rated = {
      ...ticket,
      resolvedByName: 'Agen Satu',
      resolveNote: 'Beres',
      rating: 4,
      ratingComment: 'cepat',
      surveyRemarks: 'Pelanggan lama',
      surveyCsTags: ['senior', 'fashion'],
    };
    expect(headerOf(['closedBy'], false, 'en')).toEqual([
      'Closed by',
      'Resolve note',
      'Rating',
      'Rating comment',
      'Survey remarks',
      'CS tags',
    ]);
    expect(ticketCells(rated, ['closedBy'], 'id')).toEqual([
      'Agen Satu',
      'Beres',
      4,
      'cepat',
      'Pelanggan lama',
      'senior, fashion',
    ]);
  });

  it('gives as many cells as the header has titles', () => {
    const columns = [...TICKET_LIST_COLUMN_KEYS];
    expect(ticketCells(ticket, columns, 'en')).toHaveLength(headerOf(columns, false, 'en').length);
  });
});

describe('messageCells', () => {
  const at = new Date('2026-05-10T01:00:00Z');
  const base: ExportMessage = {
    createdAt: at,
    direction: 'in',
    visibility: 'public',
    type: 'text',
    text: 'Halo',
    mediaName: null,
    senderName: null,
  };
  it.each<[string, Partial<ExportMessage>, 'id' | 'en', unknown[]]>([
    ['the customer writes', {}, 'en', [at, 'Ani', 'text', 'Halo', '']],
    [
      'an agent replies',
      { direction: 'out', senderName: 'Agen Satu' },
      'en',
      [at, 'Agen Satu', 'text', 'Halo', ''],
    ],
    ['a system message', { direction: 'out' }, 'id', [at, 'Sistem', 'text', 'Halo', '']],
    [
      'an internal note',
      { direction: 'out', senderName: 'Agen', visibility: 'internal' },
      'id',
      [at, 'Agen', 'text', 'Halo', 'Ya'],
    ],
    [
      'a file with a caption',
      { type: 'image', mediaName: 'foto.jpg' },
      'en',
      [at, 'Ani', 'image', 'Halo\nfoto.jpg', ''],
    ],
    [
      'a file alone',
      { type: 'document', text: null, mediaName: 'nota.pdf' },
      'en',
      [at, 'Ani', 'document', 'nota.pdf', ''],
    ],
  ])('%s', (_name, change, language, expected) =>
    expect(messageCells({ ...base, ...change }, 'Ani', language)).toEqual(expected),
  );
});

describe('exportFileName', () => {
  it.each([
    ['chats', 'xlsx', 'chat-data_2026-05-01_2026-05-31.xlsx'],
    ['messages', 'csv', 'chat-messages_2026-05-01_2026-05-31.csv'],
  ] as const)('%s as %s', (type, format, expected) =>
    expect(exportFileName(type, { from: '2026-05-01', to: '2026-05-31' }, format)).toBe(expected),
  );
});
