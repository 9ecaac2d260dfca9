import { addWorkingDays, isWorkingDay } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { indonesianHolidays } from './indonesian-holidays.js';

describe('Indonesian national holidays (date-holidays) under the working-day rules', () => {
  const holidays = indonesianHolidays([2026, 2027]);

  it.each([
    ['2026-08-17', false],
    ['2026-12-25', false],
    ['2027-01-01', false],
    ['2027-01-05', false],
    ['2026-08-18', true],
  ] as const)('%s is a working day: %s', (date, expected) => {
    expect(isWorkingDay(date, holidays)).toBe(expected);
  });

  it.each([
    ['across Independence Day', '2026-08-14', 1, '2026-08-18'],
    // Christmas, New Year and Isra Mi'raj (5 January 2027) are skipped with the weekends.
    ['final invoice across Christmas and the new year', '2026-12-23', 7, '2027-01-06'],
  ] as const)('%s', (_label, from, n, expected) => {
    expect(addWorkingDays(from, n, holidays)).toBe(expected);
  });
});
