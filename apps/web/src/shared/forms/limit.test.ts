import { describe, expect, it } from 'vitest';
import { limitState } from './limit';

describe('limitState (issue 16 §3: a counter near the limit, refuse over it, never cut)', () => {
  it.each([
    { value: '', max: 4096, showCounter: false, over: false, count: 0 },
    { value: 'a'.repeat(3275), max: 4096, showCounter: false, over: false, count: 3275 },
    { value: 'a'.repeat(3276), max: 4096, showCounter: true, over: false, count: 3276 },
    { value: 'a'.repeat(4096), max: 4096, showCounter: true, over: false, count: 4096 },
    { value: 'a'.repeat(4097), max: 4096, showCounter: true, over: true, count: 4097 },
    { value: `  ${'a'.repeat(15)}  `, max: 15, showCounter: true, over: false, count: 15 },
    { value: 'a'.repeat(16), max: 15, showCounter: true, over: true, count: 16 },
  ])('$count of $max: counter $showCounter, over $over', ({ value, max, showCounter, over, count }) => {
    expect(limitState(value, max)).toEqual({ count, max, showCounter, over });
  });
});
