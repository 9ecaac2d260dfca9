import { describe, expect, it } from 'vitest';
import { creditsSufficient, creditText } from './chat-credits.service.js';

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

describe('credits as the ledger stores them (exact numeric text from hundredths)', () => {
  it.each([
    [51_150, '511.50'],
    [-51_150, '-511.50'],
    [27_548, '275.48'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [35_000_000, '350000.00'],
  ])('%d → %s', (hundredths, text) => {
    expect(creditText(hundredths)).toBe(text);
  });
});
