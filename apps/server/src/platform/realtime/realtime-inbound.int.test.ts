import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  connectChat,
  markerOf,
  nextEventOfType,
  type TestSocket,
  ticketUpdated,
} from '../../../test/realtime-client.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  newWamid,
  postWebhook,
  startFakeGraph,
} from '../../../test/whatsapp.js';
import { REALTIME_TOPIC } from './realtime-hub.js';

/** The real trigger end to end: provider webhook → inbound job → bus → hub → the agent's socket. */
let server: TestServer;
let graph: FakeGraph;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  graph = await startFakeGraph();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server.close();
  await graph.close();
});

describe('real-time delivery of an inbound WhatsApp message', () => {
  it("reaches the business's agents as message.created, and no other business's", async () => {
    const biz = await makeBusiness(server.deps.db, 'Masuk Langsung');
    const other = await makeBusiness(server.deps.db, 'Bisnis Lain');
    const owner = await signInFresh(server.app, biz.owner.email);
    const accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
    const agent = await connectChat(base, (await signInFresh(server.app, biz.agent.email)).accessToken);
    const stranger = await connectChat(base, (await signInFresh(server.app, other.agent.email)).accessToken);
    sockets.push(agent, stranger);

    const wamid = newWamid();
    const res = await postWebhook(
      server.app,
      accountId,
      delivery([
        changeValue({
          messages: [{ from: '6281299990001', name: 'Rina', id: wamid, text: 'Halo, stok ada?' }],
        }),
      ]),
    );
    expect(res.statusCode).toBe(200);

    const event = await nextEventOfType(agent, 'message.created');
    expect(event).toMatchObject({
      type: 'message.created',
      clientId: biz.clientId,
      message: { direction: 'in', text: 'Halo, stok ada?' },
      ticket: { contact: { name: 'Rina' } },
    });
    // The hub had handled the event for every socket when the agent got it; a later event of the other
    // business is the first and only one its agent sees.
    await server.deps.bus.publish(REALTIME_TOPIC, ticketUpdated(other.clientId, 'other-1'));
    await stranger.next('other-1');
    expect(stranger.received.map(markerOf)).toEqual(['other-1']);
  });
});
