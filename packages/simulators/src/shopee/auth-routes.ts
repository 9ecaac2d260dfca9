import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { answering, bodyOf, checkPublicCall, checkShopCall, ShopeeApiError } from './open-api.js';
import { consentPageHtml } from './pages.js';
import type { SimState } from './state.js';

/**
 * Shop authorisation (open.shopee.com "Authorization and Authentication"): the partner's signed link
 * `GET /api/v2/shop/auth_partner?partner_id&timestamp&sign&redirect` shows the seller's consent page; the
 * seller picks the shop they log in as and confirms; the browser goes to `<redirect>?code=…&shop_id=…`.
 * `POST /api/v2/auth/token/get` trades the code (single use, 10 minutes) for an access token (4 h,
 * `expire_in` in seconds) and a refresh token; `POST /api/v2/auth/access_token/get` trades a refresh token
 * (single use) for a new pair. `GET /api/v2/shop/get_shop_info` names the shop.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    stats: { apiCalls: number; refusedSign: number; throttled: number; refreshed: number };
  },
) {
  const { state, stats } = deps;
  /** Consent pages shown: ticket → the redirect the signed link named (so the confirm cannot redirect elsewhere). */
  const tickets = new Map<string, string>();

  app.get('/api/v2/shop/auth_partner', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    try {
      checkPublicCall(state, '/api/v2/shop/auth_partner', q);
    } catch (err) {
      if (!(err instanceof ShopeeApiError)) throw err;
      stats.refusedSign += err.error === 'error_sign' ? 1 : 0;
      return reply.code(err.status).send({ error: err.error, message: err.message });
    }
    if (!q.redirect || !/^https?:\/\//.test(q.redirect))
      return reply.code(400).send({ error: 'error_param', message: 'Invalid redirect.' });
    const ticket = randomBytes(12).toString('hex');
    tickets.set(ticket, q.redirect);
    const shops = [...state.shops.values()].map((s) => ({
      shopId: s.shopId,
      name: s.name,
      username: s.username,
    }));
    return reply.type('text/html; charset=utf-8').send(consentPageHtml({ ticket, shops }));
  });

  // Like Seller Centre's sign-up: a person makes a shop for the demo (its username and name) to connect.
  app.post('/console/shops', async (req, reply) => {
    const b = bodyOf(req);
    const username = typeof b.username === 'string' ? b.username.trim().toLowerCase() : '';
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    if (!/^[a-z0-9._]{3,30}$/.test(username) || !name)
      return reply.code(400).send({ error: 'Give the shop a name and a username like tokoku.' });
    if ([...state.shops.values()].some((s) => s.username === username))
      return reply.code(409).send({ error: 'This username is already taken.' });
    const shop = state.addShop({ username, name });
    return { shopId: shop.shopId, username: shop.username, name: shop.name };
  });

  app.get('/api/v2/shop/auth_partner/confirm', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    const redirect = tickets.get(q.ticket ?? '');
    const shop = state.shops.get(Number(q.shop_id));
    if (!redirect || !shop)
      return reply.code(400).send({ error: 'error_param', message: 'Invalid consent.' });
    tickets.delete(q.ticket!);
    const url = new URL(redirect);
    url.searchParams.set('code', state.newCode(shop.shopId));
    url.searchParams.set('shop_id', String(shop.shopId));
    return reply.redirect(url.toString(), 302);
  });

  app.post(
    '/api/v2/auth/token/get',
    answering(stats, (req, q) => {
      checkPublicCall(state, '/api/v2/auth/token/get', q);
      const b = bodyOf(req);
      const grant = state.codes.get(String(b.code ?? ''));
      if (!grant || grant.used || grant.expiresAt <= Date.now() || grant.shopId !== Number(b.shop_id))
        throw new ShopeeApiError(403, 'error_auth', 'Invalid code.');
      grant.used = true;
      return { ...state.issueTokens(grant.shopId), shop_id_list: [grant.shopId] };
    }),
  );

  app.post(
    '/api/v2/auth/access_token/get',
    answering(stats, (req, q) => {
      checkPublicCall(state, '/api/v2/auth/access_token/get', q);
      const b = bodyOf(req);
      const token = String(b.refresh_token ?? '');
      const grant = state.refreshTokens.get(token);
      if (!grant || grant.expiresAt <= Date.now() || grant.shopId !== Number(b.shop_id))
        throw new ShopeeApiError(403, 'error_auth', 'Invalid refresh_token.');
      state.refreshTokens.delete(token);
      stats.refreshed++;
      return {
        ...state.issueTokens(grant.shopId),
        partner_id: state.partner.partnerId,
        shop_id: grant.shopId,
      };
    }),
  );

  app.get(
    '/api/v2/shop/get_shop_info',
    answering(stats, (_req, q) => {
      const shop = checkShopCall(state, '/api/v2/shop/get_shop_info', q);
      const now = Math.floor(Date.now() / 1000);
      return {
        shop_name: shop.name,
        region: 'ID',
        status: 'NORMAL',
        is_cb: false,
        auth_time: now,
        expire_time: now + 365 * 86_400,
      };
    }),
  );
}
