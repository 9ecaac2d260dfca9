import { describe, expect, it } from 'vitest';
import { PRICE_BOOKS } from '../../pricing.js';
import {
  entitlementOf,
  lapsedStatusOf,
  type OrderRequest,
  offeredPackages,
  type PlanState,
  planRefusal,
  quoteOrder,
  SELF_SERVE_PACKAGES,
  type SelfServePackage,
  stateAfterOrder,
  userLimitOf,
} from './subscription-rules.js';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * DAY);
const state = (s: Partial<PlanState>): PlanState => ({
  accountStatus: 'Active',
  subscriptionPackage: 'STARTER',
  subscriptionEndsAt: inDays(40),
  extraUsers: 0,
  ...s,
});

describe('entitlement (000 §4 statuses, 001 §6 gating)', () => {
  it.each([
    [
      'free',
      state({ accountStatus: 'Free', subscriptionPackage: null, subscriptionEndsAt: null }),
      'FREE',
      false,
      false,
    ],
    [
      'free trial in time',
      state({ accountStatus: 'Free Trial', subscriptionPackage: null, subscriptionEndsAt: inDays(3) }),
      'FREE_TRIAL',
      false,
      true,
    ],
    [
      'free trial over',
      state({ accountStatus: 'Free Trial', subscriptionPackage: null, subscriptionEndsAt: inDays(-1) }),
      'FREE',
      false,
      false,
    ],
    ['starter active', state({}), 'STARTER', true, false],
    ['pro active', state({ subscriptionPackage: 'PRO' }), 'PRO', true, true],
    [
      'enterprise without end',
      state({ subscriptionPackage: 'ENTERPRISE', subscriptionEndsAt: null }),
      'ENTERPRISE',
      true,
      true,
    ],
    [
      'pro past its end, not swept yet',
      state({ subscriptionPackage: 'PRO', subscriptionEndsAt: inDays(0) }),
      'FREE',
      false,
      false,
    ],
    ['expired', state({ accountStatus: 'Expired', subscriptionPackage: 'PRO' }), 'FREE', false, false],
  ] as const)('%s', (_name, s, tier, premium, whatsapp) => {
    const e = entitlementOf(s, now);
    expect([e.tier, e.premium, e.whatsapp]).toEqual([tier, premium, whatsapp]);
  });

  it('a lapsed package becomes Expired and a lapsed trial Free', () => {
    expect(entitlementOf(state({ subscriptionEndsAt: inDays(-1) }), now).lapsed).toBe(true);
    expect(lapsedStatusOf(state({}))).toBe('Expired');
    expect(lapsedStatusOf(state({ accountStatus: 'Free Trial' }))).toBe('Free');
  });

  it.each([
    [['premium'], state({ accountStatus: 'Free' }), 'subscription.premiumRequired'],
    [['premium', 'whatsapp'], state({}), 'subscription.whatsappNeedsPro'],
    [['premium', 'whatsapp'], state({ subscriptionPackage: 'PRO' }), null],
    [['whatsapp'], state({ accountStatus: 'Free Trial', subscriptionEndsAt: inDays(1) }), null],
    [['premium'], state({}), null],
  ] as const)('needs %j → %s', (needs, s, refusal) => {
    expect(planRefusal(entitlementOf(s, now), needs)).toBe(refusal);
  });
});

describe('user-count limit (001 §6: limited, extra users on top)', () => {
  it.each([
    [state({ accountStatus: 'Free', subscriptionPackage: null, subscriptionEndsAt: null, extraUsers: 4 }), 2],
    [state({ extraUsers: 2 }), 7],
    [state({ subscriptionPackage: 'PRO', extraUsers: 1 }), 11],
    [state({ subscriptionPackage: 'PRO', extraUsers: 1, subscriptionEndsAt: inDays(-1) }), 2],
    [state({ subscriptionPackage: 'ENTERPRISE', subscriptionEndsAt: null }), null],
  ])('%# → %s', (s, limit) => {
    expect(userLimitOf(s, now)).toBe(limit);
  });
});

const free = state({ accountStatus: 'Free', subscriptionPackage: null, subscriptionEndsAt: null });
const standard = PRICE_BOOKS.standard;

