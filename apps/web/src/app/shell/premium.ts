import type { Me } from '@sapa/contracts';

/** 000 §6: premium packages are PRO, STARTER and ENTERPRISE (Free Trial is an account status). */
const PREMIUM_PACKAGES = ['PRO', 'STARTER', 'ENTERPRISE'];

export function hasPremiumPackage(me: Me): boolean {
  return PREMIUM_PACKAGES.includes((me.client.subscriptionPackage ?? '').toUpperCase());
}
