import { DEFAULT_TIME_ZONE } from '@sapa/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** 000 §1: Asia/Jakarta by default; the browser's zone when it can be detected. */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) {
      dayjs().tz(zone); // throws for a zone the runtime does not know
      return zone;
    }
  } catch {
    // fall through
  }
  return DEFAULT_TIME_ZONE;
}

export const TIME_ZONE = detectTimeZone();
dayjs.tz.setDefault(TIME_ZONE);

/** Formats an epoch-milliseconds time in the user's zone and language. */
export function formatDateTime(epochMs: number, language: string): string {
  return dayjs(epochMs)
    .tz(TIME_ZONE)
    .locale(language === 'id' ? 'id' : 'en')
    .format('D MMM YYYY, HH:mm');
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US').format(value);
}

export { dayjs };

/** A short form for tight spaces: 100 rb / 100K. */
export function formatCompactNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}
