/**
 * The public entry of subscriptions: plans and orders (001 §2 plan and pricing, §4 Subscription), paid through
 * the payments module's gateway (`subscriptionPurpose` is handed to it by app.ts), the plan gate of 001 §6
 * and the expiry drain. The plan state itself stays on `clients` (tenancy), which every gated module reads.
 */
export { installPlanGate } from './plan-gate.js';
export { subscriptionExpiry } from './subscriptions.jobs.js';
export { registerSubscriptionRoutes } from './subscriptions.routes.js';
export { SUBSCRIPTION_PURPOSE, subscriptionPurpose } from './subscriptions.service.js';
