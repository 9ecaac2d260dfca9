import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../../test/fixtures.js';
import {
  accountBody,
  admin,
  agent,
  create,
  DOMAIN,
  otherOwner,
  owner,
  server,
  uploadLogo,
  useLivechatServer,
} from '../../../../../test/servers/livechat.js';
import { makePng } from '../../../demo/demo-livechat.js';

useLivechatServer();

describe('live-chat accounts', () => {
  let accountId: string;

  it('creates an account (owner), with its snippet; the domain is stored as an origin', async () => {
    const res = await create(owner, await accountBody(owner, { domain: `${DOMAIN}/path` }));
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json();
    accountId = account.id;
    expect(account).toMatchObject({
      channel: 'LVC',
      address: DOMAIN,
      domain: DOMAIN,
      colour: '#14B8A6',
      status: 'connected',
      embedded: false,
    });
    expect(account.snippet).toContain(`data-account="${account.id}"`);
    expect(account.snippet).toContain('/widget/sapa-widget.js');
  });

  it("refuses a domain whose host does not exist in DNS (001 §8 'domain not found'); localhost and IPs need no lookup", async () => {
    const asked = server.dns.asked.length;
    const missing = await create(owner, await accountBody(owner, { domain: 'https://tidak-ada.invalid' }));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'livechat.domainNotFound',
      message: 'Live chat domain not found',
      fields: { domain: 'Live chat domain not found' },
    });
    // The real resolver asked the test's DNS server.
    expect(server.dns.asked.slice(asked)).toContain('tidak-ada.invalid');
    for (const domain of ['http://localhost:8080', 'http://127.0.0.1:3000']) {
      const res = await create(
        owner,
        await accountBody(owner, { domain, name: `Lokal ${domain.slice(-4)}` }),
      );
      expect(res.statusCode, `${domain} ${res.body}`).toBe(200);
      expect(res.json().domain).toBe(domain);
    }
    expect(server.dns.asked.slice(asked)).not.toContain('localhost');
  });

  it('refuses a duplicated domain (409, spec message) and an invalid one (400)', async () => {
    const dup = await create(admin, await accountBody(admin));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'livechat.domainDuplicate',
      message: 'This domain is already used by another live chat',
    });
    const bad = await create(admin, await accountBody(admin, { domain: 'toko.example.com' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.domain).toBe(
      'Domain is invalid: it starts with http:// or https:// followed by the host',
    );
  });

  it.each([
    ['onlineTitle', 'x'.repeat(31), 'Max 30 Characters'],
    ['offlineMessage', 'x'.repeat(81), 'Max 80 Characters'],
    ['preChatForm', { fields: [], consentText: '' }, 'Consent text is required'],
    [
      'preChatForm',
      {
        fields: [
          { label: 'A', customizedData: 'email' },
          { label: 'B', customizedData: 'email' },
        ],
        consentText: 'ok',
      },
      'The same customized data cannot be picked twice',
    ],
    [
      'preChatForm',
      {
        fields: [
          { label: 'A', customizedData: 'email' },
          { label: 'B', customizedData: 'phone' },
          { label: 'C', customizedData: 'city' },
          { label: 'D', customizedData: 'company' },
        ],
        consentText: 'ok',
      },
      'At most 3 extra components',
    ],
  ])('validates %s with the spec message', async (field, value, message) => {
    const res = await create(owner, await accountBody(owner, { [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().fields ?? {})).toContain(message);
  });

  it('checks the logo: type, 5 MB and 320x320 px', async () => {
    const big = await uploadLogo(owner, makePng(321, [1, 2, 3]));
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('livechat.logoDimension');
    const gif = await uploadLogo(owner, Buffer.from('GIF89a........'), 'image/gif');
    expect(gif.json().code).toBe('livechat.logoType');
    const huge = await uploadLogo(
      owner,
      Buffer.concat([makePng(10, [1, 2, 3]), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(huge.json().code).toBe('livechat.logoSize');
    const missing = await create(owner, { ...(await accountBody(owner)), logoUploadId: undefined }, 'id');
    expect(missing.json().fields.logoUploadId).toBe('Logo wajib diunggah');
  });

  it('only the owner and admins manage live chat; another business gets 404', async () => {
    const byAgent = await create(agent, await accountBody(owner, { domain: 'https://x.example.com' }));
    expect(byAgent.statusCode).toBe(403);
    const get = await server.app.inject({
      method: 'GET',
      url: `/api/livechat/accounts/${accountId}`,
      headers: bearer(otherOwner),
    });
    expect(get.statusCode).toBe(404);
    const edit = await server.app.inject({
      method: 'PUT',
      url: `/api/livechat/accounts/${accountId}`,
      headers: bearer(otherOwner),
      payload: await accountBody(otherOwner),
    });
    expect(edit.statusCode).toBe(404);
  });

  it('edits an account (admin)', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/livechat/accounts/${accountId}`,
      headers: bearer(admin),
      payload: await accountBody(admin, { onlineTitle: 'Selamat datang' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().onlineTitle).toBe('Selamat datang');
  });
});
