import { createHmac } from 'node:crypto';
import type { ShopifySimulator } from '@sapa/simulators';
import { uuidv7 } from 'uuidv7';
import type { AppConfig, ShopifyAppConfig } from '../../platform/config.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import {
  connectedStoreOf,
  SHOPIFY_APP_PATH,
  SHOPIFY_ORDER_TOPICS,
  shopifyWebhookUrl,
} from '../shopify/index.js';
import { insertTemplates } from '../templates/index.js';
import { findDemoBusinessId } from './demo.seed.js';

/** The demo's Shopify shop on the simulator: the connect dialog takes its admin URL. */
export const DEMO_SHOP = { domain: 'toko-sapa-demo.myshopify.com', name: 'Toko Sapa Demo' } as const;

/**
 * Demo mode without a Shopify app configured: the Shopify simulator in this process (SHOPIFY_SIM_PORT, default
 * PORT + 10) plays Shopify for Sapa's app, whose client id and secret are derived from the server secret (the
 * same across restarts). Started before the app is built: it answers the app's config.
 */
export async function startDemoShopify(
  config: AppConfig,
): Promise<{ sim: ShopifySimulator; app: ShopifyAppConfig }> {
  const { startShopifySimulator } = await import('@sapa/simulators');
  const advertised = new URL(config.publicUrl);
  advertised.port = String(config.shopifySimPort);
  const derive = (what: string) =>
    createHmac('sha256', config.jwtSecret).update(`demo-shopify-${what}`).digest('hex');
  const app = {
    clientId: derive('client-id').slice(0, 32),
    clientSecret: `shpss_${derive('client-secret').slice(0, 32)}`,
  };
  const sim = await startShopifySimulator({
    port: config.shopifySimPort,
    host: config.host,
    publicUrl: advertised.origin,
    // The App URL: the simulator's app store opens it when a merchant installs Sapa (sign-up via Shopify).
    app: {
      ...app,
      complianceUrl: `${config.publicUrl}/webhooks/shopify`,
      appUrl: `${config.publicUrl}${SHOPIFY_APP_PATH}`,
    },
    shops: [DEMO_SHOP],
  });
  return { sim, app: { ...app, shopOrigin: `${sim.url}/shops/{shop}` } };
}

/**
 * After the app is up: the demo business gets approved templates for Shopify's order messages (once), and an
 * install made before a restart is told to the simulator again (its token and webhook subscriptions).
 */
export async function restoreDemoShopify(
  deps: ServerDeps,
  sim: ShopifySimulator,
): Promise<{ adminUrl: string; appStoreUrl: string }> {
  const clientId = await findDemoBusinessId(deps.db);
  if (clientId) {
    await seedShopifyTemplates(deps, clientId);
    const store = await connectedStoreOf(deps, clientId);
    if (store && sim.shop(store.shopDomain))
      sim.restoreInstall(store.shopDomain, {
        token: store.accessToken,
        address: shopifyWebhookUrl(deps),
        topics: SHOPIFY_ORDER_TOPICS,
      });
  }
  return { adminUrl: `${sim.shopOrigin(DEMO_SHOP.domain)}/admin`, appStoreUrl: `${sim.url}/app-store` };
}

async function seedShopifyTemplates(deps: ServerDeps, clientId: string) {
  const approved = { clientId, language: 'id', status: 'approved', category: 'UTILITY' } as const;
  const manual = (name: string, sample: string) => ({ name, sample, contactField: null });
  try {
    await insertTemplates(deps.db, [
      {
        ...approved,
        id: uuidv7(),
        name: 'shopify_pesanan_dibuat',
        body: 'Halo {{1}}, terima kasih! Pesanan {{2}} sebesar {{3}} sudah kami terima.',
        variables: [manual('nama', 'Budi'), manual('nomor_pesanan', '#1001'), manual('total', 'Rp150.000')],
        templateType: 'manual_variables',
      },
      {
        ...approved,
        id: uuidv7(),
        name: 'shopify_pesanan_dibayar',
        body: 'Halo {{1}}, pembayaran pesanan {{2}} sudah kami terima. Pesanan segera kami siapkan.',
        variables: [manual('nama', 'Budi'), manual('nomor_pesanan', '#1001')],
        templateType: 'manual_variables',
      },
      {
        ...approved,
        id: uuidv7(),
        name: 'shopify_pesanan_dikirim',
        body: 'Halo {{1}}, pesanan {{2}} sudah dikirim dengan {{3}}, nomor resi {{4}}.',
        variables: [
          manual('nama', 'Budi'),
          manual('nomor_pesanan', '#1001'),
          manual('kurir', 'JNE'),
          manual('resi', 'JNE0001'),
        ],
        templateType: 'manual_variables',
      },
      {
        ...approved,
        id: uuidv7(),
        name: 'shopify_pesanan_dibatalkan',
        body: 'Halo {{1}}, pesanan {{2}} telah dibatalkan. Hubungi kami jika ada pertanyaan.',
        variables: [manual('nama', 'Budi'), manual('nomor_pesanan', '#1001')],
        templateType: 'manual_variables',
      },
    ]);
  } catch (err) {
    // Seeded at an earlier start.
    if (!isUniqueViolation(err)) throw err;
  }
}
