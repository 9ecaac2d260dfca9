/** One measured stretch: wall-clock start and end, and the seconds the page was visible in between. */
export interface TimeEntry {
  startedAt: number;
  endedAt: number;
  seconds: number;
}

/**
 * Counts the time a chat room is on screen (000 §3 time tracker): only while the tab is visible. `take`
 * hands over what was counted and starts the next stretch; under a second is kept for later.
 */
export class VisibleTimer {
  private startedAt: number;
  private visibleSince: number | null;
  private counted = 0;

  constructor(now: number, visible: boolean) {
    this.startedAt = now;
    this.visibleSince = visible ? now : null;
  }

  setVisible(visible: boolean, now: number): void {
    if (visible && this.visibleSince === null) this.visibleSince = now;
    if (!visible && this.visibleSince !== null) {
      this.counted += now - this.visibleSince;
      this.visibleSince = null;
    }
  }

  take(now: number): TimeEntry | null {
    const running = this.visibleSince === null ? 0 : now - this.visibleSince;
    const seconds = Math.floor((this.counted + running) / 1000);
    if (seconds < 1) return null;
    const entry = { startedAt: this.startedAt, endedAt: now, seconds };
    const leftover = this.counted + running - seconds * 1000;
    this.startedAt = now - leftover;
    this.counted = leftover;
    if (this.visibleSince !== null) {
      this.counted = 0;
      this.visibleSince = now - leftover;
    }
    return entry;
  }
}

/** Two stretches of one piece of work as one entry (a new chat retried after a failed attempt). */
export function joinEntries(a: TimeEntry | null, b: TimeEntry | null): TimeEntry | null {
  if (!a || !b) return a ?? b;
  return { startedAt: a.startedAt, endedAt: b.endedAt, seconds: a.seconds + b.seconds };
}
