import { describe, expect, it } from 'vitest';
import { joinEntries, VisibleTimer } from './visibleTimer';

type Step = ['show' | 'hide', number] | ['take', number, number | null];

describe('the chat room timer counts visible time only', () => {
  it.each<[string, boolean, Step[]]>([
    ['visible throughout', true, [['take', 90_500, 90]]],
    [
      'under a second is kept for later',
      true,
      [
        ['take', 600, null],
        ['take', 1_500, 1],
      ],
    ],
    [
      'hidden from the start',
      false,
      [
        ['take', 60_000, null],
        ['show', 60_000],
        ['take', 70_000, 10],
      ],
    ],
    [
      'a hidden stretch is not counted',
      true,
      [
        ['hide', 10_000],
        ['show', 50_000],
        ['take', 55_000, 15],
      ],
    ],
    [
      'taken twice, counted once',
      true,
      [
        ['take', 30_000, 30],
        ['take', 45_000, 15],
      ],
    ],
    [
      'hidden when taken',
      true,
      [
        ['hide', 20_000],
        ['take', 90_000, 20],
        ['take', 120_000, null],
      ],
    ],
    [
      'leftover milliseconds carry over',
      true,
      [
        ['take', 2_700, 2],
        ['take', 3_400, 1],
      ],
    ],
  ])('%s', (_name, visible, steps) => {
    const timer = new VisibleTimer(0, visible);
    for (const step of steps) {
      if (step[0] === 'show') timer.setVisible(true, step[1]);
      else if (step[0] === 'hide') timer.setVisible(false, step[1]);
      else {
        const entry = timer.take(step[1]);
        expect(entry?.seconds ?? null).toBe(step[2]);
        if (entry) expect(entry.seconds * 1000).toBeLessThanOrEqual(entry.endedAt - entry.startedAt);
      }
    }
  });
});

describe('joining the stretches of one new chat', () => {
  it.each([
    ['nothing yet', null, null, null],
    [
      'first stretch',
      null,
      { startedAt: 0, endedAt: 5_000, seconds: 5 },
      { startedAt: 0, endedAt: 5_000, seconds: 5 },
    ],
    [
      'nothing new',
      { startedAt: 0, endedAt: 5_000, seconds: 5 },
      null,
      { startedAt: 0, endedAt: 5_000, seconds: 5 },
    ],
    [
      'a retry adds its seconds and ends later',
      { startedAt: 0, endedAt: 5_000, seconds: 5 },
      { startedAt: 5_000, endedAt: 9_000, seconds: 3 },
      { startedAt: 0, endedAt: 9_000, seconds: 8 },
    ],
  ] as const)('%s', (_, a, b, expected) => {
    expect(joinEntries(a, b)).toEqual(expected);
  });
});
