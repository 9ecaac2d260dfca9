import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { shopifySignature, startShopifySimulator } from '@sapa/simulators';
import pg from 'pg';
import { signIn, startSapaServer } from './servers.js';
import { type BenchContext, compare, type Result } from './types.js';

/**
 * Shopify order webhooks into Sapa (issue 19 point 7): Sapa connected to the Shopify simulator through its own
 * OAuth endpoints, the order-created message on with one of the demo's approved templates, then orders/create
 * webhooks posted at `BENCH_SHOPIFY_RATE` (100/s) for `BENCH_SHOPIFY_SECONDS` (30 s), open loop, each signed as
 * Shopify signs it, one new customer each; every 20th delivered twice with the same `X-Shopify-Webhook-Id` (a
 * Shopify retry). Measured: the ack latency p50/p99 (target p99 ≤ 100 ms), and that every order's message is
 * stored and handed to WhatsApp exactly once (the time until the last one is sent is recorded).
 */
const RATE = Number(process.env.BENCH_SHOPIFY_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SHOPIFY_SECONDS ?? 30);
const ACK_TARGET_MS = 100;
const APP = { clientId: 'bench-shopify-app', clientSecret: 'shpss_bench_0123456789abcdef' };
const SHOP = 'toko-bench.myshopify.com';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? Number.NaN) * 10) / 10;
}

