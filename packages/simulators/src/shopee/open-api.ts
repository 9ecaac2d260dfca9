import type { FastifyReply, FastifyRequest } from 'fastify';
import { shopeeApiSignature } from '../signatures.js';
import type { Shop, SimState } from './state.js';

/**
 * What every Open API call of the simulator checks, as Shopee does: the partner id, a timestamp within five
 * minutes, the `sign` (hex HMAC-SHA256 of partner id + path + timestamp [+ access token + shop id] with the
 * partner key), and for a shop's APIs a live access token of that shop. Errors answer Shopee's envelope
 * `{ error, message, request_id }` with HTTP 403 (sign, token), 400 (parameters) or 429 (rate).
 */

export class ShopeeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const TIMESTAMP_WINDOW_S = 300;

export const requestIdOf = () => Math.random().toString(16).slice(2).padEnd(32, '0');

export type ApiQuery = Record<string, string | undefined>;

const queryOf = (req: FastifyRequest) => (req.query ?? {}) as ApiQuery;

/** Checks a public call (partner only: authorisation link, tokens, push settings); throws a ShopeeApiError. */
export function checkPublicCall(state: SimState, path: string, q: ApiQuery): void {
  if (Number(q.partner_id) !== state.partner.partnerId)
    throw new ShopeeApiError(403, 'error_param', 'Invalid partner_id.');
  const timestamp = Number(q.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TIMESTAMP_WINDOW_S)
    throw new ShopeeApiError(403, 'error_param', 'Invalid timestamp.');
  const expected = shopeeApiSignature(state.partner.partnerKey, {
    partnerId: q.partner_id!,
    path,
    timestamp: q.timestamp!,
    ...(q.access_token !== undefined ? { accessToken: q.access_token, shopId: q.shop_id ?? '' } : {}),
  });
  if (q.sign !== expected) throw new ShopeeApiError(403, 'error_sign', 'Wrong sign.');
}

/** Checks a shop's call (signed with its access token and shop id); answers the shop. */
export function checkShopCall(state: SimState, path: string, q: ApiQuery): Shop {
  if (!q.access_token || !q.shop_id)
    throw new ShopeeApiError(403, 'error_param', 'Missing access_token or shop_id.');
  checkPublicCall(state, path, q);
  const grant = state.accessTokens.get(q.access_token);
  if (!grant || grant.shopId !== Number(q.shop_id) || grant.expiresAt <= Date.now())
    throw new ShopeeApiError(403, 'invalid_acceess_token', 'Invalid access_token.');
  const shop = state.shops.get(grant.shopId);
  if (!shop) throw new ShopeeApiError(403, 'error_auth', 'Shop not found.');
  return shop;
}

/** One shop's calls per second, as a token bucket: over it, `error_rate_limit` (429). */
export function takeRate(shop: Shop, perSecond: number | undefined): void {
  if (!perSecond) return;
  const now = Date.now();
  shop.bucket.tokens = Math.min(perSecond, shop.bucket.tokens + ((now - shop.bucket.at) / 1000) * perSecond);
  shop.bucket.at = now;
  if (shop.bucket.tokens < 1) throw new ShopeeApiError(429, 'error_rate_limit', 'Too many requests.');
  shop.bucket.tokens -= 1;
}

/** Runs a handler, answering a ShopeeApiError in Shopee's envelope. */
export function answering(
  stats: { apiCalls: number; refusedSign: number; throttled: number },
  handler: (req: FastifyRequest, q: ApiQuery) => unknown | Promise<unknown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    stats.apiCalls++;
    try {
      const value = await handler(req, queryOf(req));
      return { error: '', message: '', request_id: requestIdOf(), ...(value as object) };
    } catch (err) {
      if (!(err instanceof ShopeeApiError)) throw err;
      if (err.error === 'error_sign') stats.refusedSign++;
      if (err.error === 'error_rate_limit') stats.throttled++;
      return reply
        .code(err.status)
        .send({ error: err.error, message: err.message, request_id: requestIdOf() });
    }
  };
}

export const bodyOf = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
