import { describe, expect, it } from 'vitest';
import {
  ACTIVE_INVOICES_CACHE_MS,
  ACTIVE_INVOICES_FETCHED,
  BONUS_CREDIT_DAY_OF_MONTH,
  CHATBOT_CUSTOM_REPLY_CREDITS,
  creditsForRupiah,
  creditsOf,
  DAYS_PER_MONTH,
  EXTRA_USER_MONTHLY_PRICE,
  extraUsersPrice,
  FINAL_INVOICE_WORKING_DAYS,
  FOLLOW_UP_CHAT_CREDITS,
  FREE_TRIAL_DAYS,
  freeTrialEnd,
  isSubscriptionPeriod,
  MONTHLY_BONUS_CREDITS,
  monthsRoundedUp,
  OVERDUE_BLOCK_DAYS,
  PAYMENT_VERIFICATION_WORKING_DAYS,
  PAYOUT_HOURS,
  PLANS,
  PREMIUM_PACKAGES,
  PRICE_BOOKS,
  packageChangeRefusal,
  packagePrice,
  periodDays,
  periodEnd,
  proUpgradeQuote,
  STARTER_MAX_CHANNELS,
  SUBSCRIPTION_PERIOD_MONTHS,
  USAGE_DATA_DAY_OF_MONTH,
  VAT_PERCENT,
  withVat,
} from './pricing.js';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('001 §9 constants, as the table gives them', () => {
  it.each([
    ['free trial 30 days', FREE_TRIAL_DAYS, 30],
    ['a month is 30 days', DAYS_PER_MONTH, 30],
    ['extra user Rp199.000 per month', EXTRA_USER_MONTHLY_PRICE, 199_000],
    ['downgrade channel limit 50', STARTER_MAX_CHANNELS, 50],
    ['VAT 11%', VAT_PERCENT, 11],
    ['bonus credits 300.000 (free variant)', creditsOf(MONTHLY_BONUS_CREDITS.free), 300_000],
    ['bonus credits 350.000 (premium)', creditsOf(MONTHLY_BONUS_CREDITS.premium), 350_000],
    ['follow-up 511.5 credits incl. VAT', creditsOf(FOLLOW_UP_CHAT_CREDITS), 511.5],
    ['chatbot custom reply 275.48 credits', creditsOf(CHATBOT_CUSTOM_REPLY_CREDITS), 275.48],
    ['bonus credited on the 1st', BONUS_CREDIT_DAY_OF_MONTH, 1],
    ['usage data on the 3rd', USAGE_DATA_DAY_OF_MONTH, 3],
    ['final invoice within 7 working days', FINAL_INVOICE_WORKING_DAYS, 7],
    ['payment verification 2 working days', PAYMENT_VERIFICATION_WORKING_DAYS, 2],
    ['overdue block after 90 days', OVERDUE_BLOCK_DAYS, 90],
    ['payout within 24 hours', PAYOUT_HOURS, 24],
    ['active invoices cache 15 minutes', ACTIVE_INVOICES_CACHE_MS, 15 * 60_000],
    ['first 10 active invoices', ACTIVE_INVOICES_FETCHED, 10],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('plans are Free, Free Trial, Starter, Pro, Enterprise; the packages are the last three', () => {
    expect(PLANS).toEqual(['FREE', 'FREE_TRIAL', 'STARTER', 'PRO', 'ENTERPRISE']);
    expect(PREMIUM_PACKAGES).toEqual(['STARTER', 'PRO', 'ENTERPRISE']);
  });

  it('credit figures are whole hundredths, so no float reaches a balance', () => {
    for (const c of [
      FOLLOW_UP_CHAT_CREDITS,
      CHATBOT_CUSTOM_REPLY_CREDITS,
      ...Object.values(MONTHLY_BONUS_CREDITS),
    ])
      expect(Number.isInteger(c)).toBe(true);
  });
});

describe('periods: 3, 6, 12 months of 30 days', () => {
  it.each([
    [3, 90],
    [6, 180],
    [12, 360],
  ])('%i months are %i days', (months, days) => {
    expect(isSubscriptionPeriod(months)).toBe(true);
    expect(periodDays(months)).toBe(days);
    expect(periodEnd(at('2026-01-01T00:00:00Z'), months as 3 | 6 | 12).getTime()).toBe(
      at('2026-01-01T00:00:00Z').getTime() + days * DAY,
    );
  });

  it.each([0, 1, 2, 4, 9, 24])('%i months is not a period', (months) => {
    expect(isSubscriptionPeriod(months)).toBe(false);
  });

  it('the list is exactly the spec’s', () => {
    expect(SUBSCRIPTION_PERIOD_MONTHS).toEqual([3, 6, 12]);
  });

  it('a free trial ends 30 days after it starts', () => {
    expect(freeTrialEnd(at('2026-02-01T10:00:00Z')).toISOString()).toBe('2026-03-03T10:00:00.000Z');
  });
});

describe('VAT 11% on every price, in whole rupiah, half up', () => {
  it.each([
    [0, 0, 0],
    [100, 11, 111],
    [199_000, 21_890, 220_890],
    [71_000, 7_810, 78_810],
    [300_000, 33_000, 333_000],
    [50, 6, 56], // 5.5 → 6
    [45, 5, 50], // 4.95 → 5
    [1, 0, 1], // 0.11 → 0
  ])('net %i has VAT %i, total %i', (net, vat, total) => {
    expect(withVat(net)).toEqual({ net, vat, total });
  });

  it.each([-1, 0.5, Number.NaN])('refuses %s rupiah', (net) => {
    expect(() => withVat(net)).toThrow(RangeError);
  });
});

describe('package prices per period (price book standard: Starter 129.000, Pro 200.000 a month)', () => {
  it.each([
    ['STARTER', 3, 387_000, 42_570, 429_570],
    ['STARTER', 6, 774_000, 85_140, 859_140],
    ['STARTER', 12, 1_548_000, 170_280, 1_718_280],
    ['PRO', 3, 600_000, 66_000, 666_000],
    ['PRO', 6, 1_200_000, 132_000, 1_332_000],
    ['PRO', 12, 2_400_000, 264_000, 2_664_000],
  ] as const)('%s for %i months: net %i + VAT %i = %i', (pkg, months, net, vat, total) => {
    expect(packagePrice(pkg, months)).toEqual({ net, vat, total });
  });

  it.each(Object.entries(PRICE_BOOKS))(
    'book %s: Pro − Starter is the Pro upgrade price per month',
    (_n, book) => {
      expect(book.monthly.PRO - book.monthly.STARTER).toBe(book.proUpgradePerMonth);
    },
  );

  it('the two upgrade prices of 001 §9 are Rp71.000 and Rp300.000 per month', () => {
    expect(PRICE_BOOKS.standard.proUpgradePerMonth).toBe(71_000);
    expect(PRICE_BOOKS.plus.proUpgradePerMonth).toBe(300_000);
  });
});

describe('Starter → Pro upgrade: per remaining month, rounded up by month, validity unchanged', () => {
  const now = at('2026-03-01T00:00:00Z');
  it.each([
    // remaining days, months charged, net at 71.000, net at 300.000
    [1, 1, 71_000, 300_000],
    [29, 1, 71_000, 300_000],
    [30, 1, 71_000, 300_000],
    [31, 2, 142_000, 600_000],
    [60, 2, 142_000, 600_000],
    [61, 3, 213_000, 900_000],
    [90, 3, 213_000, 900_000],
    [179, 6, 426_000, 1_800_000],
    [360, 12, 852_000, 3_600_000],
  ])(
    '%i days left → %i months: Rp%i (standard) or Rp%i (plus), VAT on top',
    (days, months, standard, plus) => {
      const endsAt = new Date(now.getTime() + days * DAY);
      const a = proUpgradeQuote({ now, endsAt });
      expect(a.months).toBe(months);
      expect(a.price).toEqual(withVat(standard));
      expect(a.endsAt).toBe(endsAt);
      const b = proUpgradeQuote({ now, endsAt }, PRICE_BOOKS.plus);
      expect(b.price).toEqual(withVat(plus));
    },
  );

  it('a part of a day counts as a day, and a day past 30 as a second month', () => {
    const endsAt = new Date(now.getTime() + 30 * DAY + 1);
    expect(proUpgradeQuote({ now, endsAt }).months).toBe(2);
  });

  it('nothing is charged when the package has ended', () => {
    expect(proUpgradeQuote({ now, endsAt: now }).price.total).toBe(0);
    expect(monthsRoundedUp(-5)).toBe(0);
  });
});

describe('extra users: Rp199.000 per user per month, VAT on top', () => {
  it.each([
    [1, 1, 199_000, 220_890],
    [2, 1, 398_000, 441_780],
    [1, 3, 597_000, 662_670],
    [3, 12, 7_164_000, 7_952_040],
  ])('%i users for %i months: net %i, total %i', (users, months, net, total) => {
    const price = extraUsersPrice(users, months);
    expect(price.net).toBe(net);
    expect(price.total).toBe(total);
  });
});

describe('changing package (001 §4)', () => {
  it.each([
    ['PRO', 'STARTER', true, 10, 'downgradeWhileProActive'],
    ['PRO', 'STARTER', false, 10, null],
    ['PRO', 'STARTER', false, 51, 'tooManyChannelsForStarter'],
    ['FREE', 'STARTER', false, 50, null],
    ['FREE', 'STARTER', false, 51, 'tooManyChannelsForStarter'],
    ['STARTER', 'PRO', true, 500, null],
    ['FREE_TRIAL', 'ENTERPRISE', true, 500, null],
  ] as const)('%s → %s (active %s, %i channels): %s', (from, to, fromActive, channels, refusal) => {
    expect(packageChangeRefusal({ from, to, fromActive, channels })).toBe(refusal);
  });
});

describe('credits', () => {
  it('a top-up buys one credit per rupiah, in hundredths', () => {
    expect(creditsForRupiah(100_000)).toBe(10_000_000);
    expect(creditsOf(creditsForRupiah(100_000))).toBe(100_000);
  });
  it('one follow-up of 511.5 and one chatbot reply of 275.48 cost exactly 786.98', () => {
    expect(creditsOf(FOLLOW_UP_CHAT_CREDITS + CHATBOT_CUSTOM_REPLY_CREDITS)).toBe(786.98);
  });
});