describe('orders priced from 001 §9 (VAT 11%, months of 30 days, upgrade rounded up by month)', () => {
  it.each<[string, PlanState, OrderRequest, number, number, Date, number]>([
    // name, state, request, channels, expected total, expected end, expected months
    [
      'Starter 3 months from free',
      free,
      { kind: 'start', package: 'STARTER', months: 3 },
      1,
      Math.round(129_000 * 3 * 1.11),
      inDays(90),
      3,
    ],
    [
      'Pro 12 months from free',
      free,
      { kind: 'start', package: 'PRO', months: 12 },
      1,
      200_000 * 12 * 1.11,
      inDays(360),
      12,
    ],
    [
      'Starter 6 months with 2 extra users',
      free,
      { kind: 'start', package: 'STARTER', months: 6, extraUsers: 2 },
      1,
      (129_000 * 6 + 199_000 * 2 * 6) * 1.11,
      inDays(180),
      6,
    ],
    [
      'extend Starter 6 months from its end',
      state({}),
      { kind: 'extend', months: 6 },
      1,
      129_000 * 6 * 1.11,
      inDays(220),
      6,
    ],
    [
      'extend renews extra users',
      state({ extraUsers: 1 }),
      { kind: 'extend', months: 3 },
      1,
      Math.round((129_000 + 199_000) * 3 * 1.11),
      inDays(130),
      3,
    ],
    [
      'upgrade with 40 days left: 2 months',
      state({}),
      { kind: 'upgrade' },
      1,
      71_000 * 2 * 1.11,
      inDays(40),
      2,
    ],
    [
      'upgrade with 30 days left: 1 month',
      state({ subscriptionEndsAt: inDays(30) }),
      { kind: 'upgrade' },
      1,
      71_000 * 1.11,
      inDays(30),
      1,
    ],
    [
      'upgrade with 1 day left: 1 month',
      state({ subscriptionEndsAt: inDays(1) }),
      { kind: 'upgrade' },
      1,
      71_000 * 1.11,
      inDays(1),
      1,
    ],
    [
      '3 extra users with 61 days left: 3 months',
      state({ subscriptionEndsAt: inDays(61) }),
      { kind: 'extra_users', extraUsers: 3 },
      1,
      199_000 * 3 * 3 * 1.11,
      inDays(61),
      3,
    ],
    [
      'renew an expired Pro as Starter',
      state({ accountStatus: 'Expired', subscriptionPackage: 'PRO', subscriptionEndsAt: inDays(-5) }),
      { kind: 'start', package: 'STARTER', months: 3 },
      50,
      Math.round(129_000 * 3 * 1.11),
      inDays(90),
      3,
    ],
  ])('%s', (_name, s, request, channels, total, endsAt, months) => {
    const result = quoteOrder(s, request, { now, channels, book: standard });
    if (!('quote' in result)) throw new Error(`refused: ${result.refusal}`);
    expect(result.quote.price.total).toBe(Math.round(total));
    expect(result.quote.price.vat).toBe(Math.round(total) - result.quote.price.net);
    expect(result.quote.endsAt).toEqual(endsAt);
    expect(result.quote.months).toBe(months);
  });

  it('the other product prices the upgrade at Rp300.000 per month', () => {
    const result = quoteOrder(
      state({ subscriptionEndsAt: inDays(45) }),
      { kind: 'upgrade' },
      { now, channels: 1, book: PRICE_BOOKS.plus },
    );
    expect('quote' in result && result.quote.price).toEqual({ net: 600_000, vat: 66_000, total: 666_000 });
  });

  it.each<[string, PlanState, OrderRequest, number, string]>([
    [
      'no downgrade while Pro is active',
      state({ subscriptionPackage: 'PRO' }),
      { kind: 'start', package: 'STARTER', months: 3 },
      1,
      'subscription.downgradeWhileProActive',
    ],
    [
      'no downgrade by extension',
      state({ subscriptionPackage: 'PRO' }),
      { kind: 'extend', package: 'STARTER', months: 3 },
      1,
      'subscription.downgradeWhileProActive',
    ],
    [
      'Starter refused above 50 channels',
      free,
      { kind: 'start', package: 'STARTER', months: 3 },
      51,
      'subscription.tooManyChannelsForStarter',
    ],
    [
      'a second start while active',
      state({}),
      { kind: 'start', package: 'STARTER', months: 3 },
      1,
      'subscription.alreadyActive',
    ],
    [
      'Starter → Pro is an upgrade, not a start',
      state({}),
      { kind: 'start', package: 'PRO', months: 3 },
      1,
      'subscription.alreadyActive',
    ],
    [
      'nothing to extend on a free account',
      free,
      { kind: 'extend', months: 3 },
      1,
      'subscription.nothingToExtend',
    ],
    [
      'upgrade needs an active Starter',
      state({ subscriptionPackage: 'PRO' }),
      { kind: 'upgrade' },
      1,
      'subscription.upgradeNeedsStarter',
    ],
    [
      'upgrade of an expired Starter',
      state({ subscriptionEndsAt: inDays(-1) }),
      { kind: 'upgrade' },
      1,
      'subscription.upgradeNeedsStarter',
    ],
    [
      'extra users need a package',
      free,
      { kind: 'extra_users', extraUsers: 1 },
      1,
      'subscription.needsActivePackage',
    ],
    [
      'Enterprise is by contract',
      state({ subscriptionPackage: 'ENTERPRISE', subscriptionEndsAt: null }),
      { kind: 'extend', months: 3 },
      1,
      'subscription.enterpriseByContract',
    ],
    ['start needs a package and period', free, { kind: 'start' }, 1, 'subscription.choosePackage'],
  ])('%s', (_name, s, request, channels, refusal) => {
    expect(quoteOrder(s, request, { now, channels })).toEqual({ refusal });
  });
});

