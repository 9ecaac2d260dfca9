export { startMailSimulator } from './email/simulator.js';
export type {
  MailSimulator,
  MailSimulatorOptions,
  WebmailFile,
  WebmailMessage,
  WebmailSend,
} from './email/types.js';
export { startLineSimulator } from './line/simulator.js';
export type {
  LineCustomer,
  LineCustomerMessage,
  LineSentMessage,
  LineSimulator,
  LineSimulatorOptions,
} from './line/types.js';
export { startMetaSimulator } from './meta/simulator.js';
export type {
  MetaAccountKeys,
  MetaCustomer,
  MetaCustomerMessage,
  MetaPlatformName,
  MetaSentMessage,
  MetaSimulator,
  MetaSimulatorOptions,
} from './meta/types.js';
export { startPaymentGatewaySimulator } from './payment-gateway/simulator.js';
export type {
  DeliveredCallback,
  PaymentGatewaySimulator,
  PaymentGatewaySimulatorOptions,
  SimBankAccount,
  SimDisbursement,
  SimInvoice,
} from './payment-gateway/types.js';
export type { PhoneSimulator, PhoneSimulatorOptions } from './phone/simulator.js';
export { startPhoneSimulator } from './phone/simulator.js';
export { startShopeeSimulator } from './shopee/simulator.js';
export type {
  ShopeeBuyer,
  ShopeeBuyerMessage,
  ShopeeSentMessage,
  ShopeeShopInput,
  ShopeeSimulator,
  ShopeeSimulatorOptions,
} from './shopee/types.js';
export { shopifyQueryHmac, startShopifySimulator } from './shopify/simulator.js';
export type {
  DeliveredWebhook as ShopifyDeliveredWebhook,
  NewOrder as ShopifyNewOrder,
  ShopifySimulator,
  ShopifySimulatorOptions,
  SimOrder as ShopifyOrder,
  SimShop as ShopifyShop,
} from './shopify/types.js';
export * from './signatures.js';
export { startTelegramSimulator } from './telegram/simulator.js';
export type {
  TelegramCustomer,
  TelegramCustomerMessage,
  TelegramSimulator,
  TelegramSimulatorOptions,
  TgMessageWire,
} from './telegram/types.js';
export { startViberSimulator } from './viber/simulator.js';
export type {
  ViberCustomer,
  ViberCustomerMessage,
  ViberSentMessage,
  ViberSimulator,
  ViberSimulatorOptions,
} from './viber/types.js';
export { startPushServiceSimulator } from './web-push/simulator.js';
export type {
  PushServiceSimulator,
  PushServiceSimulatorOptions,
  PushSubscriptionJson,
  ReceivedPush,
  RefusedPush,
} from './web-push/types.js';
export { startWhatsappCloudSimulator } from './whatsapp-cloud/simulator.js';
export type {
  BusinessMessage,
  CustomerMessage,
  CustomerSendsArgs,
  DeliveredWebhook,
  MetaApp,
  OutboundStatus,
  RegisterNumberArgs,
  StatusChange,
  WebhookErrorObject,
  WhatsappCloudSimulator,
  WhatsappCloudSimulatorOptions,
  WhatsappCloudSimulatorStats,
} from './whatsapp-cloud/types.js';
export { verifyWebhook } from './whatsapp-cloud/verify.js';
