import { createHmac } from 'node:crypto';

/**
 * Webhook signatures as the providers compute them, over the raw body bytes
 * (reference/channel-protocols.md §0). The simulators sign with these; connectors verify against them.
 */

/** Meta (WhatsApp Cloud, Messenger, Instagram): `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, body)>`. */
export function metaSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** LINE: `x-line-signature: <base64 HMAC-SHA256(channel secret, body)>`. */
export function lineSignature(channelSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/** Shopify webhooks: `X-Shopify-Hmac-Sha256: <base64 HMAC-SHA256(client secret, body)>`. */
export function shopifySignature(clientSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', clientSecret).update(rawBody).digest('base64');
}

/** Viber: `X-Viber-Content-Signature: <hex HMAC-SHA256(bot auth token, body)>`. */
export function viberSignature(authToken: string, rawBody: Buffer | string): string {
  return createHmac('sha256', authToken).update(rawBody).digest('hex');
}

/**
 * Shopee Open Platform v2 API calls: `sign` = hex HMAC-SHA256(partner key, partner id + path + timestamp
 * [+ access token + shop id]).
 */
export function shopeeApiSignature(
  partnerKey: string,
  input: {
    partnerId: number | string;
    path: string;
    timestamp: number | string;
    accessToken?: string;
    shopId?: number | string;
  },
): string {
  const shop = input.accessToken !== undefined ? `${input.accessToken}${input.shopId ?? ''}` : '';
  return createHmac('sha256', partnerKey)
    .update(`${input.partnerId}${input.path}${input.timestamp}${shop}`)
    .digest('hex');
}

/** Shopee push: `Authorization: <hex HMAC-SHA256(partner key, callback URL + "|" + body)>`. */
export function shopeePushSignature(
  partnerKey: string,
  callbackUrl: string,
  rawBody: Buffer | string,
): string {
  return createHmac('sha256', partnerKey).update(`${callbackUrl}|`).update(rawBody).digest('hex');
}

/** Lazada API calls: `sign` = upper-case hex HMAC-SHA256(app secret, API path + sorted k1v1k2v2… without `sign`). */
export function lazadaApiSignature(
  appSecret: string,
  apiPath: string,
  params: Record<string, string>,
): string {
  const pairs = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHmac('sha256', appSecret)
    .update(apiPath + pairs)
    .digest('hex')
    .toUpperCase();
}

/** Lazada push (LPM): `Authorization: <hex HMAC-SHA256(app secret, app key + body)>`. */
export function lazadaPushSignature(appSecret: string, appKey: string, rawBody: Buffer | string): string {
  return createHmac('sha256', appSecret).update(appKey).update(rawBody).digest('hex');
}
