import * as XLSX from '@e965/xlsx';
import {
  CONTACT_NAME_MAX,
  CONTACT_UPLOAD_COLUMNS,
  CONTACT_UPLOAD_EXTENSIONS,
  CONTACT_UPLOAD_MAX_ROWS,
  contactPhoneSchema,
  type MessageKey,
} from '@sapa/contracts';
import { z } from 'zod';

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

/** A row of the file as text cells (numbers without exponent, dates as YYYY-MM-DD). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return String(value).trim();
}

export type SheetResult =
  | { ok: true; rows: { row: number; values: string[] }[] }
  | { ok: false; reason: MessageKey };

/**
 * The data rows of the first sheet, after checking that the header is the template's (001 §5: the
 * template format must not change), that there is at least one row and at most 2000. Blank rows are skipped;
 * `row` is the spreadsheet's row number (the header is row 1).
 */
export function readContactSheet(bytes: Buffer): SheetResult {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', cellDates: true, dense: true });
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
  const rows: { row: number; values: string[] }[] = [];
  for (let i = 1; i < grid.length; i++) {
    const values = CONTACT_UPLOAD_COLUMNS.map((_, c) => cellText(grid[i]?.[c]));
    if (values.some((v) => v !== '')) rows.push({ row: i + 1, values });
  }
  if (header.length === 0 && rows.length === 0) return { ok: false, reason: 'attachment.empty' };
  const same =
    header.length === CONTACT_UPLOAD_COLUMNS.length &&
    CONTACT_UPLOAD_COLUMNS.every((title, c) => header[c]?.toLowerCase() === title.toLowerCase());
  if (!same) return { ok: false, reason: 'contacts.upload.templateMismatch' };
  if (rows.length === 0) return { ok: false, reason: 'attachment.empty' };
  if (rows.length > CONTACT_UPLOAD_MAX_ROWS) return { ok: false, reason: 'contacts.upload.tooManyRows' };
  return { ok: true, rows };
}

export interface UploadedContact {
  name: string;
  phone: string;
  email: string | null;
  groupNames: string[];
  birthDate: string | null;
  lastEducation: string | null;
}

const emailSchema = z.string().email().max(254);

/** One row checked by the contact rules (001 §5): the contact, or the message key of its first problem. */
export function checkContactRow(
  values: string[],
): { ok: true; contact: UploadedContact } | { ok: false; reason: MessageKey; params?: string[] } {
  const [name = '', phoneText = '', email = '', groups = '', birthDate = '', lastEducation = ''] = values;
  if (!name) return { ok: false, reason: 'validation.required' };
  if (name.length > CONTACT_NAME_MAX) return { ok: false, reason: 'validation.max150' };
  if (!phoneText) return { ok: false, reason: 'newChat.phoneRequired' };
  const phone = contactPhoneSchema.safeParse(phoneText);
  if (!phone.success || !phone.data) return { ok: false, reason: 'validation.phone' };
  if (email && !emailSchema.safeParse(email).success) return { ok: false, reason: 'validation.email' };
  if (
    birthDate &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || Number.isNaN(Date.parse(`${birthDate}T00:00:00Z`)))
  )
    return { ok: false, reason: 'contacts.valueDate' };
  if (lastEducation.length > 100) return { ok: false, reason: 'contacts.max100' };
  return {
    ok: true,
    contact: {
      name,
      phone: phone.data,
      email: email ? email.toLowerCase() : null,
      groupNames: groups
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
      birthDate: birthDate || null,
      lastEducation: lastEducation || null,
    },
  };
}

/** An xlsx workbook of one sheet from rows of cells. */
export function writeSheet(rows: (string | number)[][], sheetName: string): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = (rows[0] ?? []).map((cell) => ({ wch: Math.max(14, String(cell).length + 2) }));
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The template (001 §4 "bulk upload with template"): the header row only. */
export function templateWorkbook(): Buffer {
  return writeSheet([[...CONTACT_UPLOAD_COLUMNS]], 'Kontak');
}
