import { describe, expect, it } from 'vitest';
import { type DayHours, isOpenAt, nextOpeningAt, type WeeklySchedule, wibClockOf } from './schedule.js';

/** An instant given as WIB wall time ('2026-11-27 08:00' = Friday 08:00 WIB = 01:00 UTC). */
const wib = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);

const hours = (day: number, open: string, close: string): DayHours => ({ day, mode: 'HOURS', open, close });
const weekdays9to17: DayHours[] = [
  { day: 0, mode: 'CLOSED', open: '09:00', close: '17:00' },
  ...[1, 2, 3, 4, 5].map((d) => hours(d, '09:00', '17:00')),
  { day: 6, mode: 'ALL_DAY', open: '00:00', close: '00:00' },
];
const base: WeeklySchedule = { days: weekdays9to17, holidays: [] };
const withFridayNight: WeeklySchedule = {
  days: weekdays9to17.map((d) => (d.day === 5 ? hours(5, '20:00', '02:00') : d)),
  holidays: [],
};
const holiday: WeeklySchedule = { ...base, holidays: [{ date: '2026-11-26', name: 'Libur' }] };

describe('wibClockOf (001 §1: WIB is UTC+7)', () => {
  it('reads the WIB weekday, date and minutes across the UTC date line', () => {
    // 2026-11-26 17:30 UTC is Friday 2026-11-27 00:30 WIB.
    expect(wibClockOf(new Date('2026-11-26T17:30:00Z'))).toEqual({ day: 5, date: '2026-11-27', minutes: 30 });
  });
});

describe('isOpenAt (001 §3 operating hours or 24 hours per day; holidays; across midnight)', () => {
  it.each<[string, WeeklySchedule, string, boolean]>([
    ['a weekday inside its hours', base, '2026-11-26 09:00', true],
    ['a weekday at closing time', base, '2026-11-26 17:00', false],
    ['a weekday one minute before closing', base, '2026-11-26 16:59', true],
    ['a weekday before opening', base, '2026-11-26 08:59', false],
    ['a closed day (Sunday)', base, '2026-11-29 12:00', false],
    ['a 24-hour day (Saturday) at midnight', base, '2026-11-28 00:00', true],
    ['a 24-hour day late at night', base, '2026-11-28 23:59', true],
    ['a holiday inside the usual hours', holiday, '2026-11-26 10:00', false],
    ['the day after a holiday', holiday, '2026-11-27 10:00', true],
    ['an evening span before midnight', withFridayNight, '2026-11-27 23:00', true],
    ['an evening span after midnight, on the next day', withFridayNight, '2026-11-28 01:30', true],
    ['Saturday (24 hours) goes on where the Friday span ends', withFridayNight, '2026-11-28 02:00', true],
    ['Friday morning when Friday opens only at night', withFridayNight, '2026-11-27 10:00', false],
    [
      'after midnight when the evening was a holiday',
      {
        ...withFridayNight,
        days: withFridayNight.days.map((d) => (d.day === 6 ? { ...d, mode: 'CLOSED' } : d)),
        holidays: [{ date: '2026-11-27', name: 'Libur' }],
      },
      '2026-11-28 01:00',
      false,
    ],
    [
      'equal open and close on an hours day is all day',
      { days: [hours(4, '08:00', '08:00')], holidays: [] },
      '2026-11-26 03:00',
      true,
    ],
  ])('%s', (_, schedule, at, open) => {
    expect(isOpenAt(schedule, wib(at))).toBe(open);
  });
});

describe('nextOpeningAt', () => {
  it.each<[string, WeeklySchedule, string, string | null]>([
    ['open now: now', base, '2026-11-26 10:00', '2026-11-26 10:00'],
    ['before opening: today at opening', base, '2026-11-26 07:12', '2026-11-26 09:00'],
    [
      'after closing on Friday: Saturday (24 hours) at midnight',
      base,
      '2026-11-27 18:00',
      '2026-11-28 00:00',
    ],
    ['on a closed Sunday: Monday at opening', base, '2026-11-29 12:00', '2026-11-30 09:00'],
    ['on a holiday: the next day at opening', holiday, '2026-11-26 08:00', '2026-11-27 09:00'],
    [
      'never open',
      { days: weekdays9to17.map((d) => ({ ...d, mode: 'CLOSED' as const })), holidays: [] },
      '2026-11-26 08:00',
      null,
    ],
  ])('%s', (_, schedule, at, expected) => {
    expect(nextOpeningAt(schedule, wib(at))?.getTime() ?? null).toBe(
      expected ? wib(expected).getTime() : null,
    );
  });
});
