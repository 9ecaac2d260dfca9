import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Lazada Open Platform signatures (reference/channel-protocols.md §7; open.lazada.com "Signature algorithm",
 * "Lazada Push Mechanism"):
 * - an API call's `sign`: the API path followed by every other parameter sorted by name, each as name then
 *   value (`sign` itself left out), HMAC-SHA256 with the app secret, upper-case hex;
 * - a push's `Authorization`: HMAC-SHA256 with the app secret over the app key followed by the raw body,
 *   lower-case hex.
 */

/** The text an API call's `sign` is computed over: path + k1v1k2v2… (sorted by name, `sign` left out). */
export function lazadaSignBase(apiPath: string, params: Readonly<Record<string, string>>): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort();
  return apiPath + names.map((name) => `${name}${params[name]}`).join('');
}

/** An API call's `sign`: upper-case hex HMAC-SHA256(app secret, path + sorted name/value pairs). */
export function lazadaApiSign(
  appSecret: string,
  apiPath: string,
  params: Readonly<Record<string, string>>,
): string {
  return createHmac('sha256', appSecret).update(lazadaSignBase(apiPath, params)).digest('hex').toUpperCase();
}

/** A push's `Authorization`: lower-case hex HMAC-SHA256(app secret, app key + raw body bytes). */
export function lazadaPushAuthorization(appSecret: string, appKey: string, rawBody: Buffer): string {
  return createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey), rawBody]))
    .digest('hex');
}

const sameText = (given: unknown, expected: string) => {
  if (typeof given !== 'string' || given === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A push carries the `Authorization` of its raw bytes (hex, either case); missing or wrong: false. */
export function validLazadaPush(
  rawBody: Buffer,
  input: { appKey: string; appSecret: string; authorization: unknown },
): boolean {
  if (input.appSecret === '' || input.appKey === '') return false;
  const given =
    typeof input.authorization === 'string' ? input.authorization.toLowerCase() : input.authorization;
  return sameText(given, lazadaPushAuthorization(input.appSecret, input.appKey, rawBody));
}

/** An API call's `sign` is the one its parameters give (the simulator's check, and Sapa's tests). */
export function validLazadaApiSign(
  appSecret: string,
  apiPath: string,
  params: Readonly<Record<string, string>>,
): boolean {
  return sameText(params.sign, lazadaApiSign(appSecret, apiPath, params));
}
