/**
 * The public entry of shopify: a business's Shopify store connected through Shopify's OAuth, its order webhooks
 * (verified, deduplicated, processed by a drain) told to the order's customer as WhatsApp template messages,
 * the compliance topics, the settings and the report of /shopify, and sign-up via Shopify (the App URL, the
 * install kept for the sign-up, claimed once by it).
 */

export { registerShopifyRoutes } from './shopify.routes.js';
export {
  connectedStoreOf,
  SHOPIFY_APP_PATH,
  SHOPIFY_CALLBACK_PATH,
  SHOPIFY_WEBHOOK_PATH,
  shopifyWebhookUrl,
} from './shopify.service.js';
export { SHOPIFY_ORDER_TOPICS } from './shopify-admin.js';
export { claimInstall as claimShopifyInstall, openInstall as openShopifyInstall } from './shopify-install.js';
export { COMPLIANCE_TOPICS, orderMessageId, shopifyWebhookDrain } from './shopify-webhooks.js';
