import type { SubscriptionView } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { bannerKind, pageRefusal } from './plan-state';

const DAY = 86_400_000;
const view = (s: Partial<SubscriptionView>): SubscriptionView => ({
  accountStatus: 'Active',
  package: 'PRO',
  tier: 'PRO',
  endsAt: Date.now() + 40 * DAY,
  daysLeft: 40,
  premium: true,
  whatsapp: true,
  extraUsers: 0,
  users: 3,
  userLimit: 10,
  channels: 1,
  ...s,
});
const free = view({
  accountStatus: 'Free',
  package: null,
  tier: 'FREE',
  endsAt: null,
  daysLeft: null,
  premium: false,
  whatsapp: false,
});

describe('subscription banner (000 §6)', () => {
  it.each([
    ['a package with 40 days left', view({}), null],
    ['a package ending in 7 days', view({ daysLeft: 7, endsAt: Date.now() + 7 * DAY }), 'expiring'],
    [
      'an expired package',
      view({ accountStatus: 'Expired', tier: 'FREE', premium: false, daysLeft: 0 }),
      'expired',
    ],
    [
      'a free trial',
      view({ accountStatus: 'Free Trial', package: null, tier: 'FREE_TRIAL', premium: false }),
      'trial',
    ],
    ['a free account', free, null],
  ])('%s → %s', (_name, s, kind) => {
    expect(bannerKind(s)).toBe(kind);
  });
});

describe('free-account overlay follows the server table (001 §6)', () => {
  it.each([
    [free, 'WHATSAPP_BROADCAST', 'subscription.premiumRequired'],
    [free, 'CUSTOMER_SERVICE_HISTORY', 'subscription.premiumRequired'],
    [free, 'CUSTOMER_SERVICE_INBOX', null],
    [free, null, null],
    [
      view({ package: 'STARTER', tier: 'STARTER', whatsapp: false }),
      'WHATSAPP_BROADCAST',
      'subscription.whatsappNeedsPro',
    ],
    [view({}), 'WHATSAPP_BROADCAST', null],
  ] as const)('%#: %s', (s, permission, refusal) => {
    expect(pageRefusal(s, permission)).toBe(refusal);
  });
});
