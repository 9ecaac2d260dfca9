import { describe, expect, it } from 'vitest';
import { livechatAccountBody, normaliseLivechatDomain, preChatFormSchema } from './livechat.js';

const valid = {
  name: 'Website',
  domain: 'https://toko.example.com',
  colour: '#14B8A6',
  logoUploadId: '0190f0a0-0000-7000-8000-000000000001',
  personaName: 'Sari',
  onlineTitle: 'Halo',
  onlineMessage: 'Kami online',
  offlineTitle: 'Offline',
  offlineMessage: 'Tinggalkan pesan',
  preChatForm: { fields: [{ label: 'Email', customizedData: 'email' }], consentText: 'Saya setuju' },
};

const problemOf = (input: unknown) => {
  const r = livechatAccountBody.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('001 §5 live chat: domain starts with http:// (or https://) and {host} must exist', () => {
  it.each([
    ['http://toko.example.com', 'http://toko.example.com'],
    ['https://Toko.Example.com/path?x=1', 'https://toko.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['toko.example.com', null],
    ['ftp://toko.example.com', null],
    ['http://', null],
    ['http://toko', null],
    ['https://user:pw@toko.example.com', null],
  ])('%s → %s', (raw, origin) => {
    expect(normaliseLivechatDomain(raw)).toBe(origin);
  });
});

describe('001 §5 / §9 live chat limits', () => {
  it.each([
    [{}, null],
    [{ onlineTitle: 'x'.repeat(30) }, null],
    [{ onlineTitle: 'x'.repeat(31) }, 'livechat.titleMax'],
    [{ offlineTitle: '' }, 'livechat.titleRequired'],
    [{ onlineMessage: 'x'.repeat(80) }, null],
    [{ offlineMessage: 'x'.repeat(81) }, 'livechat.messageMax'],
    [{ domain: 'toko.example.com' }, 'livechat.domainInvalid'],
    [{ domain: '' }, 'livechat.domainRequired'],
    [{ logoUploadId: undefined }, 'livechat.logoRequired'],
    [{ colour: 'teal' }, 'livechat.colourInvalid'],
    [{ personaName: '' }, 'livechat.personaRequired'],
  ])('%o → %s', (patch, key) => {
    expect(problemOf({ ...valid, ...patch })).toBe(key);
  });
});

describe('001 §5 pre-chat form', () => {
  const field = (label: string, customizedData: string) => ({ label, customizedData });
  it.each([
    [[], 'ok', null],
    [[field('A', 'email'), field('B', 'phone'), field('C', 'city')], 'ok', null],
    [
      [field('A', 'email'), field('B', 'phone'), field('C', 'city'), field('D', 'company')],
      'ok',
      'livechat.preChatMax3',
    ],
    [[field('', 'email')], 'ok', 'livechat.labelRequired'],
    [[field('A', '')], 'ok', 'livechat.customizedDataRequired'],
    [[field('A', 'email'), field('B', 'email')], 'ok', 'livechat.customizedDataDuplicate'],
    [[field('A', 'email')], '', 'livechat.consentRequired'],
  ])('fields %o, consent %s → %s', (fields, consentText, key) => {
    const r = preChatFormSchema.safeParse({ fields, consentText });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(key);
  });
});
