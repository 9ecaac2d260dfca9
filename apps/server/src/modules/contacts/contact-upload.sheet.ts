import * as XLSX from '@e965/xlsx';
import {
  CONTACT_NAME_MAX,
  CONTACT_TAG_NAME_MAX,
  CONTACT_TAGS_MAX,
  CONTACT_UPLOAD_COLUMNS,
  CONTACT_UPLOAD_EXTENSIONS,
  CONTACT_UPLOAD_MAX_BYTES,
  CONTACT_UPLOAD_MAX_ROWS,
  CONTACT_UPLOAD_TAGS_COLUMN,
  type ContactField,
  checkContactFieldValue,
  contactUploadColumns,
  type MessageKey,
  parsePhone,
} from '@sapa/contracts';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors.js';

/** Reading and writing the contact spreadsheet (001 §4 contact upload, §5): no database here. */

export type UploadExtension = (typeof CONTACT_UPLOAD_EXTENSIONS)[number];

/** The extension of a file name when it is one the upload takes. */
export function uploadExtensionOf(fileName: string): UploadExtension | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return (CONTACT_UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

/** The content matches the extension: xlsx is a zip, xls an OLE2 compound file, csv text without NUL bytes. */
export function contentMatches(ext: UploadExtension, bytes: Buffer): boolean {
  if (ext === 'xlsx') return bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (ext === 'xls') return bytes.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));
  return !bytes.subarray(0, 65536).includes(0);
}

/**
 * The checks of every uploaded sheet (001 §5): a file is required, xlsx/xls/csv by name and by content
 * ('Invalid file format'), at most 5 MB; otherwise a 400 with the spec's message on the file field.
 */
export function assertUploadableSheet(file: { bytes: Buffer; name: string }): UploadExtension {
  if (file.bytes.length === 0)
    throw badRequest('contacts.upload.fileRequired', { file: 'contacts.upload.fileRequired' });
  const ext = uploadExtensionOf(file.name);
  if (!ext || !contentMatches(ext, file.bytes))
    throw badRequest('contacts.upload.invalidFormat', { file: 'contacts.upload.invalidFormat' });
  if (file.bytes.length > CONTACT_UPLOAD_MAX_BYTES)
    throw new AppError(400, 'attachment.tooLarge', { params: [5], fields: { file: 'attachment.tooLarge' } });
  return ext;
}

/** A row of the file as text cells (numbers without exponent, dates as YYYY-MM-DD). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return String(value).trim();
}

/** What a column after the fixed ones holds: the tags, or the values of one custom field. */
export type ExtraColumn = { kind: 'tags' } | { kind: 'field'; field: UploadField };

/** A custom field as the upload checks it. */
export type UploadField = Pick<ContactField, 'id' | 'title' | 'type' | 'options' | 'validation'>;

export type SheetResult =
  | { ok: true; header: string[]; extras: ExtraColumn[]; rows: { row: number; values: string[] }[] }
  | { ok: false; reason: MessageKey };

/**
 * The columns after the fixed ones (CONTACT_UPLOAD_TAGS_COLUMN, custom field titles; any order, each once,
 * compared ignoring case), or null when a header is none of them (a template mismatch). The tags column is
 * taken first, so a custom field titled like it is the second such column.
 */
export function matchExtraColumns(headers: string[], fields: readonly UploadField[]): ExtraColumn[] | null {
  const extras: ExtraColumn[] = [];
  const left = [...fields];
  let tags = false;
  for (const header of headers) {
    const title = header.trim().toLowerCase();
    if (!tags && title === CONTACT_UPLOAD_TAGS_COLUMN.toLowerCase()) {
      tags = true;
      extras.push({ kind: 'tags' });
      continue;
    }
    const at = left.findIndex((f) => f.title.trim().toLowerCase() === title);
    if (at < 0) return null;
    extras.push({ kind: 'field', field: left[at]! });
    left.splice(at, 1);
  }
  return extras;
}

