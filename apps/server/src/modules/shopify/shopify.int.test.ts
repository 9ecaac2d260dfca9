import { shopifyQueryHmac, shopifySignature } from '@sapa/simulators';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import {
  APP,
  accountId,
  agent,
  api,
  base,
  biz,
  connectShop,
  number,
  other,
  otherOwner,
  owner,
  SHOP,
  SHOP_B,
  server,
  shopify,
  T,
  useShopifyServer,
  wa,
} from '../../../test/servers/shopify.js';
import { messages } from '../conversations/index.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { shopifyOrders, shopifyStores, shopifyWebhooks } from './shopify.schema.js';

useShopifyServer();

const db = () => server.deps.db;

/** The automated messages of an event sent so far (payload.automatic = shopify:<event>). */
async function sentFor(event: string) {
  return db()
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.clientId, biz.clientId),
        sql`${messages.payload}->>'automatic' = ${`shopify:${event}`}`,
      ),
    );
}

function postWebhook(raw: string, headers: Record<string, string>) {
  return fetch(`${base}/webhooks/shopify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
}

describe('connect through OAuth (000 §2 connect dialog, 000 §5, 000 §8)', () => {
  it('refuses an empty or foreign admin URL with the spec’s messages', async () => {
    const empty = await api('POST', '/api/shopify/connect', owner, { adminUrl: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Shopify URL is required');
    const foreign = await api('POST', '/api/shopify/connect', owner, {
      adminUrl: 'https://evil.example.com/store',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'Failed to connect account. Check your username or store URL again to connect',
    );
  });

  it('refuses a callback whose hmac, state or shop does not hold', async () => {
    const started = await api('POST', '/api/shopify/connect', owner, {
      adminUrl: `https://admin.shopify.com/store/toko-uji`,
    });
    const state = new URL(started.json().authorizeUrl).searchParams.get('state') ?? '';
    const back = async (params: Record<string, string>) =>
      (
        await fetch(`${base}/api/shopify/oauth/callback?${new URLSearchParams(params)}`, {
          redirect: 'manual',
        })
      ).headers.get('location');
    const signed = (p: Record<string, string>) => ({ ...p, hmac: shopifyQueryHmac(APP.clientSecret, p) });
    const ts = String(Math.floor(Date.now() / 1000));
    expect(await back({ code: 'x', shop: SHOP, state, timestamp: ts, hmac: '0'.repeat(64) })).toContain(
      'error=shopify.invalidToken',
    );
    expect(await back(signed({ code: 'x', shop: SHOP_B, state, timestamp: ts }))).toContain(
      'error=shopify.invalidToken',
    );
    expect(await back(signed({ code: 'x', shop: 'toko.example.com', state, timestamp: ts }))).toContain(
      'error=shopify.connectFailed',
    );
    const [store] = await db().select().from(shopifyStores).where(eq(shopifyStores.clientId, biz.clientId));
    expect(store).toBeUndefined();
  });

  it('connects the shop: token sealed, order webhooks subscribed, the WhatsApp number chosen', async () => {
    expect(await connectShop(owner, 'https://admin.shopify.com/store/toko-uji')).toBe(
      `${base}/shopify?connected=1`,
    );
    const res = await api('GET', '/api/shopify/store', owner);
    expect(res.json()).toMatchObject({
      store: { shopDomain: SHOP, shopName: 'Toko Uji', status: 'connected', channelAccountId: accountId },
      addOnActive: true,
    });
    const [row] = await db().select().from(shopifyStores).where(eq(shopifyStores.clientId, biz.clientId));
    const granted = shopify.tokens(SHOP);
    expect(granted).toHaveLength(1);
    expect(row?.accessToken).not.toContain(granted[0]);
    expect(server.deps.secrets.open(row!.accessToken!)).toBe(granted[0]);
    expect(
      shopify
        .subscriptions(SHOP)
        .map((s) => s.topic)
        .sort(),
    ).toEqual(['app/uninstalled', 'orders/cancelled', 'orders/create', 'orders/fulfilled', 'orders/paid']);
    expect(shopify.subscriptions(SHOP).every((s) => s.address === `${base}/webhooks/shopify`)).toBe(true);
  });

  it('keeps the shop the business registered, and a shop to one business', async () => {
    const renamed = await api('POST', '/api/shopify/connect', owner, { adminUrl: SHOP_B });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('The Shopify shop name cannot be changed after registration');
    const taken = await api('POST', '/api/shopify/connect', otherOwner, { adminUrl: SHOP });
    expect(taken.statusCode).toBe(409);
    expect((await api('GET', '/api/shopify/store', otherOwner)).json().store).toBeNull();
  });
});

