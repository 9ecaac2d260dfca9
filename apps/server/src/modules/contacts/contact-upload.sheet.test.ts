import * as XLSX from '@e965/xlsx';
import { CONTACT_UPLOAD_COLUMNS } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkContactRow,
  contentMatches,
  readContactSheet,
  uploadExtensionOf,
} from './contact-upload.sheet.js';

const xlsx = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Kontak');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};
const header = [...CONTACT_UPLOAD_COLUMNS];

/** 001 §5 upload checks, table by table. */
describe('upload file checks (001 §5, §8)', () => {
  it.each([
    ['kontak.xlsx', 'xlsx'],
    ['KONTAK.XLS', 'xls'],
    ['data.csv', 'csv'],
    ['kontak.pdf', null],
    ['kontak', null],
    ['kontak.xlsx.exe', null],
  ])('%s → %s', (name, ext) => {
    expect(uploadExtensionOf(name)).toBe(ext);
  });

  it.each([
    ['xlsx', xlsx([header]), true],
    ['xlsx', Buffer.from('Nama,Nomor'), false],
    ['xls', Buffer.from('d0cf11e0a1b11ae1', 'hex'), true],
    ['xls', xlsx([header]), false],
    ['csv', Buffer.from('Nama,Nomor\n'), true],
    ['csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), false],
  ] as const)('content of a .%s file: %#', (ext, bytes, ok) => {
    expect(contentMatches(ext, bytes)).toBe(ok);
  });

  it.each([
    ['the template with rows', [header, ['A', '6281234567890']], { ok: true }],
    [
      'changed columns',
      [
        ['Nama', 'Telepon'],
        ['A', '1'],
      ],
      { ok: false, reason: 'contacts.upload.templateMismatch' },
    ],
    [
      'an extra column',
      [
        [...header, 'Kota'],
        ['A', '1'],
      ],
      { ok: false, reason: 'contacts.upload.templateMismatch' },
    ],
    ['only the header', [header], { ok: false, reason: 'attachment.empty' }],
    ['nothing', [[]], { ok: false, reason: 'attachment.empty' }],
    [
      '2001 rows',
      [header, ...Array.from({ length: 2001 }, () => ['A', '6281234567890'])],
      { ok: false, reason: 'contacts.upload.tooManyRows' },
    ],
  ])('a sheet with %s', (_case, rows, expected) => {
    expect(readContactSheet(xlsx(rows))).toMatchObject(expected);
  });

  it('reads numbers without exponent, dates as YYYY-MM-DD, header case-insensitively, and skips blank rows', () => {
    const rows = [
      header.map((h) => h.toUpperCase()),
      ['Ani', 6281234567890, '', '', new Date(Date.UTC(1990, 4, 17)), ''],
      [],
      ['Budi', '6281234567891'],
    ];
    const sheet = readContactSheet(xlsx(rows));
    expect(sheet).toEqual({
      ok: true,
      rows: [
        { row: 2, values: ['Ani', '6281234567890', '', '', '1990-05-17', ''] },
        { row: 4, values: ['Budi', '6281234567891', '', '', '', ''] },
      ],
    });
  });
});

describe('upload rows (001 §5 contacts)', () => {
  it.each([
    [
      ['Ani', '+62 812-3456-7890', 'Ani@Toko.ID', 'Reseller, VIP', '1990-05-17', 'S1'],
      {
        ok: true,
        contact: {
          name: 'Ani',
          phone: '6281234567890',
          email: 'ani@toko.id',
          groupNames: ['Reseller', 'VIP'],
          birthDate: '1990-05-17',
          lastEducation: 'S1',
        },
      },
    ],
    [['', '6281234567890'], { ok: false, reason: 'validation.required' }],
    [['x'.repeat(151), '6281234567890'], { ok: false, reason: 'validation.max150' }],
    [['Ani', ''], { ok: false, reason: 'newChat.phoneRequired' }],
    [['Ani', '081234567890'], { ok: false, reason: 'validation.phone' }],
    [['Ani', '6281234567890', 'ani@'], { ok: false, reason: 'validation.email' }],
    [['Ani', '6281234567890', '', '', '17/05/1990'], { ok: false, reason: 'contacts.valueDate' }],
    [['Ani', '6281234567890', '', '', '', 'x'.repeat(101)], { ok: false, reason: 'contacts.max100' }],
  ])('%j → %j', (values, expected) => {
    expect(checkContactRow(values)).toEqual(expected);
  });
});