describe('multiple package subscription (partner flag)', () => {
  it.each<[string, boolean, SelfServePackage, 'quote' | 'subscription.packageNotOffered']>([
    ['on: Starter starts', true, 'STARTER', 'quote'],
    ['on: Pro starts', true, 'PRO', 'quote'],
    ['off: Starter is not offered', false, 'STARTER', 'subscription.packageNotOffered'],
    ['off: Pro, the one package, starts', false, 'PRO', 'quote'],
  ])('%s', (_name, multiplePackageSubscription, pkg, expected) => {
    const offered = offeredPackages({ multiplePackageSubscription });
    const result = quoteOrder(
      free,
      { kind: 'start', package: pkg, months: 3 },
      { now, channels: 1, offered },
    );
    expect('quote' in result ? 'quote' : result.refusal).toBe(expected);
  });

  it('off offers Pro alone; on offers every self-serve package', () => {
    expect(offeredPackages({ multiplePackageSubscription: false })).toEqual(['PRO']);
    expect(offeredPackages({ multiplePackageSubscription: true })).toEqual(SELF_SERVE_PACKAGES);
  });
});

describe('state after a paid order', () => {
  const paidAt = now;
  it.each<[string, PlanState, Parameters<typeof stateAfterOrder>[1], Partial<PlanState>]>([
    [
      'start runs from the payment',
      free,
      { kind: 'start', package: 'STARTER', months: 3, extraUsers: 1 },
      {
        accountStatus: 'Active',
        subscriptionPackage: 'STARTER',
        subscriptionEndsAt: inDays(90),
        extraUsers: 1,
      },
    ],
    [
      'extend adds to the current end',
      state({}),
      { kind: 'extend', package: 'STARTER', months: 6, extraUsers: 0 },
      { subscriptionEndsAt: inDays(220) },
    ],
    [
      'extend after a lapse runs from the payment',
      state({ subscriptionEndsAt: inDays(-3), accountStatus: 'Expired' }),
      { kind: 'extend', package: 'STARTER', months: 3, extraUsers: 0 },
      { accountStatus: 'Active', subscriptionEndsAt: inDays(90) },
    ],
    [
      'upgrade keeps the end',
      state({}),
      { kind: 'upgrade', package: 'PRO', months: 2, extraUsers: 0 },
      { subscriptionPackage: 'PRO', subscriptionEndsAt: inDays(40) },
    ],
    [
      'extra users add up',
      state({ extraUsers: 2 }),
      { kind: 'extra_users', package: 'STARTER', months: 2, extraUsers: 3 },
      { extraUsers: 5 },
    ],
  ])('%s', (_name, s, order, expected) => {
    expect(stateAfterOrder(s, order, paidAt)).toMatchObject(expected);
  });
});
