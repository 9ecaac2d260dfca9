import type { ShopeePartnerConfig } from '../../../../platform/config.js';
import { postJson } from '../../../../platform/http/outbound-json.js';
import { shopeeApiSign } from './shopee-sign.js';

/**
 * The plain Shopee Open Platform v2 client (reference/channel-protocols.md §7): every call carries
 * `partner_id`, `timestamp` and `sign` in its query, a shop's call also `access_token` and `shop_id`; answers
 * are JSON with `error` ("" when fine), `message` and `request_id`. Tokens never go in an error or a log line.
 */

const TIMEOUT_MS = 15_000;

/** Shopee's error for an access token it no longer takes (its own spelling), and the plain one. */
const INVALID_TOKEN_ERRORS = new Set(['invalid_acceess_token', 'invalid_access_token']);

export type ShopeeResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Worth another try (network, 5xx, 429). */
      retryable: boolean;
      /** The access token is expired or revoked: refresh it and try once more. */
      invalidToken: boolean;
      /** The HTTP status; null without an answer. */
      status: number | null;
      /** Shopee's `error` and `message` ("error_sign — Wrong sign."). */
      description: string;
    };

interface ShopeeAnswer {
  error?: string;
  message?: string;
}

/** A Shopee answer classified: `error` "" and a 2xx are fine; 429, 5xx and `error_rate_limit` are retryable. */
export function shopeeResultOf<T>(status: number, text: string): ShopeeResult<T> {
  let answer: (ShopeeAnswer & T) | null = null;
  try {
    answer = text ? (JSON.parse(text) as ShopeeAnswer & T) : null;
  } catch {
    answer = null;
  }
  const error = answer?.error ?? '';
  if (status >= 200 && status < 300 && answer && error === '') return { ok: true, value: answer };
  const rate = status === 429 || error === 'error_rate_limit';
  return {
    ok: false,
    retryable: rate || status >= 500 || status === 0,
    invalidToken: INVALID_TOKEN_ERRORS.has(error),
    status,
    description: [error || `HTTP ${status}`, answer?.message].filter(Boolean).join(' — '),
  };
}

export interface ShopAuth {
  accessToken: string;
  shopId: number;
}

/** The query of a call: partner id, timestamp, sign (and the shop's token and id for a shop's call). */
export function signedQuery(partner: ShopeePartnerConfig, path: string, shop?: ShopAuth): URLSearchParams {
  const timestamp = Math.floor(Date.now() / 1000);
  return new URLSearchParams({
    partner_id: String(partner.partnerId),
    timestamp: String(timestamp),
    sign: shopeeApiSign(partner.partnerKey, {
      partnerId: partner.partnerId,
      path,
      timestamp,
      ...(shop ? { shop } : {}),
    }),
    ...(shop ? { access_token: shop.accessToken, shop_id: String(shop.shopId) } : {}),
  });
}

/** Calls `<api host><path>` signed (POST with a JSON or multipart body, or GET). */
export async function callShopee<T>(
  partner: ShopeePartnerConfig,
  input: { path: string; shop?: ShopAuth; body?: unknown; form?: FormData; query?: Record<string, string> },
): Promise<ShopeeResult<T>> {
  const query = signedQuery(partner, input.path, input.shop);
  for (const [k, v] of Object.entries(input.query ?? {})) query.set(k, v);
  const url = `${partner.apiBaseUrl}${input.path}?${query}`;
  try {
    if (input.form) {
      const res = await fetch(url, {
        method: 'POST',
        body: input.form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return shopeeResultOf<T>(res.status, await res.text());
    }
    if (input.body !== undefined) {
      const res = await postJson(url, input.body, {}, TIMEOUT_MS);
      return shopeeResultOf<T>(res.status, res.text);
    }
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return shopeeResultOf<T>(res.status, await res.text());
  } catch (err) {
    const timeout = err instanceof Error && /timeout|aborted/i.test(err.message);
    return {
      ok: false,
      retryable: true,
      invalidToken: false,
      status: null,
      description: timeout ? 'timeout' : 'network error',
    };
  }
}

/** The seller's consent page for Sapa's partner app, coming back to `redirect` with `code` and `shop_id`. */
export function shopeeAuthorizeUrl(partner: ShopeePartnerConfig, redirect: string): string {
  const path = '/api/v2/shop/auth_partner';
  const query = signedQuery(partner, path);
  query.set('redirect', redirect);
  return `${partner.apiBaseUrl}${path}?${query}`;
}

/** What the token calls answer. */
export interface ShopeeTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds the access token serves (14,400). */
  expire_in: number;
}
