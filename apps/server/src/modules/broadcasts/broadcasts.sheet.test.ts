import { describe, expect, it } from 'vitest';
import { readRecipientSheet } from './broadcasts.sheet.js';

const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));

describe('readRecipientSheet', () => {
  it('keeps names and values whole when they are within their limits', () => {
    const name = 'N'.repeat(150);
    const value = 'v'.repeat(1024);
    const sheet = readRecipientSheet(csv('phone,name,v1', `081234567890,${name},${value}`));
    expect(sheet).toMatchObject({ ok: true, problems: [] });
    if (!sheet.ok) return;
    expect(sheet.rows).toEqual([{ phone: '6281234567890', name, values: [value] }]);
  });

  it('refuses a name or a value over its limit instead of cutting it (issue 16: limits refuse)', () => {
    const longName = `Budi ${'x'.repeat(146)}`;
    const longValue = 'v'.repeat(1025);
    const sheet = readRecipientSheet(
      csv(
        'phone,name,v1',
        `081234567890,${longName},ok`,
        `081234567891,Sari,${longValue}`,
        '081234567892,Dewi,ok',
        `12,${longName},${longValue}`,
      ),
    );
    expect(sheet.ok).toBe(true);
    if (!sheet.ok) return;
    expect(sheet.rows).toEqual([{ phone: '6281234567892', name: 'Dewi', values: ['ok'] }]);
    // Every problem of every row, in row order; the cell at fault is named by its first characters.
    expect(sheet.problems).toEqual([
      { row: 2, value: `${longName.slice(0, 40)}…`, problem: 'validation.max150' },
      { row: 3, value: `${'v'.repeat(40)}…`, problem: 'validation.max1024' },
      { row: 5, value: '12', problem: 'broadcast.phoneLength' },
      { row: 5, value: `${longName.slice(0, 40)}…`, problem: 'validation.max150' },
      { row: 5, value: `${'v'.repeat(40)}…`, problem: 'validation.max1024' },
    ]);
  });
});
