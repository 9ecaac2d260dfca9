/**
 * The public entry of shopify: a business's Shopify store connected through Shopify's OAuth, its order webhooks
 * (verified, deduplicated, processed by a drain) told to the order's customer as WhatsApp template messages,
 * the compliance topics, the settings and the report of /shopify.
 */

export { registerShopifyRoutes } from './shopify.routes.js';
export {
  connectedStoreOf,
  SHOPIFY_CALLBACK_PATH,
  SHOPIFY_WEBHOOK_PATH,
  shopifyWebhookUrl,
} from './shopify.service.js';
export { SHOPIFY_ORDER_TOPICS } from './shopify-admin.js';
export { COMPLIANCE_TOPICS, orderMessageId, shopifyWebhookDrain } from './shopify-webhooks.js';