/**
 * The data rows of the first sheet, after checking that the header is the template's (001 §5: the
 * template format must not change): the fixed columns in order, then only tags and custom field columns.
 * There must be at least one row and at most 2000. Blank rows are skipped; `row` is the spreadsheet's row
 * number (the header is row 1); `values` has one text per header column.
 */
export function readContactSheet(bytes: Buffer, fields: readonly UploadField[] = []): SheetResult {
  let book: XLSX.WorkBook;
  try {
    // `raw`: a csv's cells stay text as typed, so 08… keeps its 0 and becomes 628… (issue 16 §4), and a
    // date is read as the template's YYYY-MM-DD; xlsx cells keep their types.
    book = XLSX.read(bytes, { type: 'buffer', cellDates: true, dense: true, raw: true });
  } catch {
    return { ok: false, reason: 'contacts.upload.invalidFormat' };
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) return { ok: false, reason: 'attachment.empty' };
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: '',
    blankrows: true,
  });
  const header = (grid[0] ?? []).map(cellText);
  while (header.length > 0 && header.at(-1) === '') header.pop();
  const width = Math.max(header.length, CONTACT_UPLOAD_COLUMNS.length);
  const rows: { row: number; values: string[] }[] = [];
  for (let i = 1; i < grid.length; i++) {
    const values = Array.from({ length: width }, (_, c) => cellText(grid[i]?.[c]));
    if (values.some((v) => v !== '')) rows.push({ row: i + 1, values });
  }
  if (header.length === 0 && rows.length === 0) return { ok: false, reason: 'attachment.empty' };
  const fixed =
    header.length >= CONTACT_UPLOAD_COLUMNS.length &&
    CONTACT_UPLOAD_COLUMNS.every((title, c) => header[c]?.toLowerCase() === title.toLowerCase());
  const extras = fixed ? matchExtraColumns(header.slice(CONTACT_UPLOAD_COLUMNS.length), fields) : null;
  if (!extras) return { ok: false, reason: 'contacts.upload.templateMismatch' };
  if (rows.length === 0) return { ok: false, reason: 'attachment.empty' };
  if (rows.length > CONTACT_UPLOAD_MAX_ROWS) return { ok: false, reason: 'contacts.upload.tooManyRows' };
  return { ok: true, header, extras, rows };
}

export interface UploadedContact {
  name: string;
  phone: string;
  email: string | null;
  groupNames: string[];
  birthDate: string | null;
  lastEducation: string | null;
  /** Distinct (ignoring case) tag names, as first written. */
  tagNames: string[];
  /** Custom field id → checked value (fields without a value are left out). */
  customValues: Record<string, unknown>;
}

/** One problem of a row: message key, its parameters, and the column when that is not obvious. */
export interface RowIssue {
  reason: MessageKey;
  params?: string[];
  column?: string;
}
export type RowProblem = { ok: false; problems: RowIssue[] };

const emailSchema = z.string().email().max(254);

/** Names in a cell separated by commas, trimmed, without empties. */
export function namesOf(cell: string): string[] {
  return cell
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}

/** The names without repeats ignoring case, each as first written. */
function distinctIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
}

/** A cell of a custom field column as the value `checkContactFieldValue` takes (choices split by commas). */
function rawFieldValue(field: UploadField, cell: string | undefined): unknown {
  if (cell === undefined || field.type !== 'multipleChoice') return cell;
  return field.options.includes(cell) ? [cell] : namesOf(cell);
}

/**
 * One row checked by the contact rules (001 §5) and each custom field's type: the contact, or every
 * problem of the row (so the failed-rows file names them all). A custom field whose column is not in the
 * file has no value, which a required field refuses.
 */
