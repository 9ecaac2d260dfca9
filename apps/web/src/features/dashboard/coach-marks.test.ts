import { describe, expect, it } from 'vitest';
import { tourOf } from './CoachMarks';

describe('dashboard coach marks (000 §2 first use, §6 free-trial tier)', () => {
  it.each([
    [false, 'dashboard', ['navbar', 'chat-credit', 'user-menu']],
    [true, 'dashboard-free-trial', ['subscription', 'navbar', 'chat-credit', 'user-menu']],
  ] as const)('free trial %s: tour %s over %o', (freeTrial, tutorial, steps) => {
    expect(tourOf(freeTrial)).toEqual({ tutorial, steps });
  });
});
