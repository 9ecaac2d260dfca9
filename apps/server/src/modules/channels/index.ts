/**
 * The public entry of channels: channel accounts, the connectors (one per channel, `connectors/<code>/`, found
 * with `connectorFor`; live chat included), the inbound drain, the outbound send job and the media job.
 * Channels hands inbound events to `conversations.ingestInbound` and never imports broadcasts or templates:
 * what they take on the inbound path is handed in by app.ts (`InboundHooks`).
 */
export { countConnectedAccounts } from './channels.repository.js';
export { registerChannelRoutes } from './channels.routes.js';
export {
  type LineSecrets,
  lineConfigOf,
  type MetaMessagingSecrets,
  metaMessagingConfigOf,
  type ShopeeSecrets,
  shopeeConfigOf,
  type TelegramSecrets,
  telegramConfigOf,
  type ViberSecrets,
  viberConfigOf,
  type WhatsappCloudConfig,
  type WhatsappCloudSecrets,
  whatsappConfigOf,
} from './channels.schema.js';
export {
  findConnectedAccount,
  getAccount,
  insertWhatsappCloudAccount,
  openSecrets,
  setGraphBaseUrl,
  webhookUrlOf,
} from './channels.service.js';
export type {
  AccountChange,
  ChannelAccountRow,
  ChannelConnector,
  InboundHooks,
  ProviderSendResult,
  ProviderStatus,
  StatusTaker,
  TemplateMessage,
  TemplateSending,
  TemplateSession,
} from './connectors/connector.js';
export { insertEmailAccount, listEmailAddresses } from './connectors/email/email-account.service.js';
export { checkImapLogin, imapCursorOf, startImapReaders } from './connectors/email/imap-reader.js';
export { startEmailListener } from './connectors/email/smtp-listener.js';
export {
  insertLineAccount,
  setLineBaseUrls,
  setLineWebhook,
} from './connectors/line/line-account.service.js';
export { registerLivechatRoutes } from './connectors/livechat/livechat.routes.js';
export { insertLivechatAccount, publicBaseOf, snippetOf } from './connectors/livechat/livechat.service.js';
export {
  insertMetaAccount,
  newVerifyToken,
  setMetaGraphBaseUrl,
} from './connectors/meta-messaging/meta-account.service.js';
export { INSTAGRAM, MESSENGER, type MetaPlatform } from './connectors/meta-messaging/platform.js';
export { registerMetaVerificationRoutes } from './connectors/meta-messaging/verification.routes.js';
export { connectorFor } from './connectors/registry.js';
export { registerShopeeRoutes } from './connectors/shopee/push.routes.js';
export {
  completeShopeeConnect,
  consentUrlFor as shopeeConsentUrlFor,
  setPushCallback as setShopeePushCallback,
} from './connectors/shopee/shopee-account.service.js';
export { shopeeRecoveryDrain } from './connectors/shopee/shopee-recovery.js';
export { shopeeTokenRefreshDrain } from './connectors/shopee/shopee-tokens.js';
export {
  insertTelegramAccount,
  setTelegramApiBaseUrl,
  setTelegramWebhook,
} from './connectors/telegram/telegram-account.service.js';
export {
  insertViberAccount,
  setViberApiBaseUrl,
  setViberWebhook,
  viberBotOf,
} from './connectors/viber/viber-account.service.js';
export {
  connectOnboardedNumber,
  exchangeEmbeddedSignup,
  type OnboardedNumber,
  whatsappNumberTaken,
} from './connectors/whatsapp-cloud/embedded-signup.service.js';
export { registerWhatsappVerificationRoute } from './connectors/whatsapp-cloud/webhook.routes.js';
export { contactProfileJob } from './inbound/contact-profile.job.js';
export { inboundDrains } from './inbound/inbound-batch.js';
export { mediaFetchJob } from './inbound/media-fetch.job.js';
export { registerWebhookIntakeRoutes } from './inbound/webhook-intake.routes.js';
export { outboundMarkReadJob } from './outbound/mark-read.job.js';
export { outboundSendJob, type sendJobSchema } from './outbound/outbound-send.job.js';
export { failure } from './outbound/outbound-sender.js';
export { broadcastKeyOf, parseBroadcastKey } from './outbound/send-keys.js';
