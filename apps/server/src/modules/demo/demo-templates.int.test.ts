import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { DEMO_PASSWORD, seedDemoBusiness } from './demo.seed.js';
import { DEMO_EXPIRED_CUSTOMER, seedExpiredDemoChat } from './demo-templates.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ work: false });
});
afterAll(() => server.close());

describe('demo templates and the expired demo chat', () => {
  it('gives a new user approved templates and an expired WhatsApp chat that only takes a follow-up', async () => {
    expect(await seedDemoBusiness(server.deps.db)).toEqual(expect.any(String));
    const owner = await signInFresh(server.app, 'owner@demo.sapa.id', DEMO_PASSWORD);
    const { id: accountId } = await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0');
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner) });
    await seedExpiredDemoChat(server.deps.db, me.json().client.id, accountId);

    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: bearer(owner) });
    const followUps = (await get(`/api/templates?usage=follow_up&channelAccountId=${accountId}`)).json();
    expect(followUps.items.map((t: { name: string }) => t.name).sort()).toEqual([
      'follow_up_pelanggan',
      'sapaan_pelanggan_baru',
      'update_pesanan',
    ]);
    const fresh = (await get(`/api/templates?usage=new_message&channelAccountId=${accountId}`)).json();
    expect(fresh.items.map((t: { name: string }) => t.name)).toEqual(['sapaan_pelanggan_baru']);

    const [ticket] = (await get('/api/inbox/tickets')).json().items;
    expect(ticket).toMatchObject({
      channel: 'WAP',
      contact: { name: DEMO_EXPIRED_CUSTOMER.name, handle: DEMO_EXPIRED_CUSTOMER.phone },
      lastMessage: { direction: 'out', status: 'read' },
    });
    expect(ticket.expiresAt).toBeLessThan(Date.now());
    const reply = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/messages`,
      headers: bearer(owner),
      payload: { text: 'Halo', clientMessageId: crypto.randomUUID() },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().code).toBe('inbox.expiredWhatsapp');
  });
});
