import {
  type ChannelCode,
  chatExpiresAt,
  DEFAULT_TIME_ZONE,
  type TicketListColumnKey,
  type TicketListStatus,
} from '@sapa/contracts';

/**
 * Pure rules of the find lists (no SQL): day bounds in the business time zone, keyset cursors, the status a
 * row shows and the column list a user keeps.
 */

/** Milliseconds the zone is ahead of UTC at `at` (Asia/Jakarta: +7 h all year). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a day (`YYYY-MM-DD`) starts in a time zone. */
export function startOfDayIn(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  return new Date(midnightUtc.getTime() - zoneOffsetMs(midnightUtc, timeZone));
}

/**
 * A range of whole days as instants: `[start of from, start of the day after to)`. Either end may be
 * missing. A range whose end comes before its start matches nothing (it is not an error: the user sees
 * an empty list).
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): { from?: Date; before?: Date } {
  const range: { from?: Date; before?: Date } = {};
  if (from) range.from = startOfDayIn(from, timeZone);
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    range.before = startOfDayIn(next.toISOString().slice(0, 10), timeZone);
  }
  return range;
}

/**
 * The status a find list shows (000 §4): resolved stays resolved; an open chat on a channel with expiry
 * whose answer window has passed (`chatExpiresAt`: 24 h, 7 days on Messenger and Instagram) is expired;
 * otherwise the stored status.
 */
export function shownStatus(
  row: { status: string; channel: string; lastCustomerMessageAt: Date | null },
  now: Date,
): TicketListStatus {
  if (row.status === 'resolved' || row.status === 'expired') return row.status;
  const expiresAt = chatExpiresAt(row.channel as ChannelCode, row.lastCustomerMessageAt?.getTime() ?? null);
  if (expiresAt !== null && now.getTime() > expiresAt) return 'expired';
  return row.status === 'assigned' ? 'assigned' : 'unassigned';
}

/** A saved column list: known keys, each once, in the order given. */
export function normaliseColumns(columns: readonly string[], known: readonly TicketListColumnKey[]) {
  const seen = new Set<TicketListColumnKey>();
  for (const c of columns) if ((known as readonly string[]).includes(c)) seen.add(c as TicketListColumnKey);
  return [...seen];
}

/** `%`, `_` and `\` taken literally inside a LIKE pattern; the text is searched anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