export function checkContactRow(
  values: string[],
  extras: readonly ExtraColumn[] = [],
  fields: readonly UploadField[] = [],
): { ok: true; contact: UploadedContact } | RowProblem {
  const [name = '', phoneText = '', email = '', groups = '', birthDate = '', lastEducation = ''] = values;
  const problems: RowIssue[] = [];
  const add = (reason: MessageKey, column?: string) =>
    problems.push(column ? { reason, column } : { reason });
  if (!name) add('validation.required');
  else if (name.length > CONTACT_NAME_MAX) add('validation.max150');
  const phone = parsePhone(phoneText, 'contact');
  if (!phoneText) add('newChat.phoneRequired');
  else if (!phone.ok) add(phone.problem);
  if (email && !emailSchema.safeParse(email).success) add('validation.email');
  if (
    birthDate &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || Number.isNaN(Date.parse(`${birthDate}T00:00:00Z`)))
  )
    add('contacts.valueDate');
  if (lastEducation.length > 100) add('contacts.max100');
  const cells = new Map<string, string>();
  let tagNames: string[] = [];
  extras.forEach((extra, i) => {
    const cell = values[CONTACT_UPLOAD_COLUMNS.length + i] ?? '';
    if (extra.kind === 'field') cells.set(extra.field.id, cell);
    else tagNames = distinctIgnoringCase(namesOf(cell));
  });
  if (tagNames.some((tag) => tag.length > CONTACT_TAG_NAME_MAX))
    add('validation.max50', CONTACT_UPLOAD_TAGS_COLUMN);
  if (tagNames.length > CONTACT_TAGS_MAX) add('contacts.upload.tooManyTags', CONTACT_UPLOAD_TAGS_COLUMN);
  const customValues: Record<string, unknown> = {};
  for (const field of fields) {
    const checked = checkContactFieldValue(field, rawFieldValue(field, cells.get(field.id)));
    if (!checked.ok) add(checked.message, field.title);
    else if (checked.value !== null) customValues[field.id] = checked.value;
  }
  if (problems.length > 0 || !phone.ok) return { ok: false, problems };
  return {
    ok: true,
    contact: {
      name,
      phone: phone.phone,
      email: email ? email.toLowerCase() : null,
      groupNames: namesOf(groups),
      birthDate: birthDate || null,
      lastEducation: lastEducation || null,
      tagNames,
      customValues,
    },
  };
}

/**
 * An xlsx workbook of one sheet from rows of cells. The cells of `text.columns` below the header are text
 * (format '@'), down to row `text.rows` (blank rows included): Excel would turn 6281… into 6.28E+12 and drop
 * the leading 0 of 0812…. SheetJS writes no column styles, hence formatted blank cells, which read back as
 * blank.
 */
export function writeSheet(
  rows: (string | number)[][],
  sheetName: string,
  text: { columns: number[]; rows?: number } = { columns: [] },
): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = (rows[0] ?? []).map((cell) => ({ wch: Math.max(14, String(cell).length + 2) }));
  const lastRow = Math.max(rows.length - 1, text.rows ?? 0);
  if (text.columns.length > 0 && lastRow > 0) {
    for (let r = 1; r <= lastRow; r++)
      for (const c of text.columns) {
        const ref = XLSX.utils.encode_cell({ r, c });
        sheet[ref] = { t: 's', v: String(sheet[ref]?.v ?? ''), z: '@' };
      }
    const lastColumn = Math.max((rows[0] ?? []).length - 1, ...text.columns);
    sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastColumn } });
  }
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The column of the phone number in the template. */
export const PHONE_COLUMN = CONTACT_UPLOAD_COLUMNS.indexOf('Nomor WhatsApp');
/** The column of the group names. */
export const GROUP_COLUMN = CONTACT_UPLOAD_COLUMNS.indexOf('Grup');

/**
 * The template (001 §4 "bulk upload with template"): the header row of the business's columns, the phone
 * column and the custom phone fields' columns formatted as text for every row an upload may have.
 */
export function templateWorkbook(fields: readonly Pick<UploadField, 'title' | 'type'>[] = []): Buffer {
  const header = contactUploadColumns(fields);
  const phoneFields = fields.flatMap((f, i) =>
    f.type === 'phone' ? [CONTACT_UPLOAD_COLUMNS.length + 1 + i] : [],
  );
  return writeSheet([header], 'Kontak', {
    columns: [PHONE_COLUMN, ...phoneFields],
    rows: CONTACT_UPLOAD_MAX_ROWS,
  });
}
