/**
 * The public entry of payments: online payments through the payment gateway connector (Xendit's Invoice API
 * shape), the top-up of chat credits through it, and the gateway's callback.
 */
export { GatewayCallError } from './gateway/payment-gateway.js';
export { sameToken, xenditCaller } from './gateway/xendit-http.js';
export { PAYMENT_CALLBACK_PATH, paymentCallbackUrl } from './payments.config.js';
export type { PaymentRow } from './payments.repository.js';
export { registerPaymentRoutes } from './payments.routes.js';
export {
  cancelPayment,
  createPaymentsContext,
  getPayment,
  listPaymentMethods,
  onPaymentPaid,
  type PaymentPurpose,
  type PaymentsContext,
  registerPaymentPurpose,
  startPayment,
} from './payments.service.js';
