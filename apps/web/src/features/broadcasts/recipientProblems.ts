/** How many invalid numbers a form lists before "and N more" (the rest are counted, never dropped silently). */
const RECIPIENT_PROBLEMS_SHOWN = 10;

export interface RecipientProblemLine {
  /** What names the number: the number as typed, or "row 4 · 0812…" for a sheet. */
  label: string;
  /** Its message key. */
  problem: string;
}

/**
 * Every invalid recipient, not only the first (issue 16): the first RECIPIENT_PROBLEMS_SHOWN as lines,
 * and how many more there are (of `total`, when the list given is itself the first part of a longer one).
 */
export function recipientProblemLines(
  problems: readonly RecipientProblemLine[],
  shown = RECIPIENT_PROBLEMS_SHOWN,
  total = problems.length,
): { lines: RecipientProblemLine[]; more: number } {
  return { lines: problems.slice(0, shown), more: Math.max(0, total - Math.min(shown, problems.length)) };
}
