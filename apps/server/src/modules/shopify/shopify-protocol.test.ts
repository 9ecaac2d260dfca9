import { createHmac } from 'node:crypto';
import { shopDomainFromAdminUrl } from '@sapa/contracts';
import { shopifyQueryHmac, shopifySignature } from '@sapa/simulators';
import { describe, expect, it } from 'vitest';
import {
  parseShopifyJson,
  readState,
  signState,
  verifyInstallRequest,
  verifyQueryHmac,
  verifyWebhookHmac,
} from './shopify-protocol.js';
import { orderMessageId, orderPhoneOf } from './shopify-webhooks.js';

const SECRET = 'shpss_unit_secret';

describe('Shopify webhook signature (X-Shopify-Hmac-Sha256, base64 over the raw bytes)', () => {
  const raw = Buffer.from('{"id":820982911946154508,"name":"#9999"}');
  it('accepts the simulator’s signature of the very bytes', () => {
    expect(verifyWebhookHmac(SECRET, raw, shopifySignature(SECRET, raw))).toBe(true);
  });
  it.each([
    ['another secret', shopifySignature('other', raw)],
    ['a re-serialised body', shopifySignature(SECRET, JSON.stringify(JSON.parse(raw.toString())))],
    ['hex instead of base64', createHmac('sha256', SECRET).update(raw).digest('hex')],
    ['empty', ''],
    ['missing', undefined],
  ])('refuses %s', (_name, header) => {
    expect(verifyWebhookHmac(SECRET, raw, header)).toBe(false);
  });
});

describe('OAuth redirect hmac (hex over the sorted other parameters)', () => {
  const params = {
    code: 'abc',
    host: 'aG9zdA',
    shop: 'toko.myshopify.com',
    state: 's.t',
    timestamp: '1700000000',
  };
  it('accepts what Shopify signs', () => {
    expect(verifyQueryHmac(SECRET, { ...params, hmac: shopifyQueryHmac(SECRET, params) })).toBe(true);
  });
  it('refuses a changed parameter or a missing hmac', () => {
    const hmac = shopifyQueryHmac(SECRET, params);
    expect(verifyQueryHmac(SECRET, { ...params, shop: 'lain.myshopify.com', hmac })).toBe(false);
    expect(verifyQueryHmac(SECRET, params)).toBe(false);
  });
});

describe('state', () => {
  const state = {
    purpose: 'connect' as const,
    clientId: 'c',
    userId: 'u',
    shop: 'toko.myshopify.com',
    expiresAt: 2_000,
  };
  it('reads back what it signed until it expires', () => {
    const signed = signState('server-secret', state);
    expect(readState('server-secret', signed, 1_000)).toEqual(expect.objectContaining(state));
    expect(readState('server-secret', signed, 2_001)).toBeNull();
    expect(readState('another-secret', signed, 1_000)).toBeNull();
  });
  it('refuses a state whose payload was changed', () => {
    const [, sig] = signState('server-secret', state).split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, clientId: 'x' })).toString('base64url');
    expect(readState('server-secret', `${forged}.${sig}`, 1_000)).toBeNull();
  });
});

describe('state purposes: a connect names its business and user, a sign-up names none', () => {
  const shop = 'toko.myshopify.com';
  it.each([
    ['connect with its business', { purpose: 'connect', clientId: 'c', userId: 'u' }, true],
    ['sign-up without a business', { purpose: 'signUp', clientId: '', userId: '' }, true],
    ['connect without a business', { purpose: 'connect', clientId: '', userId: '' }, false],
    ['sign-up naming a business', { purpose: 'signUp', clientId: 'c', userId: 'u' }, false],
    ['no purpose (a state of before)', { clientId: 'c', userId: 'u' }, false],
    ['another purpose', { purpose: 'admin', clientId: 'c', userId: 'u' }, false],
  ])('%s → %s', (_name, fields, accepted) => {
    const signed = signState('server-secret', { ...fields, shop, expiresAt: 2_000 } as never);
    expect(readState('server-secret', signed, 1_000) !== null).toBe(accepted);
  });
});

