import { createHmac } from 'node:crypto';
import type { ShopeeSimulator } from '@sapa/simulators';
import type { AppConfig, ShopeePartnerConfig } from '../../platform/config.js';
import type { ServerDeps } from '../../platform/deps.js';
import {
  completeShopeeConnect,
  findConnectedAccount,
  openSecrets,
  type ShopeeSecrets,
  setShopeePushCallback,
  shopeeConfigOf,
  shopeeConsentUrlFor,
} from '../channels/index.js';
import { ownerIdOf } from './demo.repository.js';
import { findDemoBusinessId } from './demo.seed.js';

/** The demo's Shopee store on the simulator (a fixed shop id, so that a restart finds the stored one). */
export const DEMO_SHOPEE_SHOP = {
  shopId: 880_012_345,
  username: 'tokosapademo',
  name: 'Toko Sapa Shopee',
} as const;

/**
 * Demo mode without a Shopee partner app configured: the Shopee simulator in this process (SHOPEE_SIM_PORT,
 * default PORT + 12) plays Shopee for Sapa's partner app, whose id and key are derived from the server secret
 * (the same across restarts). Started before the app is built: it answers the app's config.
 */
export async function startDemoShopee(
  config: AppConfig,
): Promise<{ sim: ShopeeSimulator; partner: ShopeePartnerConfig }> {
  const { startShopeeSimulator } = await import('@sapa/simulators');
  const advertised = new URL(config.publicUrl);
  advertised.port = String(config.shopeeSimPort);
  const derived = createHmac('sha256', config.jwtSecret).update('demo-shopee-partner').digest();
  const partner = {
    partnerId: 2_000_000 + (derived.readUInt32BE(0) % 1_000_000),
    partnerKey: derived.toString('hex'),
  };
  const sim = await startShopeeSimulator({
    port: config.shopeeSimPort,
    host: config.host,
    publicUrl: advertised.origin,
    partner,
  });
  sim.addShop(DEMO_SHOPEE_SHOP);
  return { sim, partner: { ...partner, apiBaseUrl: sim.apiBaseUrl } };
}

/**
 * After the app is up: the demo business's store connected the way an owner connects it (the consent page
 * confirmed as the shop's seller, the code traded for tokens through Sapa's callback) once; after a restart,
 * the stored tokens are told to the simulator again and the push callback set again. Answers the buyer page.
 */
export async function connectDemoShopee(
  deps: ServerDeps,
  sim: ShopeeSimulator,
): Promise<{ buyerPageUrl: string }> {
  const buyerPageUrl = `${sim.url}/?shopId=${DEMO_SHOPEE_SHOP.shopId}`;
  const clientId = await findDemoBusinessId(deps.db);
  const partner = deps.config.shopee;
  if (!clientId || !partner) return { buyerPageUrl };
  const account = await findConnectedAccount(deps.db, clientId, 'SHP');
  if (account) {
    const { shopId, accessTokenExpiresAt } = shopeeConfigOf(account);
    const { accessToken, refreshToken } = openSecrets<ShopeeSecrets>(deps, account);
    sim.restoreTokens({ shopId, accessToken, refreshToken, expiresAt: accessTokenExpiresAt });
    await setShopeePushCallback(deps);
    return { buyerPageUrl };
  }
  const userId = await ownerIdOf(deps.db, clientId);
  if (!userId) return { buyerPageUrl };
  const consent = shopeeConsentUrlFor(deps, partner, { clientId, userId, store: DEMO_SHOPEE_SHOP.username });
  const back = new URL(await sim.authorize({ authUrl: consent, shopId: DEMO_SHOPEE_SHOP.shopId }));
  const done = new URL(await completeShopeeConnect(deps, Object.fromEntries(back.searchParams)));
  if (done.searchParams.get('connected') !== 'SHP')
    deps.logger.warn({ error: done.searchParams.get('error') }, 'demo Shopee store not connected');
  return { buyerPageUrl };
}
