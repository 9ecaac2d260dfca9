import { describe, expect, it } from 'vitest';
import {
  lazadaApiSignature,
  lazadaPushSignature,
  lineSignature,
  metaSignature,
  shopeeApiSignature,
  shopeePushSignature,
  shopifySignature,
} from './signatures.js';

// Known vectors: HMAC-SHA256 of "The quick brown fox jumps over the lazy dog" with key "key" (RFC 4231 style
// test string used by Wikipedia's HMAC article).
const BODY = 'The quick brown fox jumps over the lazy dog';
const HEX = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';

describe('provider webhook signatures', () => {
  it('signs Meta webhooks as sha256=<hex> over the raw bytes', () => {
    expect(metaSignature('key', BODY)).toBe(`sha256=${HEX}`);
    expect(metaSignature('key', Buffer.from(BODY))).toBe(`sha256=${HEX}`);
  });

  it('signs LINE and Shopify webhooks as base64 of the same HMAC', () => {
    const b64 = Buffer.from(HEX, 'hex').toString('base64');
    expect(lineSignature('key', BODY)).toBe(b64);
    expect(shopifySignature('key', BODY)).toBe(b64);
  });

  it('changes with a single byte of the body (no re-serialisation tolerance)', () => {
    expect(metaSignature('key', `${BODY} `)).not.toBe(`sha256=${HEX}`);
  });

  it('signs Shopee API calls and pushes as hex (vectors from openssl dgst -hmac)', () => {
    const key = 'abc123partnerkey';
    expect(
      shopeeApiSignature(key, {
        partnerId: 2001887,
        path: '/api/v2/sellerchat/send_message',
        timestamp: 1655714431,
        accessToken: 'token-xyz',
        shopId: 99887766,
      }),
    ).toBe('2b5a662d3dd720c27757a20f96155b4afc88e922633a05274aa50cf59b23d580');
    expect(
      shopeeApiSignature(key, { partnerId: 2001887, path: '/api/v2/auth/token/get', timestamp: 1655714431 }),
    ).toBe('7beb10df8555052ea83a4e27c2e2ef92daeb839154eade52092d00ac8b932cfa');
    const push = '{"data":{"type":"message"},"shop_id":99887766,"code":10,"timestamp":1655714431}';
    expect(shopeePushSignature(key, 'https://sapa.example/webhooks/shopee', push)).toBe(
      'c122c68437cb75046b67e0a61010cb472b3ecd41b078568dc455ba395777586e',
    );
  });

  it('signs Lazada API calls (upper-case hex) and pushes (lower-case hex), vectors from openssl dgst -hmac', () => {
    const secret = '3412gyo124goi3124';
    expect(
      lazadaApiSignature(secret, '/auth/token/create', {
        timestamp: '1700000000000',
        code: '0_100132_2DL4DV3jcU1UOT7WGI1A4rY91',
        app_key: '123456',
        sign_method: 'sha256',
      }),
    ).toBe('23F0F25FC3B39205F4F471247EBBADA9A23373D924EA41C955F776B561F568A7');
    const push =
      '{"seller_id":"1234567","message_type":2,"data":{"session_id":"100094063_2_1011822749_1_103","message_id":"1zYOS7N0cuIqw96026"},"timestamp":1603766859530,"site":"lazada_id"}';
    expect(lazadaPushSignature(secret, '123456', push)).toBe(
      '82b9fe997cfef1550a6443ae29e51ea34740b9d373b50eee4d76c9352157a2da',
    );
  });
});
