import {
  entitlementOf,
  type Permission,
  PLAN_NEEDS,
  planRefusal,
  type SubscriptionView,
} from '@sapa/contracts';

/** The refusal the server would answer for a page of `permission` (the contracts' table, 001 §6). */
export function pageRefusal(s: SubscriptionView, permission: Permission | null) {
  const needs = permission ? PLAN_NEEDS[permission] : undefined;
  if (!needs) return null;
  const state = {
    accountStatus: s.accountStatus,
    subscriptionPackage: s.package,
    subscriptionEndsAt: s.endsAt === null ? null : new Date(s.endsAt),
    extraUsers: s.extraUsers,
  };
  return planRefusal(entitlementOf(state, new Date()), needs);
}

/** Days before the end from which the banner warns (Sapa's choice: the spec gives none). */
export const EXPIRY_WARNING_DAYS = 7;

/** What the banner says for a subscription, or null for no banner. */
export function bannerKind(s: SubscriptionView): 'expired' | 'expiring' | 'trial' | null {
  if (s.accountStatus === 'Expired') return 'expired';
  if (s.tier === 'FREE_TRIAL') return 'trial';
  if (s.premium && s.daysLeft !== null && s.daysLeft <= EXPIRY_WARNING_DAYS) return 'expiring';
  return null;
}
