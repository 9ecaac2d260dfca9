import { afterEach, describe, expect, it } from 'vitest';
import { shopeeApiSignature, shopeePushSignature } from '../signatures.js';
import { startReceiver } from '../test-receiver.js';
import { startShopeeSimulator } from './simulator.js';

/** The Shopee simulator: consent, tokens with expiry, signed calls, chat send, signed pushes retried. */

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function receiver(statuses: number[] = []) {
  const r = await startReceiver(statuses, '/webhooks/shopee');
  open.push(r);
  return r;
}

/** The parts of Shopee's answers the tests read. */
interface Answer {
  error?: string;
  access_token: string;
  refresh_token: string;
  response?: unknown;
  [key: string]: unknown;
}

async function started(options: Parameters<typeof startShopeeSimulator>[0] = {}) {
  const sim = await startShopeeSimulator({ retry: { attempts: 3, baseDelayMs: 20 }, ...options });
  open.push(sim);
  const shop = sim.addShop({ username: 'tokouji', name: 'Toko Uji' });
  const { partnerId, partnerKey } = sim.partner;
  const signed = (path: string, shopAuth?: { accessToken: string; shopId: number }, skew = 0) => {
    const timestamp = Math.floor(Date.now() / 1000) + skew;
    const q = new URLSearchParams({
      partner_id: String(partnerId),
      timestamp: String(timestamp),
      sign: shopeeApiSignature(partnerKey, { partnerId, path, timestamp, ...(shopAuth ?? {}) }),
      ...(shopAuth ? { access_token: shopAuth.accessToken, shop_id: String(shopAuth.shopId) } : {}),
    });
    return `${sim.apiBaseUrl}${path}?${q}`;
  };
  const call = async (url: string, body?: unknown) => {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const authorize = async () => {
    const link = new URL(signed('/api/v2/shop/auth_partner'));
    link.searchParams.set('redirect', 'https://sapa.example/back');
    const back = new URL(await sim.authorize({ authUrl: link.toString(), shopId: shop.shopId }));
    const code = back.searchParams.get('code')!;
    expect(back.searchParams.get('shop_id')).toBe(String(shop.shopId));
    const token = await call(signed('/api/v2/auth/token/get'), {
      code,
      shop_id: shop.shopId,
      partner_id: partnerId,
    });
    return { code, token };
  };
  return { sim, shop, signed, call, authorize };
}

describe('Shopee simulator', () => {
  it('authorises a shop: a code once, tokens of 4 h; refuses a wrong sign, an old timestamp, a used code', async () => {
    const { sim, shop, signed, call, authorize } = await started();
    const { code, token } = await authorize();
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ error: '', expire_in: 14_400 });
    expect(token.body.access_token).toMatch(/^[0-9a-f]{32}$/);
    const again = await call(signed('/api/v2/auth/token/get'), {
      code,
      shop_id: shop.shopId,
      partner_id: sim.partner.partnerId,
    });
    expect([again.status, again.body.error]).toEqual([403, 'error_auth']);
    const wrong = await call(`${signed('/api/v2/auth/token/get')}0`, { code, shop_id: shop.shopId });
    expect([wrong.status, wrong.body.error]).toEqual([403, 'error_sign']);
    const old = await call(signed('/api/v2/auth/token/get', undefined, -600), { code, shop_id: shop.shopId });
    expect([old.status, old.body.error]).toEqual([403, 'error_param']);
    expect(sim.stats().refusedSign).toBe(1);
  });

  it('refuses an expired access token; a refresh token gives a new pair once', async () => {
    const { sim, shop, signed, call, authorize } = await started();
    const { token } = await authorize();
    const auth = { accessToken: token.body.access_token, shopId: shop.shopId };
    expect((await call(signed('/api/v2/shop/get_shop_info', auth))).body).toMatchObject({
      shop_name: 'Toko Uji',
    });
    sim.expireAccessToken(shop.shopId);
    const expired = await call(signed('/api/v2/shop/get_shop_info', auth));
    expect([expired.status, expired.body.error]).toEqual([403, 'invalid_acceess_token']);
    const refresh = {
      refresh_token: token.body.refresh_token,
      shop_id: shop.shopId,
      partner_id: sim.partner.partnerId,
    };
    const fresh = await call(signed('/api/v2/auth/access_token/get'), refresh);
    expect(fresh.body).toMatchObject({ error: '', shop_id: shop.shopId, expire_in: 14_400 });
    const reused = await call(signed('/api/v2/auth/access_token/get'), refresh);
    expect([reused.status, reused.body.error]).toEqual([403, 'error_auth']);
    const info = await call(
      signed('/api/v2/shop/get_shop_info', { ...auth, accessToken: fresh.body.access_token }),
    );
    expect(info.status).toBe(200);
  });

  it('pushes a buyer message signed for the callback URL, retried with the same bytes; the shop replies', async () => {
    const { sim, shop, signed, call, authorize } = await started();
    const hook = await receiver([500]);
    const config = await call(signed('/api/v2/push/set_app_push_config'), {
      callback_url: hook.url,
      set_push_config_on: [10],
    });
    expect(config.status).toBe(200);
    const sent = await sim.buyerSends({
      shopId: shop.shopId,
      buyer: { username: 'ani.beli' },
      message: { text: 'Ready kak?' },
    });
    await sim.idle();
    expect(hook.got).toHaveLength(2);
    expect(hook.got[0]!.raw).toBe(hook.got[1]!.raw);
    const push = JSON.parse(hook.got[1]!.raw);
    expect(push).toMatchObject({
      code: 10,
      shop_id: shop.shopId,
      data: {
        type: 'message',
        content: {
          message_id: sent.messageId,
          from_id: sent.buyerId,
          message_type: 'text',
          content: { text: 'Ready kak?' },
        },
      },
    });
    expect(hook.got[1]!.headers.authorization).toBe(
      shopeePushSignature(sim.partner.partnerKey, hook.url, hook.got[1]!.raw),
    );

    const { token } = await authorize();
    const auth = { accessToken: token.body.access_token, shopId: shop.shopId };
    const reply = await call(signed('/api/v2/sellerchat/send_message', auth), {
      to_id: sent.buyerId,
      message_type: 'text',
      content: { text: 'Ready kak' },
    });
    expect(reply.body.response).toMatchObject({ to_id: sent.buyerId, conversation_id: sent.conversationId });
    expect(sim.shopMessages(shop.shopId, sent.buyerId)).toMatchObject([{ content: { text: 'Ready kak' } }]);
    const forged = await call(
      signed('/api/v2/sellerchat/send_message', { ...auth, shopId: shop.shopId + 1 }),
      {
        to_id: sent.buyerId,
        message_type: 'text',
        content: { text: 'x' },
      },
    );
    expect(forged.status).toBe(403);
    const long = await call(signed('/api/v2/sellerchat/send_message', auth), {
      to_id: sent.buyerId,
      message_type: 'text',
      content: { text: 'x'.repeat(1001) },
    });
    expect([long.status, long.body.error]).toEqual([400, 'error_param']);
  });
});
