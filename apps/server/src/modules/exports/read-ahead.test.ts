import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.js';

describe('readAhead', () => {
  it('yields every item in order and asks for the next one before the current is consumed', async () => {
    const log: string[] = [];
    async function* source() {
      for (const n of [1, 2, 3]) {
        log.push(`read ${n}`);
        yield n;
      }
    }
    const seen: number[] = [];
    for await (const n of readAhead(source())) {
      log.push(`use ${n}`);
      seen.push(n);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Item 2 is read before item 1 is used.
    expect(log.slice(0, 3)).toEqual(['read 1', 'read 2', 'use 1']);
  });

  it('passes a failure of the source on to the consumer', async () => {
    async function* source() {
      yield 1;
      throw new Error('database gone');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of readAhead(source())) seen.push(n);
      })(),
    ).rejects.toThrow('database gone');
    expect(seen).toEqual([1]);
  });

  it('ends at once for an empty source', async () => {
    async function* source(): AsyncGenerator<number> {}
    const seen: number[] = [];
    for await (const n of readAhead(source())) seen.push(n);
    expect(seen).toEqual([]);
  });
});
