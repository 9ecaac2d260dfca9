import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Shopify's wire rules (reference/channel-protocols.md §5; shopify.dev authorization-code grant and webhook
 * verification): the webhook signature, the OAuth query `hmac`, the `state` Sapa hands to the authorize page,
 * and JSON with 64-bit ids kept exact.
 */

const equalInConstantTime = (a: Buffer, b: Buffer) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body with the app's secret, compared in constant time. */
export function verifyWebhookHmac(secret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && equalInConstantTime(given, expected);
}

/** The OAuth redirect's `hmac`: hex HMAC-SHA256 of the other parameters sorted and joined `k=v&k=v`. */
export function verifyQueryHmac(secret: string, query: Record<string, string>): boolean {
  const given = query.hmac;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  const expected = createHmac('sha256', secret).update(message).digest();
  return equalInConstantTime(Buffer.from(given.toLowerCase(), 'hex'), expected);
}

/** A shop's domain as Shopify's OAuth allows it: `<handle>.myshopify.com` and nothing else. */
export const MYSHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export interface OAuthState {
  /** `connect`: a signed-in business connects its store; `signUp`: a merchant installing from Shopify, no account yet. */
  purpose: 'connect' | 'signUp';
  /** Empty for a sign-up (no business yet). */
  clientId: string;
  userId: string;
  shop: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const stateKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('sapa-shopify-state').digest();

/**
 * The `state` of the authorize redirect: who started the connection, for which shop, until when, and a nonce,
 * signed with a key derived from the server secret. The callback (a browser redirect without Sapa's token)
 * trusts only what this signature covers.
 */
export function signState(serverSecret: string, state: OAuthState): string {
  const payload = Buffer.from(
    JSON.stringify({ ...state, n: randomBytes(12).toString('base64url') }),
  ).toString('base64url');
  const sig = createHmac('sha256', stateKey(serverSecret)).update(payload).digest('base64url');
  return `${payload}.${sig}`;
}

export function readState(serverSecret: string, state: string, nowSeconds: number): OAuthState | null {
  const [payload, sig] = state.split('.');
  if (!payload || !sig) return null;
  const expected = createHmac('sha256', stateKey(serverSecret)).update(payload).digest();
  if (!equalInConstantTime(Buffer.from(sig, 'base64url'), expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthState;
    if (typeof value.expiresAt !== 'number' || value.expiresAt < nowSeconds) return null;
    if (
      typeof value.shop !== 'string' ||
      typeof value.clientId !== 'string' ||
      typeof value.userId !== 'string'
    )
      return null;
    if (value.purpose === 'signUp') return value.clientId || value.userId ? null : value;
    if (value.purpose !== 'connect' || !value.clientId || !value.userId) return null;
    return value;
  } catch {
    return null;
  }
}

/** How old (or how far ahead, for clock skew) an install request's `timestamp` may be, in seconds. */
export const INSTALL_REQUEST_MAX_AGE_SECONDS = 300;
export const INSTALL_REQUEST_MAX_SKEW_SECONDS = 60;

/**
 * Shopify opening the App URL for a merchant installing the app (shopify.dev authorization-code grant, step 1):
 * the `hmac` over the other parameters, a fresh `timestamp` (a replayed link is refused) and a myshopify.com
 * `shop`. Answers the shop's domain, or null.
 */
export function verifyInstallRequest(
  secret: string,
  query: Record<string, string>,
  nowSeconds: number,
): string | null {
  if (!verifyQueryHmac(secret, query)) return null;
  const timestamp = /^\d{1,12}$/.test(query.timestamp ?? '') ? Number(query.timestamp) : Number.NaN;
  if (!(nowSeconds - timestamp <= INSTALL_REQUEST_MAX_AGE_SECONDS)) return null;
  if (timestamp - nowSeconds > INSTALL_REQUEST_MAX_SKEW_SECONDS) return null;
  const shop = (query.shop ?? '').toLowerCase();
  return MYSHOPIFY_DOMAIN.test(shop) ? shop : null;
}

/**
 * JSON from Shopify with every integer of 16 digits or more kept as a string: order, customer and shop ids are
 * 64-bit and `JSON.parse` would round them. Integers inside strings are left alone (the scan skips strings).
 */
export function parseShopifyJson(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const number = text.slice(i, j);
      out += /^-?\d{16,}$/.test(number) ? `"${number}"` : number;
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out);
}
