export * from './signatures.js';
export { startWhatsappCloudSimulator } from './whatsapp-cloud/simulator.js';
export type {
  BusinessMessage,
  CustomerMessage,
  CustomerSendsArgs,
  DeliveredWebhook,
  OutboundStatus,
  RegisterNumberArgs,
  StatusChange,
  WebhookErrorObject,
  WhatsappCloudSimulator,
  WhatsappCloudSimulatorOptions,
  WhatsappCloudSimulatorStats,
} from './whatsapp-cloud/types.js';
export { verifyWebhook } from './whatsapp-cloud/verify.js';
