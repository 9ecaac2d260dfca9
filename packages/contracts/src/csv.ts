/** Cells a spreadsheet would read as a formula (OWASP CSV injection): written as text with a leading '. */
const CSV_FORMULA = /^[=+\-@\t\r]/;

/** One csv field (RFC 4180 quoting); text that looks like a formula is prefixed with an apostrophe. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = CSV_FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as csv text with CRLF line ends. */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
