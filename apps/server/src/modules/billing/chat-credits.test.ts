import { describe, expect, it } from 'vitest';
import { creditsSufficient } from './chat-credits.service.js';

describe('credit sufficiency (000 §5: insufficient when not POST_PAID and the balance is below the amount)', () => {
  it.each([
    ['PRE_PAID', 511.5, 511.5, true],
    ['PRE_PAID', 511.49, 511.5, false],
    ['PRE_PAID', 0, 511.5, false],
    ['PRE_PAID', 0, 0, true],
    ['PRE_PAID', -10, 0, true],
    ['POST_PAID', 0, 511.5, true],
    ['POST_PAID', -5000, 511.5, true],
    ['FREE', 1000, 511.5, true],
    ['FREE', 100, 511.5, false],
  ])('%s with balance %d for %d → %s', (billingType, balance, amount, expected) => {
    expect(creditsSufficient({ billingType, balance, amount })).toBe(expected);
  });
});
