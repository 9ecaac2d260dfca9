import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appStorePageHtml } from './page.js';
import type { ShopifySimulatorOptions, SimShop } from './types.js';

/** Shopify's OAuth `hmac`: hex HMAC-SHA256 of the other query parameters, sorted, joined `k=v&k=v`. */
export function shopifyQueryHmac(secret: string, params: Record<string, string>): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** A new shop's handle from the name the merchant gives it ("Toko Shopify Baru" → `toko-shopify-baru`). */
const handleOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** The `host` parameter: the base64url of the shop's admin address. */
export const hostOf = (domain: string) =>
  Buffer.from(`admin.shopify.com/store/${domain.replace('.myshopify.com', '')}`).toString('base64url');

/**
 * The app store's listing of the app (`GET /app-store`): the merchant names a new shop or picks one and clicks
 * Install; Shopify opens the app's App URL with `shop`, `host`, `timestamp` and `hmac` (shopify.dev
 * authorization-code grant, step 1), and the app answers with its authorize redirect.
 */
export function registerAppStore(
  app: FastifyInstance,
  ctx: {
    app: ShopifySimulatorOptions['app'];
    shops: () => SimShop[];
    createShop: (input: { domain: string; name: string; email?: string }) => SimShop;
    shopOf: (domain: string) => SimShop;
    fail: (status: number, message: string) => Error;
  },
) {
  const appName = ctx.app.name ?? 'Sapa';
  function installUrl(domain: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const shop = ctx.shopOf(domain);
    if (!ctx.app.appUrl) throw ctx.fail(400, 'The app has no App URL');
    const params: Record<string, string> = {
      host: hostOf(shop.domain),
      shop: shop.domain,
      timestamp: String(timestamp),
    };
    params.hmac = shopifyQueryHmac(ctx.app.clientSecret, params);
    const url = new URL(ctx.app.appUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }
  const html = (error = '') => appStorePageHtml(appName, ctx.shops(), error);
  app.get('/app-store', async (_req, reply) => reply.type('text/html; charset=utf-8').send(html()));
  app.post<{ Body: Record<string, string> }>('/app-store/install', async (req, reply) => {
    const b = req.body ?? {};
    let domain = (b.shop ?? '').toLowerCase();
    const handle = handleOf(b.name ?? '');
    if (!domain && handle)
      domain = ctx.createShop({
        domain: `${handle}.myshopify.com`,
        name: (b.name ?? '').trim(),
        ...(b.email ? { email: b.email } : {}),
      }).domain;
    if (!ctx.shops().some((s) => s.domain === domain))
      return reply.code(422).type('text/html; charset=utf-8').send(html('Enter a shop name'));
    return reply.redirect(installUrl(domain), 303);
  });
  return { installUrl };
}
