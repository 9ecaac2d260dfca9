import * as XLSX from '@e965/xlsx';
import {
  BROADCAST_MAX_RECIPIENTS,
  BROADCAST_VALUE_MAX,
  BROADCAST_VARIABLES_MAX,
  checkRecipientNumbers,
  type MessageKey,
} from '@sapa/contracts';

/** A recipient read from a sheet: its number, name and the values of the columns after them. */
export interface SheetRecipient {
  phone: string;
  name: string | null;
  values: string[];
}

export type RecipientSheet =
  | { ok: true; rows: SheetRecipient[]; problems: { row: number; value: string; problem: string }[] }
  | { ok: false; reason: MessageKey };

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return String(value).trim();
};

/**
 * The recipients of an uploaded sheet (001 §2 recipient selection; xlsx, xls or csv): the first sheet,
 * column A the number, B the name, then one column per template variable. A first row whose number cell
 * is not digits is a header. Numbers follow the broadcast list's rules (001 §5: digits only, 10-13, no
 * duplicates); a row that breaks them is reported with its spreadsheet row number and left out.
 */
export function readRecipientSheet(bytes: Buffer): RecipientSheet {
  let rows: unknown[][];
  try {
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: false, dense: true });
    const first = book.SheetNames[0];
    const sheet = first ? book.Sheets[first] : undefined;
    if (!sheet) return { ok: false, reason: 'contacts.upload.fileRequired' };
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: true });
  } catch {
    return { ok: false, reason: 'contacts.upload.invalidFormat' };
  }
  const start = rows.length && !/^\+?[\d\s\-.()]+$/.test(cellText(rows[0]?.[0])) ? 1 : 0;
  const data = rows
    .slice(start)
    .map((cells, i) => ({ row: start + i + 1, cells: cells.map(cellText) }))
    .filter((r) => r.cells.some(Boolean));
  if (!data.length) return { ok: false, reason: 'contacts.upload.fileRequired' };
  if (data.length > BROADCAST_MAX_RECIPIENTS) return { ok: false, reason: 'broadcast.tooManyRecipients' };
  const check = checkRecipientNumbers(data.map((r) => r.cells[0] ?? ''));
  const bad = new Map(check.problems.map((p) => [p.index, p]));
  const out: SheetRecipient[] = [];
  data.forEach((r, i) => {
    if (bad.has(i)) return;
    out.push({
      phone: check.numbers[out.length]!,
      name: r.cells[1]?.slice(0, 150) || null,
      values: r.cells.slice(2, 2 + BROADCAST_VARIABLES_MAX).map((v) => v.slice(0, BROADCAST_VALUE_MAX)),
    });
  });
  return {
    ok: true,
    rows: out,
    problems: check.problems.map((p) => ({ row: data[p.index]!.row, value: p.value, problem: p.problem })),
  };
}
