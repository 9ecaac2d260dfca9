import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type ZipEntrySink, ZipStreamWriter } from './zip-stream.js';

/**
 * Writers of one table (a header and rows) as csv or xlsx, streamed: rows are turned into text a batch at a
 * time and written with backpressure, so memory does not grow with the number of rows.
 */

/** A cell: text, a number, a moment (shown in the export's time zone) or empty. */
export type Cell = string | number | Date | null | undefined;

export interface TableWriter {
  writeRows(rows: readonly (readonly Cell[])[]): Promise<void>;
  /** Ends the file; resolves with its size in bytes. */
  finish(): Promise<number>;
}

export interface TableOptions {
  header: readonly string[];
  /** IANA time zone dates are shown in (Asia/Jakarta by default, 000 §1). */
  timeZone: string;
  /** xlsx: the sheet's name (at most 31 characters, no []:*?/\). */
  sheetName?: string;
}

/** Excel's limit on the text of one cell. */
export const CELL_TEXT_MAX = 32_767;
/** Text is handed to the output in pieces of about this many characters. */
const FLUSH_AT = 256 * 1024;

/** One Intl formatter per time zone (building one costs far more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at a moment, in milliseconds (Asia/Jakarta: +7 h). */
function offsetAt(at: Date, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(at))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * Dates of one file, formatted with the zone's offset looked up once per day (Intl is slow, µs per call, and
 * an export writes several dates per row): when a day starts and ends on the same offset the whole day has
 * it; a day with a daylight-saving change is looked up per hour.
 */
function dateFormatter(timeZone: string) {
  const days = new Map<number, number | Map<number, number>>();
  const offsetOf = (at: Date) => {
    const ms = at.getTime();
    const day = Math.floor(ms / 86_400_000);
    let known = days.get(day);
    if (known === undefined) {
      if (days.size > 10_000) days.clear();
      const start = offsetAt(new Date(day * 86_400_000), timeZone);
      const end = offsetAt(new Date((day + 1) * 86_400_000 - 1000), timeZone);
      known = start === end ? start : new Map<number, number>();
      days.set(day, known);
    }
    if (typeof known === 'number') return known;
    const hour = Math.floor(ms / 3_600_000);
    let offset = known.get(hour);
    if (offset === undefined) {
      offset = offsetAt(at, timeZone);
      known.set(hour, offset);
    }
    return offset;
  };
  const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
  return {
    /** Wall-clock text, e.g. 2026-11-22 16:05:09. */
    text(at: Date): string {
      const local = new Date(at.getTime() + offsetOf(at));
      return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
    },
    /** Excel's serial date number of the wall-clock time (days since 1899-12-30). */
    serial(at: Date): number {
      return (at.getTime() + offsetOf(at)) / 86_400_000 + 25_569;
    },
  };
}

async function writeText(out: Writable, text: string) {
  if (!out.write(text, 'utf8')) await once(out, 'drain');
}

const CSV_QUOTE = /[",\r\n]/;
/** Cells a spreadsheet would read as a formula (OWASP CSV injection): shown as text with a leading '. */
const CSV_FORMULA = /^[=+\-@\t\r]/;

/** One csv field (RFC 4180). Customer text that looks like a formula is prefixed with an apostrophe. */
export function csvField(value: Cell, date: (at: Date) => string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value instanceof Date ? date(value) : value;
  if (text.length > CELL_TEXT_MAX) text = text.slice(0, CELL_TEXT_MAX);
  if (CSV_FORMULA.test(text)) text = `'${text}`;
  return CSV_QUOTE.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** csv in UTF-8 with a byte-order mark (so spreadsheet programs read Indonesian text right), CRLF lines. */
export function createCsvWriter(out: Writable, options: TableOptions): TableWriter {
  const dates = dateFormatter(options.timeZone);
  const line = (row: readonly Cell[]) => row.map((c) => csvField(c, dates.text)).join(',');
  let pending = `\ufeff${line(options.header)}\r\n`;
  let size = 0;
  const flush = async () => {
    size += Buffer.byteLength(pending, 'utf8');
    await writeText(out, pending);
    pending = '';
  };
  return {
    async writeRows(rows) {
      for (const row of rows) {
        pending += `${line(row)}\r\n`;
        if (pending.length >= FLUSH_AT) await flush();
      }
    },
    async finish() {
      if (pending) await flush();
      const finished = once(out, 'finish');
      out.end();
      await finished;
      return size;
    },
  };
}

const XML_SPECIAL = /[&<>"]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Characters XML 1.0 does not allow (control characters other than tab, newline and return; lone surrogates). */
const CONTROL = (from: number, to: number) => `${String.fromCharCode(from)}-${String.fromCharCode(to)}`;
const XML_INVALID = new RegExp(
  `[${CONTROL(0, 8)}${CONTROL(11, 12)}${CONTROL(14, 31)}\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
  'g',
);

export function xmlText(text: string): string {
  let t = text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text;
  t = t.replace(XML_INVALID, '');
  return t.replace(XML_SPECIAL, (c) => XML_ESCAPES[c]!);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
/** Style 0: general; style 1: a date and time (custom format 164); style 2: bold (the header). */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

function workbookXml(sheetName: string) {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
export function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * xlsx (Office Open XML) with one sheet, strings inline (no shared-strings table to hold in memory), dates
 * as real date cells in the export's time zone, a bold frozen header row.
 */
export async function createXlsxWriter(out: Writable, options: TableOptions): Promise<TableWriter> {
  const dates = dateFormatter(options.timeZone);
  // Level 1: the sheet is repetitive XML, level 1 already shrinks it ~8× and costs a third of level 6's time.
  const zip = new ZipStreamWriter(out, { level: 1 });
  await zip.file('[Content_Types].xml', CONTENT_TYPES);
  await zip.file('_rels/.rels', ROOT_RELS);
  await zip.file('xl/workbook.xml', workbookXml(safeSheetName(options.sheetName ?? 'Sheet1')));
  await zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.file('xl/styles.xml', STYLES);
  const sheet: ZipEntrySink = await zip.entry('xl/worksheets/sheet1.xml');

  const cell = (value: Cell): string => {
    if (value === null || value === undefined) return '<c/>';
    if (typeof value === 'number') return Number.isFinite(value) ? `<c><v>${value}</v></c>` : '<c/>';
    if (value instanceof Date) return `<c s="1"><v>${dates.serial(value)}</v></c>`;
    return value === ''
      ? '<c/>'
      : `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  };
  const headerCells = options.header
    .map((h) => `<c t="inlineStr" s="2"><is><t>${xmlText(h)}</t></is></c>`)
    .join('');
  let pending =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="${Math.max(1, options.header.length)}" width="20" customWidth="1"/></cols>` +
    `<sheetData><row>${headerCells}</row>`;
  return {
    async writeRows(rows) {
      for (const row of rows) {
        pending += '<row>';
        for (const value of row) pending += cell(value);
        pending += '</row>';
        if (pending.length >= FLUSH_AT) {
          await sheet.write(pending);
          pending = '';
        }
      }
    },
    async finish() {
      await sheet.write(`${pending}</sheetData></worksheet>`);
      pending = '';
      await sheet.end();
      return zip.finish();
    },
  };
}
