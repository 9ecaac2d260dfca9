import { describe, expect, it } from 'vitest';
import { describeCreditMutation } from './api/billing/billing.js';
import { csvText } from './csv.js';
import {
  bonusMonthOf,
  conversationCharge,
  hundredthsOf,
  monthlyBonusCredits,
  splitCharge,
  templateConversationCategory,
  windowCovers,
  withVat,
} from './pricing.js';

describe('conversation charges by purpose and category (001 §3 outbound price per category, §9)', () => {
  it.each([
    ['inbound', null, 'SERVICE', 23_646, true, false],
    ['follow_up', 'MARKETING', 'MARKETING', 51_150, false, true],
    ['follow_up', 'utility', 'UTILITY', 51_150, false, true],
    ['follow_up', 'AUTHENTICATION', 'AUTHENTICATION', 51_150, false, true],
    ['follow_up', 'something else', 'MARKETING', 51_150, false, true],
    ['new_message', 'UTILITY', 'UTILITY', 51_150, false, true],
    ['chatbot_reply', null, 'CHATBOT', 27_548, false, true],
  ] as const)(
    '%s of a %s template → %s window at %d hundredths',
    (purpose, templateCategory, category, price, bonusFirst, blocks) => {
      expect(conversationCharge(purpose, templateCategory)).toEqual({
        category,
        price,
        bonusFirst,
        blocksWhenShort: blocks,
      });
    },
  );

  it.each([
    [null, 'MARKETING'],
    [undefined, 'MARKETING'],
    ['marketing', 'MARKETING'],
    ['Utility', 'UTILITY'],
  ])('template category %s → %s', (given, expected) => {
    expect(templateConversationCategory(given)).toBe(expected);
  });
});

describe('the 24-hour window (000 §9, 001 §9)', () => {
  const opened = new Date('2026-03-01T10:00:00.000Z');
  it.each([
    [0, true],
    [1, true],
    [24 * 3_600_000 - 1, true],
    [24 * 3_600_000, false],
    [25 * 3_600_000, false],
    [-1, false],
  ])('%d ms after opening → covered %s', (offset, covered) => {
    expect(windowCovers(opened, new Date(opened.getTime() + offset))).toBe(covered);
  });
});

describe('how a charge is paid (000 §5; 001 §9 bonus only for inbound)', () => {
  const base = { billingType: 'PRE_PAID', bonusFirst: false, blocksWhenShort: true };
  it.each([
    [
      'exact balance',
      { ...base, balance: 51_150, bonus: 0, price: 51_150 },
      { status: 'success', paid: 51_150, bonus: 0 },
    ],
    [
      'one hundredth short',
      { ...base, balance: 51_149, bonus: 0, price: 51_150 },
      { status: 'insufficient' },
    ],
    [
      'bonus ignored outbound',
      { ...base, balance: 0, bonus: 99_999, price: 51_150 },
      { status: 'insufficient' },
    ],
    [
      'inbound: bonus first',
      { ...base, bonusFirst: true, blocksWhenShort: false, balance: 1_000, bonus: 30_000, price: 23_646 },
      { status: 'success', paid: 0, bonus: 23_646 },
    ],
    [
      'inbound: bonus then paid',
      { ...base, bonusFirst: true, blocksWhenShort: false, balance: 50_000, bonus: 10_000, price: 23_646 },
      { status: 'success', paid: 13_646, bonus: 10_000 },
    ],
    [
      'inbound short: unpaid, not blocked',
      { ...base, bonusFirst: true, blocksWhenShort: false, balance: 100, bonus: 100, price: 23_646 },
      { status: 'unpaid', paid: 0, bonus: 0 },
    ],
    [
      'POST_PAID never refused',
      { ...base, billingType: 'POST_PAID', balance: 0, bonus: 0, price: 51_150 },
      { status: 'post_paid', paid: 51_150, bonus: 0 },
    ],
    ['negative balance', { ...base, balance: -5, bonus: 0, price: 1 }, { status: 'insufficient' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(splitCharge(input)).toEqual(expected);
  });
});

describe('monthly bonus credits (001 §9: 300.000 free, 350.000 premium, on the 1st in Asia/Jakarta)', () => {
  it.each([
    ['Free', null, 30_000_000],
    ['Free Trial', null, 30_000_000],
    ['Active', null, 30_000_000],
    ['Active', 'STARTER', 35_000_000],
    ['Active', 'PRO', 35_000_000],
    ['Expired', 'PRO', 30_000_000],
  ])('%s %s → %d', (status, pkg, credits) => {
    expect(monthlyBonusCredits(status, pkg)).toBe(credits);
  });
  it.each([
    ['2026-02-28T16:59:59.999Z', '2026-02'],
    ['2026-02-28T17:00:00.000Z', '2026-03'],
    ['2026-12-31T17:00:00.000Z', '2027-01'],
  ])('%s is bonus month %s', (at, month) => {
    expect(bonusMonthOf(new Date(at))).toBe(month);
  });
});

describe('credits, VAT and descriptions', () => {
  it.each([
    ['511.50', 51_150],
    ['275.48', 27_548],
    [0.1 + 0.2, 30],
    ['-236.46', -23_646],
  ])('%s credits → %d hundredths', (credits, hundredths) => {
    expect(hundredthsOf(credits)).toBe(hundredths);
  });
  it('511.5 credits include 11% VAT: 460.81 net + 50.69 VAT in hundredths', () => {
    expect(withVat(46_081).total).toBe(51_150);
  });
  it.each([
    [{ description: 'topUp', details: { channel: 'QRIS' } }, 'id', 'Isi ulang (QRIS)'],
    [{ description: 'topUp', details: { channel: 'QRIS' } }, 'en', 'Top up (QRIS)'],
    [
      { description: 'followUp', details: { ticket: 'T-1', template: 'promo' } },
      'en',
      'Follow-up chat T-1 (promo)',
    ],
    [{ description: 'Top up (BCA)', details: {} }, 'id', 'Top up (BCA)'],
  ] as const)('describes %o in %s', (m, lang, text) => {
    expect(describeCreditMutation(m, lang)).toBe(text);
  });
  it('csv quotes separators and defuses formulas', () => {
    expect(csvText([['a,b', '=1+1', 'x"y', 5]])).toBe('"a,b",\'=1+1,"x""y",5\r\n');
  });
});
