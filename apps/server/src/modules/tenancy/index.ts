/** The public entry of tenancy: business accounts (the root every tenant row hangs from), their profile and plan state. */
export { PLAN_REFUSAL_STATUS, planStateOf, requirePlan } from './plan.service.js';
export { expireLapsedPlans, updatePlanState as savePlanState } from './tenancy.repository.js';
export {
  anyBusinessExists,
  type BusinessProfileRecord,
  type BusinessState,
  businessStateOf,
  createClient,
  type NewClient,
  saveBusinessProfile,
} from './tenancy.service.js';