describe('install request (the App URL Shopify opens: hmac, timestamp, shop)', () => {
  const NOW = 1_800_000_000;
  const signed = (params: Record<string, string>) => ({
    ...params,
    hmac: shopifyQueryHmac(SECRET, params),
  });
  const base = { host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvdG9rbw', shop: 'toko.myshopify.com' };
  it.each([
    ['signed now', signed({ ...base, timestamp: String(NOW) }), 'toko.myshopify.com'],
    ['signed 300 s ago', signed({ ...base, timestamp: String(NOW - 300) }), 'toko.myshopify.com'],
    ['signed 301 s ago (stale)', signed({ ...base, timestamp: String(NOW - 301) }), null],
    ['60 s ahead (clock skew)', signed({ ...base, timestamp: String(NOW + 60) }), 'toko.myshopify.com'],
    ['61 s ahead', signed({ ...base, timestamp: String(NOW + 61) }), null],
    ['no timestamp', signed({ ...base }), null],
    ['a timestamp that is no number', signed({ ...base, timestamp: '17e8' }), null],
    [
      'upper-case shop',
      signed({ ...base, shop: 'TOKO.myshopify.com', timestamp: String(NOW) }),
      'toko.myshopify.com',
    ],
    ['not a myshopify.com shop', signed({ ...base, shop: 'toko.example.com', timestamp: String(NOW) }), null],
    [
      'another shop than signed',
      { ...signed({ ...base, timestamp: String(NOW) }), shop: 'lain.myshopify.com' },
      null,
    ],
    [
      'signed with another secret',
      {
        ...base,
        timestamp: String(NOW),
        hmac: shopifyQueryHmac('other', { ...base, timestamp: String(NOW) }),
      },
      null,
    ],
    ['no hmac', { ...base, timestamp: String(NOW) }, null],
  ])('%s → %s', (_name, query, shop) => {
    expect(verifyInstallRequest(SECRET, query as Record<string, string>, NOW)).toBe(shop);
  });
});

describe('admin URL → shop domain (000 §2 connect dialog)', () => {
  it.each([
    ['https://admin.shopify.com/store/toko-uji', 'toko-uji.myshopify.com'],
    ['admin.shopify.com/store/toko-uji/orders', 'toko-uji.myshopify.com'],
    ['https://Toko-Uji.myshopify.com/admin', 'toko-uji.myshopify.com'],
    ['toko-uji.myshopify.com', 'toko-uji.myshopify.com'],
    ['toko-uji', 'toko-uji.myshopify.com'],
  ])('%s → %s', (input, shop) => {
    expect(shopDomainFromAdminUrl(input)).toBe(shop);
  });
  it.each([
    '',
    'https://evil.example.com',
    'toko.myshopify.com.evil.test',
    'ftp://toko.myshopify.com',
    'a b',
  ])('refuses %j', (input) => {
    expect(shopDomainFromAdminUrl(input)).toBeNull();
  });
});

describe('order data', () => {
  it('keeps 64-bit ids exact and leaves digits inside strings alone', () => {
    const parsed = parseShopifyJson(
      '{"id":820982911946154508,"n":12,"s":"x 1234567890123456789","a":[299938123456789012]}',
    );
    expect(parsed).toEqual({
      id: '820982911946154508',
      n: 12,
      s: 'x 1234567890123456789',
      a: ['299938123456789012'],
    });
  });
  it('takes the first phone that is a WhatsApp number', () => {
    expect(orderPhoneOf({ phone: null, customer: { phone: '0812-3456-7890' } })).toBe('6281234567890');
    expect(orderPhoneOf({ phone: 'n/a', shipping_address: { phone: '+62 812 1111 2222' } })).toBe(
      '6281211112222',
    );
    expect(orderPhoneOf({})).toBeNull();
  });
  it('gives one message id per order event', () => {
    const a = orderMessageId('c', 's', '1', 'order_paid');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(orderMessageId('c', 's', '1', 'order_paid')).toBe(a);
    expect(orderMessageId('c', 's', '1', 'order_created')).not.toBe(a);
  });
});
