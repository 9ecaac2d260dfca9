import type { SignUpStep } from '@sapa/contracts';

/** What the step rules read of a sign-up (001 §2 stepper: account → otp → store → waba → subscription → success). */
export interface SignUpProgress {
  phoneVerified: boolean;
  storeSaved: boolean;
  wabaConnected: boolean;
  /** Skipped where the partner does not require a WhatsApp Business account (000 §4 "WABA required" off). */
  wabaSkipped: boolean;
  completed: boolean;
}

/** What a person can do on a sign-up. */
export type SignUpAction = 'sendCode' | 'verifyCode' | 'saveStore' | 'connectWaba' | 'skipWaba' | 'complete';

/** The step a sign-up is at: the first one not yet done. */
export function stepOf(p: SignUpProgress): SignUpStep {
  if (p.completed) return 'success';
  if (!p.phoneVerified) return 'otp';
  if (!p.storeSaved) return 'store';
  if (!p.wabaConnected && !p.wabaSkipped) return 'waba';
  return 'subscription';
}

/**
 * Whether `action` is allowed now. A step may be done again while the sign-up is open (going back to change
 * the store or connect another number), never before the steps it needs; nothing changes once completed, and
 * the phone is verified once.
 */
export function mayDo(p: SignUpProgress, action: SignUpAction): boolean {
  if (p.completed) return false;
  switch (action) {
    case 'sendCode':
    case 'verifyCode':
      return !p.phoneVerified;
    case 'saveStore':
      return p.phoneVerified;
    case 'connectWaba':
    case 'skipWaba':
      return p.phoneVerified && p.storeSaved;
    case 'complete':
      return p.phoneVerified && p.storeSaved && (p.wabaConnected || p.wabaSkipped);
  }
}

/**
 * Where the new owner goes after success: the dashboard (the Shopify page after a sign-up via Shopify that
 * connected its store), or the plan page with the chosen package's order open, paid on the gateway's page, which
 * then returns to the dashboard.
 */
export function nextPathAfter(plan: 'FREE_TRIAL' | 'PAID', pkg?: string, shopifyConnected = false): string {
  if (plan !== 'PAID') return shopifyConnected ? '/shopify' : '/dashboard';
  return pkg ? `/setting/plan-and-pricing?subscribe=${pkg}` : '/setting/plan-and-pricing';
}
