import { entitlementOf, type PlanNeed, type PlanState, planRefusal } from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { selectPlanState } from './tenancy.repository.js';

/**
 * The subscription state lives on `clients` (the tenancy root) because every module that gates a feature on
 * it (001 §6) reads it; the `subscriptions` module alone writes it, through `savePlanState`.
 */

/** 402: what a plan lacks is paid for (decision: 402 Payment Required, distinct from a permission's 403). */
export const PLAN_REFUSAL_STATUS = 402;

const NO_STATE: PlanState = {
  accountStatus: 'Free',
  subscriptionPackage: null,
  subscriptionEndsAt: null,
  extraUsers: 0,
};

export async function planStateOf(db: DbOrTx, clientId: string, options?: { lock?: boolean }) {
  return (await selectPlanState(db, clientId, options?.lock)) ?? NO_STATE;
}

/**
 * Refuses (402, the spec's message) when the business's plan does not give `needs` now (001 §6): broadcast,
 * template, chatbot, chat credits and chat history need a package; WhatsApp needs Pro or Enterprise. One
 * primary-key read per call, no cache: a payment or an expiry applies at once in every process.
 */
export async function requirePlan(db: DbOrTx, clientId: string, needs: readonly PlanNeed[]): Promise<void> {
  const refusal = planRefusal(entitlementOf(await planStateOf(db, clientId), new Date()), needs);
  if (refusal) throw new AppError(PLAN_REFUSAL_STATUS, refusal);
}
