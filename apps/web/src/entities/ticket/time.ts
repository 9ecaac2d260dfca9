import relativeTime from 'dayjs/plugin/relativeTime';
import { dayjs, TIME_ZONE } from '../../shared/time';

dayjs.extend(relativeTime);

function locale(language: string): string {
  return language === 'id' ? 'id' : 'en';
}

/** "5 menit yang lalu" / "5 minutes ago" in the user's zone (000 §1 Asia/Jakarta by default). */
export function relativeTimeOf(epochMs: number, language: string): string {
  return dayjs(epochMs).tz(TIME_ZONE).locale(locale(language)).fromNow();
}

/** A bubble's time: HH:mm today, else D MMM HH:mm. */
export function bubbleTime(epochMs: number, language: string): string {
  const time = dayjs(epochMs).tz(TIME_ZONE).locale(locale(language));
  return time.isSame(dayjs().tz(TIME_ZONE), 'day') ? time.format('HH:mm') : time.format('D MMM, HH:mm');
}

/** The day separator of the chat history. */
export function dayLabel(epochMs: number, language: string): string {
  return dayjs(epochMs).tz(TIME_ZONE).locale(locale(language)).format('dddd, D MMMM YYYY');
}

export function dayKey(epochMs: number): string {
  return dayjs(epochMs).tz(TIME_ZONE).format('YYYY-MM-DD');
}

/**
 * Whether a ticket is expired (000 §4 by the channel table, `chatExpiresAt` on the server): past 24 h after the
 * customer's last message, past 7 days on Messenger and Instagram (the HUMAN_AGENT tag answers until then).
 */
export function isExpired(ticket: { status: string; expiresAt: number | null }, now = Date.now()): boolean {
  return ticket.status === 'expired' || (ticket.expiresAt !== null && now > ticket.expiresAt);
}

/** Hours and minutes left in the reply window, e.g. "3j 20m" / "3h 20m". */
export function timeLeft(expiresAt: number, now = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((expiresAt - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
