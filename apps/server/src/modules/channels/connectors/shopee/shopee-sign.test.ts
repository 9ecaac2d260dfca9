import { describe, expect, it } from 'vitest';
import {
  shopeeApiSign,
  shopeePushAuthorization,
  shopeeSignBase,
  validShopeeApiSign,
  validShopeePush,
} from './shopee-sign.js';

// Vectors computed independently with `printf %s '<base>' | openssl dgst -sha256 -hmac '<partner key>'`.
const KEY = 'abc123partnerkey';
const CALLBACK = 'https://sapa.example/webhooks/shopee';

describe('Shopee API sign (partner id + path + timestamp [+ access token + shop id])', () => {
  it.each([
    {
      case: 'authorisation link (public)',
      input: { partnerId: 2001887, path: '/api/v2/shop/auth_partner', timestamp: 1655714431 },
      base: '2001887/api/v2/shop/auth_partner1655714431',
      sign: 'c31700f3dce3eba200bed83bbf18387785c9c80c06fef69c2a5fab18a188dd50',
    },
    {
      case: 'token call (public)',
      input: { partnerId: '2001887', path: '/api/v2/auth/token/get', timestamp: 1655714431 },
      base: '2001887/api/v2/auth/token/get1655714431',
      sign: '7beb10df8555052ea83a4e27c2e2ef92daeb839154eade52092d00ac8b932cfa',
    },
    {
      case: 'shop API (with token and shop id)',
      input: {
        partnerId: 2001887,
        path: '/api/v2/sellerchat/send_message',
        timestamp: 1655714431,
        shop: { accessToken: 'token-xyz', shopId: 99887766 },
      },
      base: '2001887/api/v2/sellerchat/send_message1655714431token-xyz99887766',
      sign: '2b5a662d3dd720c27757a20f96155b4afc88e922633a05274aa50cf59b23d580',
    },
  ])('$case', ({ input, base, sign }) => {
    expect(shopeeSignBase(input)).toBe(base);
    expect(shopeeApiSign(KEY, input)).toBe(sign);
    expect(validShopeeApiSign(KEY, input, sign)).toBe(true);
    expect(validShopeeApiSign(KEY, input, sign.toUpperCase())).toBe(true);
    expect(validShopeeApiSign(KEY, { ...input, timestamp: input.timestamp + 1 }, sign)).toBe(false);
    expect(validShopeeApiSign('another-key', input, sign)).toBe(false);
  });
});

describe('Shopee push Authorization (callback URL | raw body)', () => {
  const body = '{"data":{"type":"message"},"shop_id":99887766,"code":10,"timestamp":1655714431}';
  const emoji = Buffer.from('{"text":"Halo kak 🙏"}', 'utf8');
  it.each([
    {
      case: 'a webchat push',
      raw: Buffer.from(body),
      auth: 'c122c68437cb75046b67e0a61010cb472b3ecd41b078568dc455ba395777586e',
    },
    {
      case: 'non-ASCII bytes, signed as sent',
      raw: emoji,
      auth: '4dc57e1f832ab9ffa1c169a2bb763811cf34a2ad6754ce6946f73075f607ed15',
    },
  ])('$case', ({ raw, auth }) => {
    expect(shopeePushAuthorization(KEY, CALLBACK, raw)).toBe(auth);
    expect(validShopeePush(raw, { partnerKey: KEY, callbackUrl: CALLBACK, authorization: auth })).toBe(true);
  });

  it.each([
    { case: 'missing header', authorization: undefined, raw: Buffer.from(body), url: CALLBACK },
    { case: 'empty header', authorization: '', raw: Buffer.from(body), url: CALLBACK },
    {
      case: 'one byte more',
      authorization: 'c122c68437cb75046b67e0a61010cb472b3ecd41b078568dc455ba395777586e',
      raw: Buffer.from(`${body} `),
      url: CALLBACK,
    },
    {
      case: 'another callback URL',
      authorization: 'c122c68437cb75046b67e0a61010cb472b3ecd41b078568dc455ba395777586e',
      raw: Buffer.from(body),
      url: `${CALLBACK}/x`,
    },
    { case: 'a base64 value', authorization: 'wSLGhDfLdQRsp+Bg', raw: Buffer.from(body), url: CALLBACK },
  ])('refuses $case', ({ authorization, raw, url }) => {
    expect(validShopeePush(raw, { partnerKey: KEY, callbackUrl: url, authorization })).toBe(false);
  });

  it('refuses everything without a partner key', () => {
    const raw = Buffer.from(body);
    const authorization = shopeePushAuthorization('', CALLBACK, raw);
    expect(validShopeePush(raw, { partnerKey: '', callbackUrl: CALLBACK, authorization })).toBe(false);
  });
});
