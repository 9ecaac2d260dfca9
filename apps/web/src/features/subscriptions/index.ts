export { useSubscription } from './api';
export { PlanGate } from './PlanGate';
export { PlanPricingPage } from './PlanPricingPage';
export { SubscriptionBanner } from './SubscriptionBanner';
