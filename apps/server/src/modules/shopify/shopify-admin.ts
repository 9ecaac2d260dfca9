import type { ShopifyAppConfig } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';
import { parseShopifyJson } from './shopify-protocol.js';

/** The Admin API version Sapa's calls and webhook subscriptions use. */
export const SHOPIFY_API_VERSION = '2025-07';
/** What Sapa asks the merchant for: reading orders (their customer's phone comes with them). */
export const SHOPIFY_SCOPES = 'read_orders,read_customers';
/** The order topics Sapa subscribes to; the compliance topics come to the app's compliance URL. */
export const SHOPIFY_ORDER_TOPICS = [
  'orders/create',
  'orders/paid',
  'orders/fulfilled',
  'orders/cancelled',
  'app/uninstalled',
] as const;

export function shopOrigin(app: ShopifyAppConfig, shop: string): string {
  return app.shopOrigin.replace('{shop}', shop);
}

async function call<T>(
  app: ShopifyAppConfig,
  shop: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown },
): Promise<{ status: number; body: T | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers['x-shopify-access-token'] = init.token;
  let res: Response;
  try {
    res = await fetch(`${shopOrigin(app, shop)}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError(502, 'shopify.somethingWrong');
  }
  const text = await res.text();
  let body: T | null = null;
  try {
    body = text ? (parseShopifyJson(text) as T) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** `POST /admin/oauth/access_token`: the authorization code for the offline access token. */
export async function exchangeCode(app: ShopifyAppConfig, shop: string, code: string) {
  const res = await call<{ access_token?: string; scope?: string }>(app, shop, '/admin/oauth/access_token', {
    method: 'POST',
    body: { client_id: app.clientId, client_secret: app.clientSecret, code },
  });
  if (res.status !== 200 || typeof res.body?.access_token !== 'string')
    throw new AppError(400, 'shopify.invalidToken');
  return { accessToken: res.body.access_token, scope: res.body.scope ?? '' };
}

/** `GET /admin/api/{v}/shop.json`: the shop's id, name (registered once) and the owner's email. */
export async function fetchShop(app: ShopifyAppConfig, shop: string, token: string) {
  const res = await call<{ shop?: { id?: string | number; name?: string; email?: string } }>(
    app,
    shop,
    `/admin/api/${SHOPIFY_API_VERSION}/shop.json`,
    { token },
  );
  if (res.status === 401 || res.status === 403) throw new AppError(400, 'shopify.invalidToken');
  if (res.status !== 200 || !res.body?.shop?.name) throw new AppError(502, 'shopify.somethingWrong');
  const email = typeof res.body.shop.email === 'string' ? res.body.shop.email : '';
  return { id: String(res.body.shop.id ?? ''), name: res.body.shop.name, email };
}

/** Shopify's authorize page for the shop: Sapa's client id, scopes, callback and signed state. */
export function authorizeUrlOf(app: ShopifyAppConfig, shop: string, redirectUri: string, state: string) {
  const url = new URL(`${shopOrigin(app, shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('scope', SHOPIFY_SCOPES);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

interface WebhookSubscription {
  id: string | number;
  topic: string;
  address: string;
}

/** Subscribes Sapa's webhook address to every order topic, once each (an existing one is kept). */
export async function subscribeWebhooks(app: ShopifyAppConfig, shop: string, token: string, address: string) {
  const base = `/admin/api/${SHOPIFY_API_VERSION}/webhooks`;
  const listed = await call<{ webhooks?: WebhookSubscription[] }>(app, shop, `${base}.json`, { token });
  if (listed.status === 401) throw new AppError(400, 'shopify.invalidToken');
  if (listed.status !== 200) throw new AppError(502, 'shopify.somethingWrong');
  const have = new Set(
    (listed.body?.webhooks ?? []).filter((w) => w.address === address).map((w) => w.topic),
  );
  for (const topic of SHOPIFY_ORDER_TOPICS) {
    if (have.has(topic)) continue;
    const made = await call(app, shop, `${base}.json`, {
      method: 'POST',
      token,
      body: { webhook: { topic, address, format: 'json' } },
    });
    if (made.status !== 201 && made.status !== 200) throw new AppError(502, 'shopify.somethingWrong');
  }
}

/** Removes Sapa's webhook subscriptions (disconnect). A revoked token (401) has none left to remove. */
export async function unsubscribeWebhooks(
  app: ShopifyAppConfig,
  shop: string,
  token: string,
  address: string,
) {
  const base = `/admin/api/${SHOPIFY_API_VERSION}/webhooks`;
  const listed = await call<{ webhooks?: WebhookSubscription[] }>(app, shop, `${base}.json`, { token });
  if (listed.status === 401) return;
  if (listed.status !== 200) throw new AppError(502, 'shopify.deleteFailed');
  for (const hook of listed.body?.webhooks ?? []) {
    if (hook.address !== address) continue;
    const res = await call(app, shop, `${base}/${hook.id}.json`, { method: 'DELETE', token });
    if (res.status !== 200 && res.status !== 404) throw new AppError(502, 'shopify.deleteFailed');
  }
}
