import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopee Open Platform v2 signatures (reference/channel-protocols.md §0, §7; open.shopee.com "API calls",
 * "Push mechanism"). Both are lower-case hex HMAC-SHA256 with the partner key:
 * - every API call carries `sign` over `partner_id + path + timestamp`, followed by `access_token + shop_id`
 *   for a shop's APIs (public calls such as the authorisation link and the token calls sign without them);
 * - every push carries `Authorization` over `<callback URL>|<raw body>`.
 */

export interface ShopeeSignInput {
  partnerId: number | string;
  /** The API path without host or query (`/api/v2/auth/token/get`). */
  path: string;
  /** Unix seconds (the same value sent as `timestamp`). */
  timestamp: number;
  /** A shop's API: its access token and shop id; absent for the public calls. */
  shop?: { accessToken: string; shopId: number | string };
}

/** The text an API call's `sign` is computed over. */
export function shopeeSignBase(input: ShopeeSignInput): string {
  const shop = input.shop ? `${input.shop.accessToken}${input.shop.shopId}` : '';
  return `${input.partnerId}${input.path}${input.timestamp}${shop}`;
}

/** An API call's `sign`: hex HMAC-SHA256(partner key, partner id + path + timestamp [+ access token + shop id]). */
export function shopeeApiSign(partnerKey: string, input: ShopeeSignInput): string {
  return createHmac('sha256', partnerKey).update(shopeeSignBase(input)).digest('hex');
}

/** A push's `Authorization`: hex HMAC-SHA256(partner key, callback URL + "|" + raw body bytes). */
export function shopeePushAuthorization(partnerKey: string, callbackUrl: string, rawBody: Buffer): string {
  return createHmac('sha256', partnerKey)
    .update(Buffer.concat([Buffer.from(`${callbackUrl}|`), rawBody]))
    .digest('hex');
}

/** Constant-time comparison of two hex signatures; anything missing or of another length: false. */
function sameHex(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A push carries the `Authorization` of its raw bytes at this callback URL; missing or wrong: false. */
export function validShopeePush(
  rawBody: Buffer,
  input: { partnerKey: string; callbackUrl: string; authorization: unknown },
): boolean {
  if (input.partnerKey === '') return false;
  return sameHex(input.authorization, shopeePushAuthorization(input.partnerKey, input.callbackUrl, rawBody));
}

/** An API call's `sign` is the one its parameters give (the simulator's check, and Sapa's tests). */
export function validShopeeApiSign(partnerKey: string, input: ShopeeSignInput, sign: unknown): boolean {
  return sameHex(sign, shopeeApiSign(partnerKey, input));
}
