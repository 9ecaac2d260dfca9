export { AccountStep } from './AccountStep';
export { OtpStep } from './OtpStep';
export { ShopifySignUp } from './ShopifySignUp';
export { StoreStep } from './StoreStep';
export { SubscriptionStep } from './SubscriptionStep';
export { SuccessStep } from './SuccessStep';
export { WabaStep } from './WabaStep';