function post(agent: http.Agent, url: URL, raw: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(raw) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

function orderBody(n: number, id: string) {
  const phone = `62857${String(n).padStart(8, '0')}`;
  return {
    id: Number(id),
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${10_000 + n}`,
    order_number: 10_000 + n,
    email: `pembeli${n}@contoh.test`,
    phone: `+${phone}`,
    created_at: new Date().toISOString(),
    currency: 'IDR',
    total_price: '150000.00',
    financial_status: 'pending',
    fulfillment_status: null,
    cancelled_at: null,
    customer: {
      id: 9_000_000 + n,
      email: null,
      first_name: 'Pembeli',
      last_name: String(n),
      phone: `+${phone}`,
    },
    line_items: [{ id: 1, title: 'Kemeja Batik', quantity: 1, price: '150000.00', sku: 'KB-1' }],
    fulfillments: [],
    order_status_url: `https://${SHOP}/orders/${id}`,
  };
}

export async function shopifyPhase(ctx: BenchContext): Promise<Result[]> {
  const sim = await startShopifySimulator({ app: APP, shops: [{ domain: SHOP, name: 'Toko Bench' }] });
  ctx.defer(() => sim.close());
  const sapa = await startSapaServer(ctx, {
    env: {
      SHOPIFY_CLIENT_ID: APP.clientId,
      SHOPIFY_CLIENT_SECRET: APP.clientSecret,
      SHOPIFY_SHOP_ORIGIN: `${sim.url}/shops/{shop}`,
    },
  });
  const token = await signIn(sapa.baseUrl, 'owner@demo.sapa.id', 'sapademo123');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const db = new pg.Client({ connectionString: sapa.databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());

  // Connect through Sapa's own OAuth: the admin URL, the simulator's authorize page approved, the callback.
  const started = await fetch(`${sapa.baseUrl}/api/shopify/connect`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ adminUrl: SHOP }),
  });
  if (!started.ok) throw new Error(`connect: ${started.status} ${await started.text()}`);
  const authorize = new URL(((await started.json()) as { authorizeUrl: string }).authorizeUrl);
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    scope: authorize.searchParams.get('scope') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    decision: 'install',
  });
  const approved = await fetch(authorize.origin + authorize.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' });
  if (!back.headers.get('location')?.endsWith('connected=1'))
    throw new Error(`connect: ${back.headers.get('location')}`);
  const { rows: tpl } = await db.query<{ id: string }>(
    `select id from whatsapp_templates where name = 'update_pesanan' and status = 'approved' and deleted_at is null`,
  );
  if (!tpl[0]) throw new Error('no demo template');
  const saved = await fetch(`${sapa.baseUrl}/api/shopify/automations`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({
      event: 'order_created',
      enabled: true,
      templateId: tpl[0].id,
      variables: ['customer_name', 'order_number', 'total_price'],
    }),
  });
  if (!saved.ok) throw new Error(`automation: ${saved.status} ${await saved.text()}`);
  await db.query(`update chat_credit_wallets set balance = 100000000`);

  // The load: orders/create at RATE per second, open loop, every 20th sent twice under one webhook id.
  const target = new URL(`${sapa.baseUrl}/webhooks/shopify`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  ctx.defer(() => agent.destroy());
  const total = RATE * SECONDS;
  const acks: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  const loadBefore = loadavg();
  const t0 = performance.now();
  ctx.log(`shopify: ${total} orders/create webhooks at ${RATE}/s`);
  for (let n = 0; n < total; n++) {
    const due = t0 + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const id = String(6_000_000_000_000 + n);
    const raw = JSON.stringify(orderBody(n, id));
    const headers = {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': shopifySignature(APP.clientSecret, raw),
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2025-07',
      'x-shopify-webhook-id': randomUUID(),
    };
    const send = async () => {
      const s = performance.now();
      const status = await post(agent, target, raw, headers).catch(() => 0);
      acks.push(performance.now() - s);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    inFlight.push(send());
    if (n % 20 === 0) inFlight.push(send());
  }
  await Promise.all(inFlight);
  const loadAfter = loadavg();
  acks.sort((a, b) => a - b);

  // Every order's message stored once and handed to WhatsApp.
  const drainStarted = performance.now();
  let sent = 0;
  let stored = 0;
  for (;;) {
    const { rows } = await db.query<{ stored: number; sent: number }>(
      `select count(*)::int as stored, count(*) filter (where status in ('sent','delivered','read'))::int as sent
       from messages where payload->>'automatic' = 'shopify:order_created'`,
    );
    stored = rows[0]?.stored ?? 0;
    sent = rows[0]?.sent ?? 0;
    if (sent >= total || performance.now() - drainStarted > 300_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const drainSeconds = Math.round((performance.now() - drainStarted) / 100) / 10;
  const { rows: dup } = await db.query<{ orders: number; claims: number }>(
    `select count(distinct order_id)::int as orders, count(*)::int as claims from shopify_order_messages where outcome = 'sent'`,
  );
  const p50 = percentile(acks, 50);
  const p99 = percentile(acks, 99);
  ctx.log(
    `shopify: ack p50/p99 ${p50}/${p99} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `${stored} messages stored, ${sent} sent (${drainSeconds} s after the load); load average ${loadBefore[0]?.toFixed(2)} → ${loadAfter[0]?.toFixed(2)}`,
  );
  ctx.record('shopify', {
    rate: RATE,
    seconds: SECONDS,
    webhooks: acks.length,
    ackP50: p50,
    ackP99: p99,
    statuses: Object.fromEntries(statuses),
    orders: total,
    messagesStored: stored,
    messagesSent: sent,
    claims: dup[0],
    drainSecondsAfterLoad: drainSeconds,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAfter,
  });
  await sapa.stop();
  const once = stored === total && sent === total && dup[0]?.orders === total && dup[0]?.claims === total;
  return [
    compare({
      metric: `Shopify webhook ack p99 at ${RATE}/s for ${SECONDS} s`,
      value: p99,
      unit: 'ms',
      baseline: { name: `target ${ACK_TARGET_MS} ms`, value: ACK_TARGET_MS },
      target: { op: '<=', value: 1 },
    }),
    compare({
      metric: `orders whose message was sent exactly once (of ${total})`,
      value: once ? total : Math.min(stored, sent),
      unit: 'orders',
      baseline: { name: 'orders posted', value: total },
      target: { op: '>=', value: 1 },
    }),
  ];
}
