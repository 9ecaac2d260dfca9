import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  CELL_TEXT_MAX,
  type Cell,
  createCsvWriter,
  createXlsxWriter,
  csvField,
  safeSheetName,
  type TableWriter,
  xmlText,
} from './table-writers.js';

function collect() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return { out, bytes: () => Buffer.concat(chunks) };
}

async function write(
  make: (out: PassThrough) => Promise<TableWriter> | TableWriter,
  rows: Cell[][],
  batch = 2,
) {
  const { out, bytes } = collect();
  const writer = await make(out);
  for (let i = 0; i < rows.length; i += batch) await writer.writeRows(rows.slice(i, i + batch));
  const size = await writer.finish();
  const result = bytes();
  expect(size).toBe(result.length);
  return result;
}

const options = { header: ['Ticket ID', 'Pesan'], timeZone: 'Asia/Jakarta', sheetName: 'Chat' };
// 2026-11-22 09:10:09 UTC is 16:10:09 in Jakarta (UTC+7, no daylight saving).
const at = new Date('2026-11-22T09:10:09Z');

describe('csvField (RFC 4180, OWASP formula guard)', () => {
  const date = (d: Date) => d.toISOString();
  it.each<[Cell, string]>([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['halo', 'halo'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+62812', "'+62812"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['=1,2', `"'=1,2"`],
    [42, '42'],
    [Number.NaN, ''],
    [at, '2026-11-22T09:10:09.000Z'],
  ])('%j → %s', (value, expected) => {
    expect(csvField(value, date)).toBe(expected);
  });
  it('cuts text at the cell limit', () => {
    expect(csvField('x'.repeat(CELL_TEXT_MAX + 10), date)).toHaveLength(CELL_TEXT_MAX);
  });
});

describe('xmlText', () => {
  it.each([
    ['a & b < c > "d"', 'a &amp; b &lt; c &gt; &quot;d&quot;'],
    ['bell\u0007 and tab\t', 'bell and tab\t'],
    ['emoji 😀 stays', 'emoji 😀 stays'],
    ['lone \ud800 surrogate', 'lone  surrogate'],
  ])('%j', (input, expected) => expect(xmlText(input)).toBe(expected));
});

describe('safeSheetName', () => {
  it.each([
    ['Chat history', 'Chat history'],
    ['a/b:c*d?[e]', 'a b c d  e '],
    ['x'.repeat(40), 'x'.repeat(31)],
    ['', 'Sheet1'],
  ])('%j → %j', (input, expected) => expect(safeSheetName(input)).toBe(expected));
});

const rows: Cell[][] = [
  ['T-000001', 'Halo, apa kabar?'],
  ['T-000002', 'multi\nline "quoted" & <tagged>'],
  ['T-000003', null],
  ['T-000004', at],
  ['T-000005', 12.5],
];

describe('csv writer', () => {
  it('writes a BOM, the header and every row, read back the same', async () => {
    const bytes = await write((out) => createCsvWriter(out, options), rows);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8').slice(1);
    expect(text.startsWith('Ticket ID,Pesan\r\n')).toBe(true);
    expect(text).toContain('T-000004,2026-11-22 16:10:09\r\n');
    const book = XLSX.read(text, { type: 'string', raw: true });
    const grid = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: false,
      defval: '',
    });
    expect(grid).toEqual([
      ['Ticket ID', 'Pesan'],
      ['T-000001', 'Halo, apa kabar?'],
      ['T-000002', 'multi\nline "quoted" & <tagged>'],
      ['T-000003', ''],
      ['T-000004', '2026-11-22 16:10:09'],
      ['T-000005', '12.5'],
    ]);
  });
});

describe('xlsx writer', () => {
  it('writes a zip SheetJS reads back: text, empty cells, Jakarta dates, numbers', async () => {
    const bytes = await write((out) => createXlsxWriter(out, options), rows);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: true, UTC: true });
    expect(book.SheetNames).toEqual(['Chat']);
    const grid = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets.Chat!, { header: 1, raw: true, defval: null });
    expect(grid[0]).toEqual(['Ticket ID', 'Pesan']);
    expect(grid[1]).toEqual(['T-000001', 'Halo, apa kabar?']);
    expect(grid[2]).toEqual(['T-000002', 'multi\nline "quoted" & <tagged>']);
    expect(grid[3]).toEqual(['T-000003', null]);
    // The wall-clock time in Jakarta, stored as a date cell.
    expect((grid[4]![1] as Date).toISOString()).toBe('2026-11-22T16:10:09.000Z');
    expect(grid[5]).toEqual(['T-000005', 12.5]);
    expect(grid).toHaveLength(6);
  });

  it('streams many rows in bounded pieces and keeps every row', async () => {
    const many: Cell[][] = Array.from({ length: 20_000 }, (_, i) => [`T-${i}`, `pesan ${i} `.repeat(5)]);
    const bytes = await write((out) => createXlsxWriter(out, options), many, 1000);
    const book = XLSX.read(bytes, { type: 'buffer', dense: true });
    const grid = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Chat!, { header: 1 });
    expect(grid).toHaveLength(20_001);
    expect(grid[20_000]![0]).toBe('T-19999');
  });

  it('the archive is a valid zip with the parts of a workbook (central directory, CRCs)', async () => {
    const bytes = await write((out) => createXlsxWriter(out, options), rows);
    // SheetJS's own zip reader checks the central directory; a second reader via CFB checks the entries.
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    const names = zip.FullPaths.map((p: string) => p.replace(/^Root Entry\//, ''));
    expect(names).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ]),
    );
  });
});

describe('dates across a daylight-saving change', () => {
  it('shows wall-clock times in a zone with DST (Europe/Berlin, 2026-03-29 02:00 → 03:00)', async () => {
    const moments = [
      new Date('2026-03-29T00:30:00Z'), // 01:30 CET
      new Date('2026-03-29T01:30:00Z'), // 03:30 CEST
      new Date('2026-03-28T12:00:00Z'), // 13:00 CET
      new Date('2026-07-01T12:00:00Z'), // 14:00 CEST
    ];
    const bytes = await write(
      (out) => createCsvWriter(out, { header: ['t'], timeZone: 'Europe/Berlin' }),
      moments.map((m) => [m]),
    );
    expect(bytes.toString('utf8').slice(1).split('\r\n').slice(1, 5)).toEqual([
      '2026-03-29 01:30:00',
      '2026-03-29 03:30:00',
      '2026-03-28 13:00:00',
      '2026-07-01 14:00:00',
    ]);
  });
});
