/** From which share of a length limit its counter shows (issue 16 §3: a counter near the limit). */
const COUNTER_FROM = 0.8;

export interface LimitState {
  /** Characters that count: the trimmed text, as the contracts' `.trim().max()` count them. */
  count: number;
  max: number;
  /** Near or over the limit: the counter shows. */
  showCounter: boolean;
  /** Over the limit: the form refuses to send (the text is never cut). */
  over: boolean;
}

/** Where a text stands against its length limit. */
export function limitState(value: string, max: number): LimitState {
  const count = value.trim().length;
  return { count, max, showCounter: count >= Math.floor(max * COUNTER_FROM), over: count > max };
}
