import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import { listenAdvertised } from '../listen.js';
import { hostOf, registerAppStore, shopifyQueryHmac } from './app-store.js';
import { adminPageHtml, authorizePageHtml } from './page.js';
import type {
  NewOrder,
  ShopifySimulator,
  ShopifySimulatorOptions,
  SimOrder,
  SimShop,
  SimWebhookSubscription,
} from './types.js';
import { createWebhookSender, SIM_API_VERSION } from './webhook-sender.js';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const ORDER_TOPICS = new Set([
  'orders/create',
  'orders/paid',
  'orders/fulfilled',
  'orders/cancelled',
  'orders/updated',
  'app/uninstalled',
]);

class ShopifyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

interface ShopState extends SimShop {
  tokens: Set<string>;
  webhooks: SimWebhookSubscription[];
  orders: Map<number, SimOrder>;
  nextOrderNumber: number;
}

export { shopifyQueryHmac };

const same = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

let idCounter = 5_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
const nextId = () => ++idCounter;
const money = (n: number) => n.toFixed(2);
/** Starts the simulated Shopify; see types.ts for what it plays. */
export async function startShopifySimulator(options: ShopifySimulatorOptions): Promise<ShopifySimulator> {
  const shops = new Map<string, ShopState>();
  const codes = new Map<string, { shop: string; clientId: string; scope: string; expiresAt: number }>();
  const grantedScope = new Map<string, string>();
  let complianceUrl = options.app.complianceUrl ?? '';
  const sender = createWebhookSender({
    secret: options.app.clientSecret,
    retry: options.retry ?? { attempts: 8, baseDelayMs: 1_000 },
    timeoutMs: options.timeoutMs ?? 5_000,
  });

  function createShop(input: { domain: string; name: string; email?: string }): SimShop {
    const domain = input.domain.toLowerCase();
    if (!SHOP_DOMAIN.test(domain)) throw new Error(`not a myshopify.com domain: ${domain}`);
    const existing = shops.get(domain);
    if (existing) return existing;
    const shop: ShopState = {
      id: nextId(),
      domain,
      name: input.name,
      email: input.email ?? `owner@${domain}`,
      currency: 'IDR',
      tokens: new Set(),
      webhooks: [],
      orders: new Map(),
      nextOrderNumber: 1001,
    };
    shops.set(domain, shop);
    return shop;
  }
  for (const s of options.shops ?? []) createShop(s);

  function shopOf(domain: string): ShopState {
    const shop = shops.get(domain.toLowerCase());
    if (!shop) throw new ShopifyError(404, { errors: 'Not Found' });
    return shop;
  }
  function orderOf(shop: ShopState, id: number): SimOrder {
    const order = shop.orders.get(id);
    if (!order) throw new ShopifyError(404, { errors: 'Not Found' });
    return order;
  }
  function authenticate(req: FastifyRequest, shop: ShopState): void {
    const token = req.headers['x-shopify-access-token'];
    const ok = typeof token === 'string' && [...shop.tokens].some((t) => same(t, token));
    if (!ok)
      throw new ShopifyError(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
  }

  function publish(shop: ShopState, topic: string, body: unknown, key: string): void {
    for (const hook of shop.webhooks)
      if (hook.topic === topic) sender.send(key, { url: hook.address, shop: shop.domain, topic, body });
  }
  function changed(shop: ShopState, order: SimOrder, topics: string[]): SimOrder {
    order.updated_at = new Date().toISOString();
    const key = `${shop.domain}:${order.id}`;
    for (const topic of [...topics, 'orders/updated']) publish(shop, topic, order, key);
    return order;
  }

  function createOrder(domain: string, input: NewOrder): SimOrder {
    const shop = shopOf(domain);
    if (!input.items.length) throw new ShopifyError(422, { errors: { line_items: ["can't be blank"] } });
    const now = new Date().toISOString();
    const total = input.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    const id = nextId();
    const number = shop.nextOrderNumber++;
    const name = [input.customer.firstName, input.customer.lastName ?? ''].join(' ').trim();
    const phone = input.customer.phone ?? null;
    const order: SimOrder = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${number}`,
      order_number: number,
      email: input.customer.email ?? null,
      phone,
      created_at: now,
      updated_at: now,
      currency: shop.currency,
      total_price: money(total),
      subtotal_price: money(total),
      financial_status: input.paid ? 'paid' : 'pending',
      fulfillment_status: null,
      cancelled_at: null,
      cancel_reason: null,
      closed_at: null,
      customer: {
        id: nextId(),
        email: input.customer.email ?? null,
        first_name: input.customer.firstName,
        last_name: input.customer.lastName ?? '',
        phone,
      },
      line_items: input.items.map((i) => ({
        id: nextId(),
        product_id: nextId(),
        variant_id: nextId(),
        title: i.title,
        quantity: i.quantity,
        sku: i.sku ?? '',
        price: money(i.price),
        fulfillment_status: null,
      })),
      shipping_address: input.address
        ? {
            name,
            address1: input.address.address1,
            city: input.address.city,
            country_code: 'ID',
            zip: input.address.zip ?? '',
            phone,
          }
        : null,
      fulfillments: [],
      order_status_url: `${baseUrl}/shops/${shop.domain}/orders/${id}/status`,
    };
    shop.orders.set(id, order);
    return changed(shop, order, input.paid ? ['orders/create', 'orders/paid'] : ['orders/create']);
  }

  function payOrder(domain: string, id: number): SimOrder {
    const shop = shopOf(domain);
    const order = orderOf(shop, id);
    if (order.cancelled_at || order.financial_status !== 'pending')
      throw new ShopifyError(422, { errors: { base: ['Order cannot be marked as paid'] } });
    order.financial_status = 'paid';
    return changed(shop, order, ['orders/paid']);
  }

  function fulfilOrder(
    domain: string,
    id: number,
    tracking: { company: string; number: string; url?: string },
  ) {
    const shop = shopOf(domain);
    const order = orderOf(shop, id);
    if (order.cancelled_at || order.fulfillment_status === 'fulfilled')
      throw new ShopifyError(422, { errors: { base: ['Order cannot be fulfilled'] } });
    const url =
      tracking.url ??
      (tracking.number ? `https://track.example/${encodeURIComponent(tracking.number)}` : null);
    order.fulfillments.push({
      id: nextId(),
      order_id: order.id,
      status: 'success',
      created_at: new Date().toISOString(),
      tracking_company: tracking.company || null,
      tracking_number: tracking.number || null,
      tracking_numbers: tracking.number ? [tracking.number] : [],
      tracking_url: url,
      tracking_urls: url ? [url] : [],
    });
    order.fulfillment_status = 'fulfilled';
    for (const item of order.line_items) item.fulfillment_status = 'fulfilled';
    return changed(shop, order, ['orders/fulfilled']);
  }

  function cancelOrder(domain: string, id: number, reason = 'customer') {
    const shop = shopOf(domain);
    const order = orderOf(shop, id);
    if (order.cancelled_at)
      throw new ShopifyError(422, { errors: { base: ['Order has already been cancelled'] } });
    order.cancelled_at = new Date().toISOString();
    order.cancel_reason = reason;
    order.closed_at = order.cancelled_at;
    if (order.financial_status === 'pending') order.financial_status = 'voided';
    return changed(shop, order, ['orders/cancelled']);
  }

  function sendCompliance(shop: ShopState, topic: string, body: unknown) {
    if (complianceUrl)
      sender.send(`${shop.domain}:compliance`, { url: complianceUrl, shop: shop.domain, topic, body });
  }
  function customerRequest(
    domain: string,
    orderId: number,
    topic: 'customers/data_request' | 'customers/redact',
  ) {
    const shop = shopOf(domain);
    const order = orderOf(shop, orderId);
    const customer = { id: order.customer.id, email: order.customer.email, phone: order.customer.phone };
    sendCompliance(
      shop,
      topic,
      topic === 'customers/redact'
        ? { shop_id: shop.id, shop_domain: shop.domain, customer, orders_to_redact: [order.id] }
        : {
            shop_id: shop.id,
            shop_domain: shop.domain,
            orders_requested: [order.id],
            customer,
            data_request: { id: nextId() },
          },
    );
  }
  function uninstall(domain: string) {
    const shop = shopOf(domain);
    shop.tokens.clear();
    const body = { id: shop.id, name: shop.name, domain: shop.domain, myshopify_domain: shop.domain };
    for (const hook of shop.webhooks)
      if (hook.topic === 'app/uninstalled')
        sender.send(`${shop.domain}:app`, {
          url: hook.address,
          shop: shop.domain,
          topic: 'app/uninstalled',
          body,
        });
    shop.webhooks = [];
    // Shopify sends shop/redact 48 hours after the uninstall; the simulator right away.
    sendCompliance(shop, 'shop/redact', { shop_id: shop.id, shop_domain: shop.domain });
  }

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof ShopifyError) return reply.code(err.statusCode).send(err.body);
    return reply.code(400).send({ errors: err instanceof Error ? err.message : 'Bad Request' });
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  type ShopParams = { Params: { shop: string } };
  type OrderParams = { Params: { shop: string; id: string } };

  // OAuth: the merchant's approval page, then the redirect with code, hmac, host, shop, state and timestamp.
  app.get<ShopParams & { Querystring: Record<string, string> }>(
    '/shops/:shop/admin/oauth/authorize',
    async (req, reply) => {
      const shop = shopOf(req.params.shop);
      const q = req.query;
      if (q.client_id !== options.app.clientId)
        throw new ShopifyError(400, 'Oauth error invalid_request: The client_id provided is invalid');
      if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri))
        throw new ShopifyError(
          400,
          'Oauth error invalid_request: The redirect_uri is missing or not whitelisted',
        );
      return reply.type('text/html; charset=utf-8').send(authorizePageHtml(shop, q));
    },
  );
  app.post<ShopParams & { Body: Record<string, string> }>(
    '/shops/:shop/admin/oauth/authorize',
    async (req, reply) => {
      const shop = shopOf(req.params.shop);
      const b = req.body ?? {};
      const redirect = new URL(String(b.redirect_uri ?? ''));
      if (b.decision !== 'install') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('shop', shop.domain);
        if (b.state) redirect.searchParams.set('state', b.state);
        return reply.redirect(redirect.toString(), 303);
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        shop: shop.domain,
        clientId: String(b.client_id),
        scope: String(b.scope ?? ''),
        expiresAt: Date.now() + 600_000,
      });
      const params: Record<string, string> = {
        code,
        host: hostOf(shop.domain),
        shop: shop.domain,
        state: String(b.state ?? ''),
        timestamp: String(Math.floor(Date.now() / 1000)),
      };
      params.hmac = shopifyQueryHmac(options.app.clientSecret, params);
      for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
      return reply.redirect(redirect.toString(), 303);
    },
  );
  app.post<ShopParams & { Body: Record<string, unknown> }>(
    '/shops/:shop/admin/oauth/access_token',
    async (req) => {
      const shop = shopOf(req.params.shop);
      const b = req.body ?? {};
      const grant = typeof b.code === 'string' ? codes.get(b.code) : undefined;
      if (
        !grant ||
        grant.expiresAt < Date.now() ||
        grant.shop !== shop.domain ||
        b.client_id !== options.app.clientId ||
        typeof b.client_secret !== 'string' ||
        !same(b.client_secret, options.app.clientSecret)
      )
        throw new ShopifyError(400, {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      codes.delete(String(b.code));
      const token = `shpat_${randomBytes(16).toString('hex')}`;
      shop.tokens.add(token);
      grantedScope.set(token, grant.scope);
      return { access_token: token, scope: grant.scope };
    },
  );

  // REST Admin API.
  const api = '/shops/:shop/admin/api/:version';
  app.get<ShopParams>(`${api}/shop.json`, async (req) => {
    const shop = shopOf(req.params.shop);
    authenticate(req, shop);
    return {
      shop: {
        id: shop.id,
        name: shop.name,
        email: shop.email,
        domain: shop.domain,
        myshopify_domain: shop.domain,
        currency: shop.currency,
        country_code: 'ID',
        iana_timezone: 'Asia/Jakarta',
      },
    };
  });
  app.get<ShopParams>(`${api}/webhooks.json`, async (req) => {
    const shop = shopOf(req.params.shop);
    authenticate(req, shop);
    return { webhooks: shop.webhooks };
  });
  app.post<ShopParams & { Body: { webhook?: { topic?: unknown; address?: unknown; format?: unknown } } }>(
    `${api}/webhooks.json`,
    async (req, reply) => {
      const shop = shopOf(req.params.shop);
      authenticate(req, shop);
      const w = req.body?.webhook ?? {};
      const topic = typeof w.topic === 'string' ? w.topic : '';
      const address = typeof w.address === 'string' ? w.address : '';
      if (!ORDER_TOPICS.has(topic))
        throw new ShopifyError(422, { errors: { topic: ['Invalid topic specified.'] } });
      if (!/^https?:\/\//.test(address)) throw new ShopifyError(422, { errors: { address: ['is invalid'] } });
      if (shop.webhooks.some((h) => h.topic === topic && h.address === address))
        throw new ShopifyError(422, { errors: { address: ['for this topic has already been taken'] } });
      const now = new Date().toISOString();
      const hook: SimWebhookSubscription = {
        id: nextId(),
        topic,
        address,
        format: 'json',
        api_version: SIM_API_VERSION,
        created_at: now,
        updated_at: now,
      };
      shop.webhooks.push(hook);
      return reply.code(201).send({ webhook: hook });
    },
  );
  app.delete<OrderParams>(`${api}/webhooks/:id`, async (req) => {
    const shop = shopOf(req.params.shop);
    authenticate(req, shop);
    const id = Number(req.params.id.replace(/\.json$/, ''));
    const before = shop.webhooks.length;
    shop.webhooks = shop.webhooks.filter((h) => h.id !== id);
    if (shop.webhooks.length === before) throw new ShopifyError(404, { errors: 'Not Found' });
    return {};
  });
  app.get<ShopParams>(`${api}/orders.json`, async (req) => {
    const shop = shopOf(req.params.shop);
    authenticate(req, shop);
    return { orders: [...shop.orders.values()].reverse().slice(0, 50) };
  });
  app.get<OrderParams>(`${api}/orders/:id`, async (req) => {
    const shop = shopOf(req.params.shop);
    authenticate(req, shop);
    return { order: orderOf(shop, Number(req.params.id.replace(/\.json$/, ''))) };
  });

  // The merchant's admin page: orders and what a person does with them.
  app.get<ShopParams>('/shops/:shop/admin', async (req, reply) => {
    const shop = shopOf(req.params.shop);
    return reply
      .type('text/html; charset=utf-8')
      .send(adminPageHtml(shop, [...shop.orders.values()].reverse()));
  });
  const back = (shop: string) => `/shops/${shop}/admin`;
  app.post<ShopParams & { Body: Record<string, string> }>(
    '/shops/:shop/admin/sim/orders',
    async (req, reply) => {
      const b = req.body ?? {};
      const order = createOrder(req.params.shop, {
        customer: {
          firstName: b.first_name || 'Pelanggan',
          lastName: b.last_name ?? '',
          phone: b.phone || null,
          email: b.email || null,
        },
        items: [
          {
            title: b.title || 'Produk',
            quantity: Math.max(1, Number(b.quantity) || 1),
            price: Math.max(0, Number(b.price) || 0),
            sku: b.sku ?? '',
          },
        ],
        ...(b.address1 ? { address: { address1: b.address1, city: b.city ?? '' } } : {}),
        paid: b.paid === 'on' || b.paid === 'true',
      });
      if (req.headers.accept?.includes('application/json')) return { order };
      return reply.redirect(back(req.params.shop), 303);
    },
  );
  app.post<OrderParams & { Body: Record<string, string> }>(
    '/shops/:shop/admin/sim/orders/:id/:action',
    async (req, reply) => {
      const { shop, id } = req.params;
      const action = (req.params as { action?: string }).action;
      const b = req.body ?? {};
      const orderId = Number(id);
      if (action === 'pay') payOrder(shop, orderId);
      else if (action === 'fulfil')
        fulfilOrder(shop, orderId, { company: b.tracking_company ?? '', number: b.tracking_number ?? '' });
      else if (action === 'cancel') cancelOrder(shop, orderId);
      else if (action === 'data-request') customerRequest(shop, orderId, 'customers/data_request');
      else if (action === 'redact') customerRequest(shop, orderId, 'customers/redact');
      else throw new ShopifyError(404, { errors: 'Not Found' });
      return reply.redirect(back(shop), 303);
    },
  );
  app.post<ShopParams>('/shops/:shop/admin/sim/uninstall', async (req, reply) => {
    uninstall(req.params.shop);
    return reply.redirect(back(req.params.shop), 303);
  });
  app.get<OrderParams>('/shops/:shop/orders/:id/status', async (req, reply) => {
    const order = orderOf(shopOf(req.params.shop), Number(req.params.id));
    return reply
      .type('text/plain; charset=utf-8')
      .send(`${order.name}: ${order.financial_status} / ${order.fulfillment_status ?? 'unfulfilled'}`);
  });

  // The app store: a merchant installs the app on a new or an existing shop; Shopify opens the App URL.
  const { installUrl } = registerAppStore(app, {
    app: options.app,
    shops: () => [...shops.values()],
    createShop,
    shopOf,
    fail: (status, message) => new ShopifyError(status, message),
  });

  const baseUrl = await listenAdvertised(app, options);

  return {
    url: baseUrl,
    shopOrigin: (domain) => `${baseUrl}/shops/${domain.toLowerCase()}`,
    async close() {
      sender.close();
      await app.close();
    },
    createShop,
    shop: (domain) => {
      const s = shops.get(domain.toLowerCase());
      return s
        ? { id: s.id, domain: s.domain, name: s.name, email: s.email, currency: s.currency }
        : undefined;
    },
    subscriptions: (domain) => [...(shops.get(domain.toLowerCase())?.webhooks ?? [])],
    tokens: (domain) => [...(shops.get(domain.toLowerCase())?.tokens ?? [])],
    createOrder,
    payOrder,
    fulfilOrder,
    cancelOrder,
    order: (domain, id) => shops.get(domain.toLowerCase())?.orders.get(id),
    orders: (domain) => [...(shops.get(domain.toLowerCase())?.orders.values() ?? [])],
    installUrl,
    requestCustomerData: (domain, id) => customerRequest(domain, id, 'customers/data_request'),
    redactCustomer: (domain, id) => customerRequest(domain, id, 'customers/redact'),
    uninstall,
    restoreInstall(domain, install) {
      const shop = shopOf(domain);
      shop.tokens.add(install.token);
      for (const topic of install.topics) {
        if (shop.webhooks.some((h) => h.topic === topic && h.address === install.address)) continue;
        const now = new Date().toISOString();
        shop.webhooks.push({
          id: nextId(),
          topic,
          address: install.address,
          format: 'json',
          api_version: SIM_API_VERSION,
          created_at: now,
          updated_at: now,
        });
      }
    },
    sendWebhook(domain, topic, body, url) {
      const shop = shopOf(domain);
      if (url) return sender.send(`${shop.domain}:manual`, { url, shop: shop.domain, topic, body });
      let id = '';
      for (const hook of shop.webhooks)
        if (hook.topic === topic)
          id = sender.send(`${shop.domain}:manual`, { url: hook.address, shop: shop.domain, topic, body });
      return id;
    },
    setComplianceUrl(url) {
      complianceUrl = url;
    },
    delivered: () => sender.delivered(),
    stats: () => sender.stats(),
    async idle() {
      while (sender.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
