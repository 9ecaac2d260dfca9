/**
 * Opening hours in WIB (001 §1 "operating hours are in WIB"; §3 auto-chat settings per day: operating hours or
 * 24 hours, open and close time). WIB is UTC+7 all year (Indonesia keeps no daylight saving), so the local
 * clock is plain arithmetic and the rules below are pure: the caller passes the time.
 */

/** WIB's offset from UTC. */
export const WIB_OFFSET_MINUTES = 7 * 60;
const MINUTES_PER_DAY = 24 * 60;

/** How a day is kept: open between two times, open all day, or closed. */
export const DAY_MODES = ['HOURS', 'ALL_DAY', 'CLOSED'] as const;
export type DayMode = (typeof DAY_MODES)[number];

/** One weekday's hours; day 0 = Sunday … 6 = Saturday; times 'HH:mm' in WIB. */
export interface DayHours {
  day: number;
  mode: DayMode;
  open: string;
  close: string;
}

/** A date the business is closed all day ('YYYY-MM-DD' in WIB). */
export interface Holiday {
  date: string;
  name: string;
}

export interface WeeklySchedule {
  days: readonly DayHours[];
  holidays: readonly Holiday[];
}

/** The WIB wall clock at an instant: weekday, date and minutes since local midnight. */
export interface WibClock {
  day: number;
  date: string;
  minutes: number;
}

export function wibClockOf(at: Date): WibClock {
  const local = new Date(at.getTime() + WIB_OFFSET_MINUTES * 60_000);
  return {
    day: local.getUTCDay(),
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** 'HH:mm' → minutes since midnight (the schemas check the format). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The WIB date of the day before `date` ('YYYY-MM-DD'). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whether the business is open at `at`. A holiday closes its whole date. A day whose close is at or before its
 * open runs past midnight: the hours after midnight belong to the day it started on (Friday 20:00–02:00 is open
 * at Saturday 01:00, unless Friday is a holiday). Equal open and close on an HOURS day means open all day.
 */
export function isOpenAt(schedule: WeeklySchedule, at: Date): boolean {
  const now = wibClockOf(at);
  const holidays = new Set(schedule.holidays.map((h) => h.date));
  const today = schedule.days.find((d) => d.day === now.day);
  if (!holidays.has(now.date) && today && openTodayAt(today, now.minutes)) return true;
  const yesterday = schedule.days.find((d) => d.day === (now.day + 6) % 7);
  if (!yesterday || holidays.has(dayBefore(now.date)) || yesterday.mode !== 'HOURS') return false;
  const open = minutesOf(yesterday.open);
  const close = minutesOf(yesterday.close);
  return close < open && now.minutes < close;
}

function openTodayAt(day: DayHours, minutes: number): boolean {
  if (day.mode === 'CLOSED') return false;
  if (day.mode === 'ALL_DAY') return true;
  const open = minutesOf(day.open);
  const close = minutesOf(day.close);
  if (open === close) return true;
  return close > open ? minutes >= open && minutes < close : minutes >= open;
}

/**
 * The next instant at or after `at` when the business is open (minute precision), or null when it never
 * opens within the next 8 days (every day closed, or holidays all the way).
 */
export function nextOpeningAt(schedule: WeeklySchedule, at: Date): Date | null {
  const start = Math.floor(at.getTime() / 60_000) * 60_000;
  if (isOpenAt(schedule, at)) return at;
  // Openings happen only at a day's open time or at midnight (a day after a holiday or closed day).
  for (let step = 1; step <= 8 * MINUTES_PER_DAY; step++) {
    const candidate = new Date(start + step * 60_000);
    const { minutes } = wibClockOf(candidate);
    const isBoundary =
      minutes === 0 || schedule.days.some((d) => d.mode === 'HOURS' && minutesOf(d.open) === minutes);
    if (isBoundary && isOpenAt(schedule, candidate)) return candidate;
  }
  return null;
}
