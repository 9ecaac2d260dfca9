/**
 * Per-key token buckets (e.g. one per channel account before provider sends; ARCHITECTURE hot path).
 * In-process: with several workers each gets its own buckets, so set the rate per worker.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token if one is available; otherwise returns how many ms until the next one. */
  take(key: string): { ok: true } | { ok: false; waitMs: number } {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.ratePerSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, waitMs: Math.ceil(((1 - b.tokens) / this.ratePerSecond) * 1000) };
  }

  /** Waits for a token up to `maxWaitMs`; false when none came in time. */
  async acquire(key: string, maxWaitMs: number): Promise<boolean> {
    const deadline = this.now() + maxWaitMs;
    for (;;) {
      const r = this.take(key);
      if (r.ok) return true;
      if (this.now() + r.waitMs > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, r.waitMs));
    }
  }
}
