/** 000 §3 finishedTutorials: which coach-mark tours a user has finished, per user, in localStorage. */
const keyFor = (userId: string) => `sapa.tutorials.${userId}`;

export function finishedTutorials(userId: string): string[] {
  try {
    const raw = localStorage.getItem(keyFor(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function markTutorialFinished(userId: string, tutorial: string): void {
  const done = new Set(finishedTutorials(userId));
  done.add(tutorial);
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify([...done]));
  } catch {
    // ignore: the tour shows again next time
  }
}
