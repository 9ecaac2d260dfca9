import type { LibraryEntry } from '@sapa/contracts';

/** The search after a leading "/" while the composer holds one line starting with it; otherwise null. */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\n]*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

/**
 * Quick replies matching `query`: titles starting with it first, then titles containing it, then contents
 * containing it; case-insensitive, at most `limit`.
 */
export function matchQuickReplies(
  entries: readonly LibraryEntry[],
  query: string,
  limit = 8,
): LibraryEntry[] {
  const q = query.trim().toLowerCase();
  const rank = (e: LibraryEntry) => {
    const title = e.title.toLowerCase();
    if (title.startsWith(q)) return 0;
    if (title.includes(q)) return 1;
    if ((e.content ?? '').toLowerCase().includes(q)) return 2;
    return 3;
  };
  return entries
    .map((entry) => ({ entry, rank: rank(entry) }))
    .filter((x) => x.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((x) => x.entry);
}
