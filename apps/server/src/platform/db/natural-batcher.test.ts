import { describe, expect, it } from 'vitest';
import { createNaturalBatcher } from './natural-batcher.js';

/**
 * A writer whose writes wait until the test releases them: the first lone write (`runOne`) and every batch
 * (`run`); later lone writes (the retries of a failed batch) are immediate.
 */
function gatedWriter() {
  const batches: number[][] = [];
  const alone: number[] = [];
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((r) => gates.push(r));
  const run = async (items: number[]) => {
    batches.push(items);
    await gate();
    if (items.includes(13)) throw new Error('unlucky');
    return items.map((n) => n * 10);
  };
  const runOne = async (n: number) => {
    alone.push(n);
    if (alone.length === 1) await gate();
    if (n === 13) throw new Error('unlucky');
    return n * 10;
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { batches, alone, run, runOne, release };
}

describe('natural batcher', () => {
  it('writes an idle call at once, alone, and groups the calls that arrive during that write', async () => {
    const w = gatedWriter();
    const store = createNaturalBatcher({ run: w.run, runOne: w.runOne, maxBatch: 10 });
    const calls = [1, 2, 3, 4].map((n) => store(n));
    expect(w.alone).toEqual([1]);
    await w.release();
    expect(await calls[0]).toBe(10);
    await w.release();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40]);
    expect(w.batches).toEqual([[2, 3, 4]]);
  });

  it('caps a batch at maxBatch and keeps every caller its own result', async () => {
    const w = gatedWriter();
    const store = createNaturalBatcher({ run: w.run, runOne: w.runOne, maxBatch: 2 });
    const calls = [6, 7, 8, 9, 10].map((n) => store(n));
    for (let i = 0; i < 3; i++) await w.release();
    expect(await Promise.all(calls)).toEqual([60, 70, 80, 90, 100]);
    expect(w.batches).toEqual([
      [7, 8],
      [9, 10],
    ]);
  });

  it('fails only the bad call of a failed batch: its items are written alone', async () => {
    const w = gatedWriter();
    const store = createNaturalBatcher({ run: w.run, runOne: w.runOne, maxBatch: 10 });
    const settle = (n: number) =>
      store(n).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      );
    const calls = [11, 12, 13, 14].map(settle);
    await w.release();
    await w.release();
    expect(await Promise.all(calls)).toEqual([{ v: 110 }, { v: 120 }, { e: 'unlucky' }, { v: 140 }]);
    expect(w.batches).toEqual([[12, 13, 14]]);
    expect(w.alone).toEqual([11, 12, 13, 14]);
  });

  it('with gatherTick, the calls of one tick go together in one batch', async () => {
    const w = gatedWriter();
    const store = createNaturalBatcher({ run: w.run, runOne: w.runOne, maxBatch: 10, gatherTick: true });
    const calls = [1, 2, 3].map((n) => store(n));
    expect(w.alone).toEqual([]);
    await w.release();
    expect(await Promise.all(calls)).toEqual([10, 20, 30]);
    expect(w.batches).toEqual([[1, 2, 3]]);
    const alone = store(5);
    await w.release();
    expect(await alone).toBe(50);
    expect(w.alone).toEqual([5]);
  });
});
