import { type ShopeeSimulator, startShopeeSimulator } from '@sapa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { partnerFileWith, sapaProfile } from '../../../../../test/partner-profile.js';
import { consentUrlFor } from './shopee-account.service.js';

/**
 * 000 §4 "Shopee connect off": a partner whose Shopee flag is off (Sapa's own profile with the flag off) does
 * not offer Shopee — the app's info leaves SHP out (the channel picker reads it), the dialog's first step is
 * refused, and a consent that comes back anyway connects nothing. (On, the default profile: shopee.int.test.ts.)
 */
let sim: ShopeeSimulator;
let server: TestServer;

beforeAll(async () => {
  const file = partnerFileWith('NO_SHOPEE', { shopeeConnect: false });
  sim = await startShopeeSimulator();
  server = await startTestServer({
    env: {
      PARTNER_CONFIG: file,
      SHOPEE_PARTNER_ID: String(sim.partner.partnerId),
      SHOPEE_PARTNER_KEY: sim.partner.partnerKey,
      SHOPEE_API_URL: sim.apiBaseUrl,
    },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

describe('the partner flag "Shopee connect off"', () => {
  it('hides Shopee: not offered in the app info, the dialog refused, a returning consent connects nothing', async () => {
    expect(sapaOffersShopee()).toBe(true);
    const info = await server.app.inject({ method: 'GET', url: '/api/app/info' });
    expect(info.json().partner.allowedChannels).not.toContain('SHP');
    expect(info.json().partner.allowedChannels).toContain('LZD');

    const biz = await makeBusiness(server.deps.db, 'Toko Tanpa Shopee');
    const owner = await signInFresh(server.app, biz.owner.email);
    const start = await server.app.inject({
      method: 'POST',
      url: '/api/channel-accounts/shopee/authorize',
      headers: { ...bearer(owner), 'accept-language': 'en' },
      payload: { store: 'tokotanpashopee' },
    });
    expect([start.statusCode, start.json().message]).toEqual([400, 'This channel is not offered.']);

    const shop = sim.addShop({ username: 'tokotanpashopee', name: 'Toko Tanpa Shopee' });
    const authUrl = consentUrlFor(server.deps, server.deps.config.shopee!, {
      clientId: biz.clientId,
      userId: biz.userIds[0]!,
      store: shop.username,
    });
    const back = new URL(await sim.authorize({ authUrl, shopId: shop.shopId }));
    const done = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(new URL(String(done.headers.location)).searchParams.get('error')).toBe('channel.notOffered');
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    expect(list.json().items.some((a: { channel: string }) => a.channel === 'SHP')).toBe(false);
  });
});

/** The profile the test turns the flag off in does offer Shopee with the flag on (so the flag is what hides it). */
function sapaOffersShopee() {
  const sapa = sapaProfile();
  return sapa.allowedChannels.includes('SHP') && sapa.featureFlags.shopeeConnect === true;
}
