import * as XLSX from '@e965/xlsx';
import { CONTACT_UPLOAD_COLUMNS } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkContactRow,
  contentMatches,
  type ExtraColumn,
  matchExtraColumns,
  readContactSheet,
  templateWorkbook,
  type UploadField,
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
      header: header.map((h) => h.toUpperCase()),
      extras: [],
      rows: [
        { row: 2, values: ['Ani', '6281234567890', '', '', '1990-05-17', ''] },
        { row: 4, values: ['Budi', '6281234567891', '', '', '', ''] },
      ],
    });
  });
});

describe('a csv typed by hand (issue 16 §4: one phone rule)', () => {
  it('keeps a number 08… as typed, so the phone rule turns it into 628…, and the date as written', () => {
    const csv = Buffer.from(`${header.join(',')}\nBudi,081234567890,,,2001-02-03,\n`);
    expect(readContactSheet(csv)).toMatchObject({
      ok: true,
      rows: [{ row: 2, values: ['Budi', '081234567890', '', '', '2001-02-03', ''] }],
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
          tagNames: [],
          customValues: {},
        },
      },
    ],
    [['', '6281234567890'], { ok: false, problems: [{ reason: 'validation.required' }] }],
    [['x'.repeat(151), '6281234567890'], { ok: false, problems: [{ reason: 'validation.max150' }] }],
    [['Ani', ''], { ok: false, problems: [{ reason: 'newChat.phoneRequired' }] }],
    [['Ani', '62812'], { ok: false, problems: [{ reason: 'phone.length' }] }],
    [['Ani', '62812abc'], { ok: false, problems: [{ reason: 'phone.characters' }] }],
    [['Ani', '6281234567890', 'ani@'], { ok: false, problems: [{ reason: 'validation.email' }] }],
    [
      ['Ani', '6281234567890', '', '', '17/05/1990'],
      { ok: false, problems: [{ reason: 'contacts.valueDate' }] },
    ],
    [
      ['Ani', '6281234567890', '', '', '', 'x'.repeat(101)],
      { ok: false, problems: [{ reason: 'contacts.max100' }] },
    ],
  ])('%j → %j', (values, expected) => {
    expect(checkContactRow(values)).toEqual(expected);
  });
});

const field = (id: string, title: string, type: UploadField['type'], more: Partial<UploadField> = {}) =>
  ({ id, title, type, options: [], validation: 'optional', ...more }) as UploadField;
const city = field('f-city', 'Kota', 'text');
const level = field('f-level', 'Tingkat', 'singleChoice', { options: ['Gold', 'Silver'] });
const hobbies = field('f-hobby', 'Hobi', 'multipleChoice', { options: ['Masak', 'Lari', 'Kopi, Teh'] });
const visits = field('f-visits', 'Kunjungan', 'number');
const since = field('f-since', 'Member Sejak', 'date');
const office = field('f-office', 'Telepon Kantor', 'phone');
const site = field('f-site', 'Situs', 'url');
const mail = field('f-mail', 'Email Kantor', 'email');
const nik = field('f-nik', 'NIK', 'text', { validation: 'required' });
const tagField = field('f-tag', 'tag', 'text');

