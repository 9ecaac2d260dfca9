import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../test/auth-helpers.js';
import { bearer } from '../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../test/harness.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  postWebhook,
  startFakeGraph,
} from '../test/whatsapp.js';
import { setUpDemoBusiness } from './demo-setup.js';
import { DEMO_PASSWORD } from './modules/demo/demo.seed.js';

let server: TestServer;
let graph: FakeGraph;
beforeAll(async () => {
  server = await startTestServer({ work: true });
  graph = await startFakeGraph();
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

describe('the demo business hands customer chats to its agents (issue 16)', () => {
  it('has automatic assignment on, so Customer Service 1 and 2 each get chats in their inbox', async () => {
    expect(await setUpDemoBusiness(server.deps)).toBe(true);
    const owner = await signInFresh(server.app, 'owner@demo.sapa.id', DEMO_PASSWORD);
    const config = await server.app.inject({
      method: 'GET',
      url: '/api/cs/configuration',
      headers: bearer(owner),
    });
    expect(config.json()).toMatchObject({ isAutoAssignFeature: true });

    const { id: accountId } = await connectWhatsapp(server.app, owner, graph.url);
    // Three customers write: round robin hands one chat to each assignable member (admin, agent1, agent2).
    const customers = ['6281355500001', '6281355500002', '6281355500003'];
    const res = await postWebhook(
      server.app,
      accountId,
      delivery([changeValue({ messages: customers.map((from) => ({ from, text: 'Halo, stok ada?' })) })]),
    );
    expect(res.statusCode).toBe(200);

    for (const email of ['agent1@demo.sapa.id', 'agent2@demo.sapa.id']) {
      const agent = await signInFresh(server.app, email, DEMO_PASSWORD);
      const seen = await waitFor(async () => {
        const list = await server.app.inject({
          method: 'GET',
          url: '/api/inbox/tickets?tab=assigned',
          headers: bearer(agent),
        });
        const items = list.json().items as { contact: { handle: string } }[];
        return items.length > 0 ? items : undefined;
      });
      expect(seen).toHaveLength(1);
      expect(customers).toContain(seen[0]!.contact.handle);
    }
  });
});
