import { describe, expect, it } from 'vitest';
import { mayDo, nextPathAfter, type SignUpAction, type SignUpProgress, stepOf } from './signup-steps.js';

const at = (done: number, completed = false): SignUpProgress => ({
  phoneVerified: done >= 1,
  storeSaved: done >= 2,
  wabaConnected: done >= 3,
  wabaSkipped: false,
  completed,
});
/** Store saved and the WhatsApp step skipped (a partner without "WABA required"). */
const skipped: SignUpProgress = { ...at(2), wabaSkipped: true };

describe('sign-up steps (001 §2: account, OTP, store, WABA, subscription, success)', () => {
  it.each([
    [at(0), 'otp'],
    [at(1), 'store'],
    [at(2), 'waba'],
    [at(3), 'subscription'],
    [at(3, true), 'success'],
    [skipped, 'subscription'],
  ] as const)('%o is at %s', (progress, step) => {
    expect(stepOf(progress)).toBe(step);
  });

  const actions: SignUpAction[] = [
    'sendCode',
    'verifyCode',
    'saveStore',
    'connectWaba',
    'skipWaba',
    'complete',
  ];
  it.each([
    // progress → allowed actions
    ['nothing', at(0), ['sendCode', 'verifyCode']],
    ['phone verified', at(1), ['saveStore']],
    ['store saved', at(2), ['saveStore', 'connectWaba', 'skipWaba']],
    ['WABA connected', at(3), ['saveStore', 'connectWaba', 'skipWaba', 'complete']],
    ['WABA skipped', skipped, ['saveStore', 'connectWaba', 'skipWaba', 'complete']],
  ] as const)('after %s only %o are allowed', (_name, progress, allowed) => {
    for (const action of actions)
      expect(mayDo(progress, action), action).toBe(allowed.includes(action as never));
  });

  it('allows nothing once completed', () => {
    for (const action of actions) expect(mayDo(at(3, true), action)).toBe(false);
  });

  it.each([
    ['FREE_TRIAL', undefined, false, '/dashboard'],
    ['PAID', undefined, false, '/setting/plan-and-pricing'],
    ['PAID', 'STARTER', false, '/setting/plan-and-pricing?subscribe=STARTER'],
    // Sign-up via Shopify with its store connected: the Shopify page, unless a plan is to be paid first.
    ['FREE_TRIAL', undefined, true, '/shopify'],
    ['PAID', 'STARTER', true, '/setting/plan-and-pricing?subscribe=STARTER'],
  ] as const)(
    'after choosing %s %s (Shopify store connected: %s) the owner goes to %s',
    (plan, pkg, shopify, path) => {
      expect(nextPathAfter(plan, pkg, shopify)).toBe(path);
    },
  );
});
