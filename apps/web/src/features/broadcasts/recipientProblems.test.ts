import { describe, expect, it } from 'vitest';
import { recipientProblemLines } from './recipientProblems';

const line = (i: number) => ({ label: `0812${i}`, problem: 'broadcast.phoneLength' });

describe('invalid broadcast recipients (issue 16: every one, not only the first)', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [3, 3, 0],
    [10, 10, 0],
    [11, 10, 1],
    [250, 10, 240],
  ])('%i problems → %i lines and %i more', (count, lines, more) => {
    const result = recipientProblemLines(Array.from({ length: count }, (_, i) => line(i)));
    expect(result.lines).toHaveLength(lines);
    expect(result.more).toBe(more);
    expect(result.lines.map((l) => l.label)).toEqual(Array.from({ length: lines }, (_, i) => `0812${i}`));
  });

  it('counts past a list that is itself the first part (a sheet answer lists 500 of 620)', () => {
    const result = recipientProblemLines(
      Array.from({ length: 500 }, (_, i) => line(i)),
      undefined,
      620,
    );
    expect(result.lines).toHaveLength(10);
    expect(result.more).toBe(610);
  });
});
