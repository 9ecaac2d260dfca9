import { describe, expect, it } from 'vitest';
import {
  lazadaApiSign,
  lazadaPushAuthorization,
  lazadaSignBase,
  validLazadaApiSign,
  validLazadaPush,
} from './lazada-sign.js';

// Vectors computed independently with `printf %s '<base>' | openssl dgst -sha256 -hmac '<app secret>'`; the app
// key and secret are the ones of Lazada's own push example (AppKey 123456, AppSecret 3412gyo124goi3124).
const APP_KEY = '123456';
const SECRET = '3412gyo124goi3124';

interface SignCase {
  case: string;
  path: string;
  params: Record<string, string>;
  base: string;
  sign: string;
}

describe('Lazada API sign (path + sorted name/value pairs, upper-case hex)', () => {
  it.each<SignCase>([
    {
      case: 'token call, parameters given out of order',
      path: '/auth/token/create',
      params: {
        timestamp: '1700000000000',
        code: '0_100132_2DL4DV3jcU1UOT7WGI1A4rY91',
        app_key: APP_KEY,
        sign_method: 'sha256',
      },
      base: '/auth/token/createapp_key123456code0_100132_2DL4DV3jcU1UOT7WGI1A4rY91sign_methodsha256timestamp1700000000000',
      sign: '23F0F25FC3B39205F4F471247EBBADA9A23373D924EA41C955F776B561F568A7',
    },
    {
      case: 'IM send with the access token and a text with spaces',
      path: '/im/message/send',
      params: {
        txt: 'Terima kasih kak',
        template_id: '1',
        session_id: '100094063_2_1011822749_1_103',
        access_token: '50000601c30atpedfgu3LVvik87Ixlsvle3mSoB7701ceb156fPunYZ43GBg',
        app_key: APP_KEY,
        sign_method: 'sha256',
        timestamp: '1700000000000',
      },
      base: '/im/message/sendaccess_token50000601c30atpedfgu3LVvik87Ixlsvle3mSoB7701ceb156fPunYZ43GBgapp_key123456session_id100094063_2_1011822749_1_103sign_methodsha256template_id1timestamp1700000000000txtTerima kasih kak',
      sign: '5893B4C685A0213F0C97F310EBDEDE8F728EF325E715F10849CB3BD489A664C7',
    },
  ])('$case', ({ path, params, base, sign }) => {
    expect(lazadaSignBase(path, params)).toBe(base);
    expect(lazadaSignBase(path, { ...params, sign })).toBe(base);
    expect(lazadaApiSign(SECRET, path, params)).toBe(sign);
    expect(validLazadaApiSign(SECRET, path, { ...params, sign })).toBe(true);
    expect(validLazadaApiSign(SECRET, path, { ...params, sign: sign.toLowerCase() })).toBe(false);
    expect(validLazadaApiSign(SECRET, path, { ...params, timestamp: '1700000000001', sign })).toBe(false);
    expect(validLazadaApiSign('another-secret', path, { ...params, sign })).toBe(false);
  });
});

describe('Lazada push Authorization (app key + raw body, lower-case hex)', () => {
  const body =
    '{"seller_id":"1234567","message_type":2,"data":{"session_id":"100094063_2_1011822749_1_103","message_id":"1zYOS7N0cuIqw96026"},"timestamp":1603766859530,"site":"lazada_id"}';
  const AUTH = '82b9fe997cfef1550a6443ae29e51ea34740b9d373b50eee4d76c9352157a2da';

  it('signs and checks an IM push', () => {
    expect(lazadaPushAuthorization(SECRET, APP_KEY, Buffer.from(body))).toBe(AUTH);
    expect(
      validLazadaPush(Buffer.from(body), { appKey: APP_KEY, appSecret: SECRET, authorization: AUTH }),
    ).toBe(true);
    expect(
      validLazadaPush(Buffer.from(body), {
        appKey: APP_KEY,
        appSecret: SECRET,
        authorization: AUTH.toUpperCase(),
      }),
    ).toBe(true);
  });

  it.each([
    { case: 'missing', authorization: undefined, raw: body, appKey: APP_KEY },
    { case: 'empty', authorization: '', raw: body, appKey: APP_KEY },
    { case: 'one byte more', authorization: AUTH, raw: `${body} `, appKey: APP_KEY },
    { case: 'another app key', authorization: AUTH, raw: body, appKey: '654321' },
    { case: 'without the app key', authorization: AUTH, raw: body, appKey: '' },
  ])('refuses $case', ({ authorization, raw, appKey }) => {
    expect(validLazadaPush(Buffer.from(raw), { appKey, appSecret: SECRET, authorization })).toBe(false);
  });
});
