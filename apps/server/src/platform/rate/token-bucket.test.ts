import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket.js';

describe('TokenBuckets', () => {
  it('allows the burst, then refills at the rate, per key', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, 3, () => now);
    for (let i = 0; i < 3; i++) expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a')).toEqual({ ok: false, waitMs: 500 });
    expect(buckets.take('b').ok).toBe(true);
    now = 500;
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
  });

  it('acquire waits for a token or gives up at the deadline', async () => {
    const buckets = new TokenBuckets(100, 1);
    expect(await buckets.acquire('x', 0)).toBe(true);
    expect(await buckets.acquire('x', 1)).toBe(false);
    expect(await buckets.acquire('x', 100)).toBe(true);
  });
});
