import * as XLSX from '@e965/xlsx';
import {
  BROADCAST_MAX_RECIPIENTS,
  BROADCAST_VALUE_MAX,
  BROADCAST_VARIABLES_MAX,
  CONTACT_NAME_MAX,
  checkRecipientNumbers,
  type MessageKey,
} from '@sapa/contracts';

/** A recipient read from a sheet: its number, name and the values of the columns after them. */
interface SheetRecipient {
  phone: string;
  name: string | null;
  values: string[];
}

/** A row left out: its spreadsheet row number, the cell at fault (a long one shortened) and why. */
export interface SheetProblem {
  row: number;
  value: string;
  problem: MessageKey;
}

export type RecipientSheet =
  | { ok: true; rows: SheetRecipient[]; problems: SheetProblem[] }
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
 * duplicates), a name at most 150 characters and a value at most 1024 (never cut); a row that breaks
 * them is reported with its spreadsheet row number, every problem of it, and left out.
 */
export function readRecipientSheet(bytes: Buffer): RecipientSheet {
  let rows: unknown[][];
  try {
    // `raw`: a csv's cells stay text, so 08… keeps its 0 and becomes 628… (issue 16 §4); xlsx is unaffected.
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: false, dense: true, raw: true });
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
  const problems: SheetProblem[] = check.problems.map((p) => ({
    row: data[p.index]!.row,
    value: p.value,
    problem: p.problem,
  }));
  const badNumber = new Set(check.problems.map((p) => p.index));
  const out: SheetRecipient[] = [];
  let validNumbers = 0;
  data.forEach((r, i) => {
    const phone = badNumber.has(i) ? null : check.numbers[validNumbers++]!;
    const tooLong = lengthProblems(r);
    problems.push(...tooLong);
    if (phone === null || tooLong.length) return;
    out.push({
      phone,
      name: r.cells[1] || null,
      values: r.cells.slice(2, 2 + BROADCAST_VARIABLES_MAX),
    });
  });
  return { ok: true, rows: out, problems: problems.sort((a, b) => a.row - b.row) };
}

/** How much of a too-long cell the report shows to say which cell it is (the row is left out whole). */
const EXCERPT = 40;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

/**
 * Names and values over their limits (issue 16: limits refuse, never cut): the name at the contact name's
 * 150 characters, a variable's value at WhatsApp's 1024; the row is reported and left out.
 */
function lengthProblems(r: { row: number; cells: string[] }): SheetProblem[] {
  const problems: SheetProblem[] = [];
  const name = r.cells[1] ?? '';
  if (name.length > CONTACT_NAME_MAX)
    problems.push({ row: r.row, value: excerpt(name), problem: 'validation.max150' });
  for (const value of r.cells.slice(2, 2 + BROADCAST_VARIABLES_MAX))
    if (value.length > BROADCAST_VALUE_MAX)
      problems.push({ row: r.row, value: excerpt(value), problem: 'validation.max1024' });
  return problems;
}
