import type { Result } from './types.js';

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function verdict(result: Result): string {
  if (!result.target) return '';
  const goal = `${result.target.op} ${result.target.value}`;
  return `${goal} ${result.pass ? 'PASS' : 'MISS'}`;
}

/** Prints every scenario's figures with the baseline measured in the same run and their ratio. */
export function printTable(reports: Array<{ name: string; results: Result[]; error?: string }>): void {
  const header = ['scenario', 'metric', 'value', 'baseline', 'baseline value', 'ratio', 'target'];
  const rows: string[][] = [];
  for (const report of reports) {
    if (report.error) rows.push([report.name, 'FAILED (see log)', '', '', '', '', '']);
    for (const r of report.results) {
      rows.push([
        report.name,
        r.metric,
        `${formatNumber(r.value)} ${r.unit}`,
        r.baseline.name,
        `${formatNumber(r.baseline.value)} ${r.unit}`,
        Number.isFinite(r.ratio) ? r.ratio.toFixed(3) : String(r.ratio),
        verdict(r),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 || i === 4 || i === 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
