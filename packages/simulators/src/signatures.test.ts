import { describe, expect, it } from 'vitest';
import { lineSignature, metaSignature, shopifySignature } from './signatures.js';

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
});