describe('tags and custom field columns (issue 6: the template carries them)', () => {
  it.each([
    ['none', [], [], []],
    [
      'tags and a field, any order, any case',
      ['kota', ' TAG '],
      [city],
      [{ kind: 'field', field: city }, { kind: 'tags' }],
    ],
    [
      'a field titled like the tags column comes second',
      ['Tag', 'TAG'],
      [tagField],
      [{ kind: 'tags' }, { kind: 'field', field: tagField }],
    ],
    ['a field left out', ['Tag'], [city, level], [{ kind: 'tags' }]],
    ['an unknown column', ['Tag', 'Alamat'], [city], null],
    ['a field twice', ['Kota', 'Kota'], [city], null],
    ['tags twice', ['Tag', 'Tag'], [], null],
  ] as [string, string[], UploadField[], ExtraColumn[] | null][])(
    '%s',
    (_case, headers, fields, expected) => {
      expect(matchExtraColumns(headers, fields)).toEqual(expected);
    },
  );

  it('reads a sheet with the business columns and refuses one with a column it does not have', () => {
    const rows = [
      [...header, 'Tag', 'Kota'],
      ['Ani', '6281234567890', '', '', '', '', 'vip', 'Bandung'],
    ];
    expect(readContactSheet(xlsx(rows), [city])).toMatchObject({
      ok: true,
      extras: [{ kind: 'tags' }, { kind: 'field', field: city }],
      rows: [{ row: 2, values: ['Ani', '6281234567890', '', '', '', '', 'vip', 'Bandung'] }],
    });
    expect(readContactSheet(xlsx(rows), [])).toEqual({
      ok: false,
      reason: 'contacts.upload.templateMismatch',
    });
  });

  const all = [city, level, hobbies, visits, since, office, site, mail];
  const extras: ExtraColumn[] = [{ kind: 'tags' }, ...all.map((f) => ({ kind: 'field' as const, field: f }))];
  const base = ['Ani', '6281234567890', '', '', '', ''];
  const row = (cells: Record<string, string>) => [
    ...base,
    cells.Tag ?? '',
    ...all.map((f) => cells[f.title] ?? ''),
  ];
  it.each([
    ['empty optional cells', {}, { tagNames: [], customValues: {} }],
    [
      'every type',
      {
        Tag: 'VIP, Reseller ,vip,,',
        Kota: ' Bandung ',
        Tingkat: 'Gold',
        Hobi: 'Masak, Lari',
        Kunjungan: '12,5',
        'Member Sejak': '2024-02-29',
        'Telepon Kantor': '+62 21 555 0101',
        Situs: 'https://toko.id/a',
        'Email Kantor': 'CS@Toko.id',
      },
      {
        tagNames: ['VIP', 'Reseller'],
        customValues: {
          'f-city': 'Bandung',
          'f-level': 'Gold',
          'f-hobby': ['Masak', 'Lari'],
          'f-visits': 12.5,
          'f-since': '2024-02-29',
          'f-office': '62215550101',
          'f-site': 'https://toko.id/a',
          'f-mail': 'cs@toko.id',
        },
      },
    ],
    ['an option with a comma', { Hobi: 'Kopi, Teh' }, { customValues: { 'f-hobby': ['Kopi, Teh'] } }],
  ])('%s', (_case, cells, expected) => {
    const checked = checkContactRow(row(cells), extras, all);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.contact).toMatchObject(expected);
  });

  it.each([
    ['a tag over 50 characters', { Tag: `ok, ${'x'.repeat(51)}` }, 'validation.max50', 'Tag'],
    [
      'more than 20 tags',
      { Tag: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') },
      'contacts.upload.tooManyTags',
      'Tag',
    ],
    ['a choice that is not an option', { Tingkat: 'Bronze' }, 'contacts.valueChoice', 'Tingkat'],
    ['one multiple choice not an option', { Hobi: 'Masak, Renang' }, 'contacts.valueChoice', 'Hobi'],
    ['a number that is not one', { Kunjungan: 'dua' }, 'contacts.valueNumber', 'Kunjungan'],
    ['a date in another format', { 'Member Sejak': '29/02/2024' }, 'contacts.valueDate', 'Member Sejak'],
    ['a bad phone', { 'Telepon Kantor': '021555' }, 'phone.length', 'Telepon Kantor'],
    ['a bad url', { Situs: 'toko' }, 'contacts.valueUrl', 'Situs'],
    ['a bad email', { 'Email Kantor': 'cs@' }, 'validation.email', 'Email Kantor'],
    ['text over 1000 characters', { Kota: 'x'.repeat(1001) }, 'validation.max1000', 'Kota'],
  ])('%s → %s in %s', (_case, cells, reason, column) => {
    expect(checkContactRow(row(cells), extras, all)).toEqual({ ok: false, problems: [{ reason, column }] });
  });

  it('names every problem of a row (issue 16), not only the first', () => {
    const cells = { Tag: `ok, ${'x'.repeat(51)}`, Kunjungan: 'dua', Situs: 'toko' };
    const values = ['', '62812', 'cs@', '', '29/02/2024', 'x'.repeat(101), ...row(cells).slice(6)];
    expect(checkContactRow(values, extras, all)).toEqual({
      ok: false,
      problems: [
        { reason: 'validation.required' },
        { reason: 'phone.length' },
        { reason: 'validation.email' },
        { reason: 'contacts.valueDate' },
        { reason: 'contacts.max100' },
        { reason: 'validation.max50', column: 'Tag' },
        { reason: 'contacts.valueNumber', column: 'Kunjungan' },
        { reason: 'contacts.valueUrl', column: 'Situs' },
      ],
    });
  });

  it('refuses an empty required field, also when its column is not in the file', () => {
    expect(checkContactRow([...base, ''], [{ kind: 'field', field: nik }], [nik])).toEqual({
      ok: false,
      problems: [{ reason: 'validation.fieldRequired', column: 'NIK' }],
    });
    expect(checkContactRow(base, [], [nik])).toMatchObject({
      ok: false,
      problems: [{ reason: 'validation.fieldRequired' }],
    });
    expect(checkContactRow([...base, '3201'], [{ kind: 'field', field: nik }], [nik])).toMatchObject({
      ok: true,
      contact: { customValues: { 'f-nik': '3201' } },
    });
  });
});

describe('the template (issue 6)', () => {
  it('has the tags and custom field columns, and text-formatted phone columns that Excel keeps as typed', () => {
    const book = XLSX.read(templateWorkbook([city, office]), { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' });
    expect(grid[0]).toEqual([...header, 'Tag', 'Kota', 'Telepon Kantor']);
    const phoneColumn = header.indexOf('Nomor WhatsApp');
    for (const r of [1, 2, 2000]) {
      expect(sheet[XLSX.utils.encode_cell({ r, c: phoneColumn })]?.z).toBe('@');
      expect(sheet[XLSX.utils.encode_cell({ r, c: header.length + 2 })]?.z).toBe('@');
      expect(sheet[XLSX.utils.encode_cell({ r, c: header.length + 1 })]).toBeUndefined();
    }
    // The formatted but empty rows are blank to the reader: the template alone is an empty file.
    expect(readContactSheet(templateWorkbook([city, office]), [city, office])).toEqual({
      ok: false,
      reason: 'attachment.empty',
    });
  });
});