describe('automated-message settings (000 §5)', () => {
  it('needs a template to turn a message on', async () => {
    const res = await api('PUT', '/api/shopify/automations', owner, {
      event: 'order_created',
      enabled: true,
      templateId: null,
      variables: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Template is required');
  });

  it('keeps the toggle off without a store or without the add-on', async () => {
    const noStore = await api('PUT', '/api/shopify/automations', otherOwner, {
      event: 'order_paid',
      enabled: true,
      templateId: T.paid,
      variables: [],
    });
    expect(noStore.statusCode).toBe(409);
    expect(noStore.json().message).toBe('Connect a Shopify store first');
    await db()
      .update(clients)
      .set({ planFeatures: '0'.repeat(64) })
      .where(eq(clients.id, biz.clientId));
    const { signInFresh } = await import('../../../test/auth-helpers.js');
    const noAddOn = await signInFresh(server.app, biz.owner.email);
    const refused = await api('PUT', '/api/shopify/automations', noAddOn, {
      event: 'order_paid',
      enabled: true,
      templateId: T.paid,
      variables: [],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Subscribe to the Shopify add-on first');
    expect((await api('GET', '/api/shopify/store', noAddOn)).json().addOnActive).toBe(false);
    await db()
      .update(clients)
      .set({ planFeatures: '1'.repeat(64) })
      .where(eq(clients.id, biz.clientId));
  });

  it('saves each event’s template and offers the approved ones; an agent without SHOPIFY cannot', async () => {
    for (const [event, templateId, variables] of [
      ['order_created', T.created, ['customer_name', 'order_number', 'total_price']],
      ['order_paid', T.paid, []],
      ['order_fulfilled', T.fulfilled, ['order_number', 'tracking_company', 'tracking_number']],
    ] as const) {
      const res = await api('PUT', '/api/shopify/automations', owner, {
        event,
        enabled: true,
        templateId,
        variables,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await api('GET', '/api/shopify/automations', owner)).json();
    expect(list.items.find((i: { event: string }) => i.event === 'order_paid').variables).toEqual([
      'customer_name',
      'order_number',
    ]);
    expect(list.templates.map((t: { name: string }) => t.name)).toContain('pesanan_dibuat');
    expect((await api('GET', '/api/shopify/automations', agent)).statusCode).toBe(403);
  });
});

describe('order webhooks → WhatsApp template messages', () => {
  it('sends each event’s template with the order’s values to the customer’s number, once', async () => {
    const order = shopify.createOrder(SHOP, {
      customer: { firstName: 'Budi', lastName: 'Santoso', phone: '+62 812 3456 7890' },
      items: [{ title: 'Kemeja Batik', quantity: 2, price: 150_000 }],
      paid: true,
    });
    const created = await waitFor(async () => (await sentFor('order_created'))[0]);
    expect(created.text).toMatch(
      new RegExp(`^Halo Budi Santoso, pesanan ${order.name} sebesar Rp\\s?300\\.000 sudah kami terima\\.$`),
    );
    await waitFor(async () => (await sentFor('order_paid'))[0]);
    shopify.fulfilOrder(SHOP, order.id, { company: 'JNE', number: 'JNE0001' });
    const fulfilled = await waitFor(async () => (await sentFor('order_fulfilled'))[0]);
    expect(fulfilled.text).toBe(`Pesanan ${order.name} dikirim dengan JNE, resi JNE0001.`);
    // The WhatsApp simulator got the templates for that number.
    const onPhone = await waitFor(async () => {
      const got = wa.conversation(number.phoneNumberId, '6281234567890').filter((m) => m.type === 'template');
      return got.length === 3 && got;
    });
    expect(onPhone.map((m) => (m.request.template as { name: string }).name)).toEqual([
      'pesanan_dibuat',
      'pesanan_dibayar',
      'pesanan_dikirim',
    ]);
    // Every delivery of every webhook again: nothing new is stored or sent.
    await shopify.idle();
    const delivered = shopify.delivered().filter((d) => d.shop === SHOP && d.raw.includes(String(order.id)));
    for (const d of delivered) {
      const res = await postWebhook(d.raw, {
        'x-shopify-hmac-sha256': shopifySignature(APP.clientSecret, d.raw),
        'x-shopify-topic': d.topic,
        'x-shopify-shop-domain': d.shop,
        'x-shopify-webhook-id': d.webhookId,
      });
      expect(res.status).toBe(200);
    }
    const stored = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(shopifyWebhooks)
      .where(eq(shopifyWebhooks.clientId, biz.clientId));
    expect(stored[0]?.n).toBe(
      new Set(
        shopify
          .delivered()
          .filter((d) => d.shop === SHOP)
          .map((d) => d.webhookId),
      ).size,
    );
    for (const event of ['order_created', 'order_paid', 'order_fulfilled'])
      expect(await sentFor(event)).toHaveLength(1);
    const report = (await api('GET', '/api/shopify/report', owner)).json();
    expect(report.orders).toMatchObject({ total: 1, paid: 1, fulfilled: 1, cancelled: 0 });
    expect(report.events.find((e: { event: string }) => e.event === 'order_created').sent).toBe(1);
    const otherReport = (await api('GET', '/api/shopify/report', otherOwner)).json();
    expect(otherReport.orders.total).toBe(0);
  });

  it('answers 401 to a webhook not signed with the app’s secret, and stores nothing', async () => {
    const raw = JSON.stringify({ id: 1, admin_graphql_api_id: 'gid://shopify/Order/1' });
    const res = await postWebhook(raw, {
      'x-shopify-hmac-sha256': shopifySignature('not-the-secret', raw),
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-webhook-id': 'forged-1',
    });
    expect(res.status).toBe(401);
    const rows = await db().select().from(shopifyWebhooks).where(eq(shopifyWebhooks.webhookId, 'forged-1'));
    expect(rows).toHaveLength(0);
  });

  it('skips an order without a phone number, with the reason in the report', async () => {
    shopify.createOrder(SHOP, {
      customer: { firstName: 'Tanpa', phone: null },
      items: [{ title: 'Topi', quantity: 1, price: 50_000 }],
    });
    await waitFor(async () => {
      const r = (await api('GET', '/api/shopify/report', owner)).json();
      return r.events.find((e: { event: string }) => e.event === 'order_created').skipped === 1;
    });
  });
});

describe('compliance topics', () => {
  it('gathers a customer’s data, erases a customer, then erases the shop', async () => {
    const [order] = shopify.orders(SHOP);
    shopify.requestCustomerData(SHOP, order!.id);
    const request = await waitFor(async () => {
      const [row] = await db()
        .select()
        .from(shopifyWebhooks)
        .where(
          and(
            eq(shopifyWebhooks.topic, 'customers/data_request'),
            sql`${shopifyWebhooks.processedAt} is not null`,
          ),
        );
      return row;
    });
    expect(JSON.stringify(request.result)).toContain('6281234567890');
    shopify.redactCustomer(SHOP, order!.id);
    await waitFor(async () => {
      const [row] = await db()
        .select()
        .from(shopifyOrders)
        .where(and(eq(shopifyOrders.clientId, biz.clientId), eq(shopifyOrders.orderId, String(order!.id))));
      return row?.phone === null && row.customerName === null;
    });
    shopify.uninstall(SHOP);
    await waitFor(async () => (await api('GET', '/api/shopify/store', owner)).json().store === null);
    const left = await db().select().from(shopifyOrders).where(eq(shopifyOrders.clientId, biz.clientId));
    expect(left).toHaveLength(0);
    expect(other.clientId).not.toBe(biz.clientId);
  });
});
