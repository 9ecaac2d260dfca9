import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { ACCESS_TOKEN, APP_SECRET, connectWhatsapp, VERIFY_TOKEN } from '../../../test/whatsapp.js';
import { channelAccounts } from './channels.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let admin: TokenPair;
let agent: TokenPair;

beforeAll(async () => {
  server = await startTestServer({ work: false });
  biz = await makeBusiness(server.deps.db, 'Kanal');
  owner = await signInFresh(server.app, biz.owner.email);
  admin = await signInFresh(server.app, biz.admin.email);
  agent = await signInFresh(server.app, biz.agent.email);
});
afterAll(() => server.close());

const body = (n: string) => ({
  name: 'Nomor Utama',
  displayPhoneNumber: `628123${n}`,
  phoneNumberId: `1000${n}`,
  wabaId: `2000${n}`,
  accessToken: ACCESS_TOKEN,
  appSecret: APP_SECRET,
  verifyToken: VERIFY_TOKEN,
  graphBaseUrl: 'http://127.0.0.1:9/v25.0',
});

describe('channel accounts', () => {
  it('refuses an agent: only the owner and admins add channels (403)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/channel-accounts/whatsapp-cloud',
      headers: bearer(agent),
      payload: body('00001'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('access.forbidden');
  });

  it('connects a WhatsApp Cloud number, never returns or stores its secrets in clear, one per business', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/channel-accounts/whatsapp-cloud',
      headers: bearer(admin),
      payload: body('00002'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json();
    expect(account).toMatchObject({ channel: 'WAP', address: '62812300002', status: 'connected' });
    expect(account.webhookUrl).toBe(`${server.deps.config.publicUrl}/webhooks/whatsapp-cloud/${account.id}`);
    for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(res.body).not.toContain(secret);

    const [row] = await server.deps.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.id, account.id));
    const stored = JSON.stringify(row);
    for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(stored).not.toContain(secret);
    expect(JSON.parse(server.deps.secrets.open(row!.secrets))).toEqual({
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
    });

    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(agent),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: { id: string }) => a.id)).toEqual([account.id]);
    for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(list.body).not.toContain(secret);

    const second = await server.app.inject({
      method: 'POST',
      url: '/api/channel-accounts/whatsapp-cloud',
      headers: bearer(owner),
      payload: body('00003'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('channel.whatsappExists');

    // Verification handshake (Meta's GET with hub.*).
    const ok = await server.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${account.id}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    const wrong = await server.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${account.id}?hub.mode=subscribe&hub.verify_token=nope-nope-nope&hub.challenge=1`,
    });
    expect(wrong.statusCode).toBe(403);
    const unknown = await server.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/0190f4c8-0000-7000-8000-000000000000?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(unknown.statusCode).toBe(404);

    // Disconnect (agent refused), then a new number may be connected.
    const refused = await server.app.inject({
      method: 'DELETE',
      url: `/api/channel-accounts/${account.id}`,
      headers: bearer(agent),
    });
    expect(refused.statusCode).toBe(403);
    const gone = await server.app.inject({
      method: 'DELETE',
      url: `/api/channel-accounts/${account.id}`,
      headers: bearer(owner),
    });
    expect(gone.statusCode).toBe(200);
    const again = await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0');
    expect(again.id).not.toBe(account.id);
  });
});
