/**
 * A fixed-window counter per key (an IP, an email). In memory: each API process limits on its own, which
 * bounds a brute force at (processes × limit); good enough for sign-in, and needs no shared store.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { limit: number; windowMs: number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
  }

  /** Seconds until `key` may try again, or 0 when it is under its limit. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.#limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  hit(key: string, now = Date.now()): void {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.#hits.set(key, { count: 1, resetAt: now + this.#windowMs });
      if (this.#hits.size > 50_000) this.#sweep(now);
      return;
    }
    entry.count += 1;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
