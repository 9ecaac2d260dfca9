/**
 * A Shopify simulator with the shape of Shopify's Admin API and app platform (shopify.dev): one app (client
 * id and secret), shops at `<url>/shops/<shop>.myshopify.com` standing for `https://<shop>.myshopify.com`, the
 * authorization-code grant (`/admin/oauth/authorize` page the merchant approves, `POST /admin/oauth/access_token`),
 * REST Admin calls with `X-Shopify-Access-Token` (`shop.json`, `webhooks.json`, `orders.json`), webhooks signed
 * with `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body with the app's secret), retried while the
 * answer is not 2xx or takes over 5 s, the mandatory compliance topics sent to the app's compliance URL, and
 * an admin page where a person creates, pays, fulfils and cancels orders, and an app store page (`/app-store`)
 * where a merchant installs the app on a new or an existing shop (Shopify opens the app's App URL).
 */

export interface ShopifySimulatorOptions {
  port?: number;
  host?: string;
  /** The base URL the pages are advertised at (default http://host:port). */
  publicUrl?: string;
  /** The app (Sapa) as registered in the Partner Dashboard. */
  app: {
    clientId: string;
    clientSecret: string;
    complianceUrl?: string;
    /**
     * The app's App URL: where Shopify opens the app when a merchant installs it from the app store page
     * (`shop`, `host`, `timestamp` and `hmac` in the query).
     */
    appUrl?: string;
    /** The app's name on the app store page. */
    name?: string;
  };
  /** Shops that exist from the start (`<handle>.myshopify.com`). */
  shops?: { domain: string; name: string; email?: string }[];
  /** Retries of a webhook answered with a non-2xx status, a network error or no answer in 5 s (Shopify: 8 over 4 h). */
  retry?: { attempts: number; baseDelayMs: number };
  /** How long an answer may take before Shopify counts the delivery as failed (5 s). */
  timeoutMs?: number;
}

export interface SimShop {
  id: number;
  domain: string;
  name: string;
  email: string;
  currency: string;
}

export interface SimWebhookSubscription {
  id: number;
  topic: string;
  address: string;
  format: 'json';
  api_version: string;
  created_at: string;
  updated_at: string;
}

export interface SimFulfillment {
  id: number;
  order_id: number;
  status: 'success' | 'cancelled';
  created_at: string;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_numbers: string[];
  tracking_url: string | null;
  tracking_urls: string[];
}

/** An order as Shopify's REST Admin API and its order webhooks carry it (the fields Sapa reads, and a few more). */
export interface SimOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  order_number: number;
  email: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  currency: string;
  total_price: string;
  subtotal_price: string;
  financial_status: 'pending' | 'paid' | 'refunded' | 'voided';
  fulfillment_status: 'fulfilled' | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  closed_at: string | null;
  customer: { id: number; email: string | null; first_name: string; last_name: string; phone: string | null };
  line_items: {
    id: number;
    product_id: number;
    variant_id: number;
    title: string;
    quantity: number;
    sku: string;
    price: string;
    fulfillment_status: 'fulfilled' | null;
  }[];
  shipping_address: {
    name: string;
    address1: string;
    city: string;
    country_code: string;
    zip: string;
    phone: string | null;
  } | null;
  fulfillments: SimFulfillment[];
  order_status_url: string;
}

export interface NewOrder {
  customer: { firstName: string; lastName?: string; phone?: string | null; email?: string | null };
  items: { title: string; quantity: number; price: number; sku?: string }[];
  address?: { address1: string; city: string; zip?: string };
  /** Paid at checkout (a card payment): `financial_status: paid` and both orders/create and orders/paid. */
  paid?: boolean;
}

export interface DeliveredWebhook {
  shop: string;
  topic: string;
  webhookId: string;
  raw: string;
  attempts: number;
}

export interface ShopifySimulator {
  url: string;
  /** The admin origin of a shop (what `https://<shop>` stands for). */
  shopOrigin(domain: string): string;
  close(): Promise<void>;
  createShop(input: { domain: string; name: string; email?: string }): SimShop;
  shop(domain: string): SimShop | undefined;
  /** The webhook subscriptions an app made on the shop. */
  subscriptions(domain: string): SimWebhookSubscription[];
  /** The access tokens granted on the shop (revoked by `uninstall`). */
  tokens(domain: string): string[];
  createOrder(domain: string, input: NewOrder): SimOrder;
  payOrder(domain: string, orderId: number): SimOrder;
  fulfilOrder(
    domain: string,
    orderId: number,
    tracking: { company: string; number: string; url?: string },
  ): SimOrder;
  cancelOrder(domain: string, orderId: number, reason?: string): SimOrder;
  order(domain: string, orderId: number): SimOrder | undefined;
  orders(domain: string): SimOrder[];
  /**
   * The App URL as Shopify opens it for a merchant installing the app on the shop: `shop`, `host`, `timestamp`
   * (now, or the given seconds) and `hmac` over them.
   */
  installUrl(domain: string, timestamp?: number): string;
  /** The mandatory compliance webhooks, sent to the app's compliance URL. */
  requestCustomerData(domain: string, orderId: number): void;
  redactCustomer(domain: string, orderId: number): void;
  /** The app is removed: its token revoked, `app/uninstalled` sent, and `shop/redact` after it. */
  uninstall(domain: string): void;
  /**
   * The app installed on the shop as it was before the simulator restarted: the access token Sapa keeps and its
   * webhook subscriptions at `address`.
   */
  restoreInstall(
    domain: string,
    install: { token: string; address: string; topics: readonly string[] },
  ): void;
  /** Sends a webhook of the topic with the given body to every subscription of the shop (or `url`). */
  sendWebhook(domain: string, topic: string, body: unknown, url?: string): string;
  setComplianceUrl(url: string): void;
  delivered(): DeliveredWebhook[];
  stats(): { webhookAttempts: number; webhookRetries: number };
  /** Resolves once no webhook is waiting to be sent or retried. */
  idle(): Promise<void>;
}
