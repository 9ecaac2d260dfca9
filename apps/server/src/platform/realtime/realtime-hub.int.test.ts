import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { connectChat, markerOf, type TestSocket, ticketUpdated } from '../../../test/realtime-client.js';
import { REALTIME_TOPIC } from './realtime-hub.js';

let server: TestServer;
let base: string;
let bizA: Awaited<ReturnType<typeof makeBusiness>>;
let bizB: Awaited<ReturnType<typeof makeBusiness>>;
const sockets: TestSocket[] = [];

const publish = (clientId: string, marker: string) =>
  server.deps.bus.publish(REALTIME_TOPIC, ticketUpdated(clientId, marker));
const open = async (token: string | null, options?: { authorised?: boolean }) => {
  const socket = await connectChat(base, token, options);
  sockets.push(socket);
  return socket;
};
const logout = async (tokens: TokenPair) => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: bearer(tokens),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  server = await startTestServer({ work: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  bizA = await makeBusiness(server.deps.db, 'Waktu Nyata', [{ name: 'Tanpa Inbox', csPosition: null }]);
  bizB = await makeBusiness(server.deps.db, 'Toko Lain');
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server.close();
});

describe('real-time hub (000 §4 Real-time connection, §7 Real-time)', () => {
  it('delivers an event of its client to an agent, exactly once, as JSON RealtimeEvent', async () => {
    const agent = await open((await signInFresh(server.app, bizA.agent.email)).accessToken);
    await publish(bizA.clientId, 'a-1');
    await publish(bizA.clientId, 'a-2');
    const event = await agent.next('a-1');
    expect(event).toMatchObject({ type: 'ticket.updated', clientId: bizA.clientId });
    await agent.next('a-2');
    expect(agent.received.map(markerOf)).toEqual(['a-1', 'a-2']);
  });

  it("never sends a business's event to an agent of another business", async () => {
    const agentA = await open((await signInFresh(server.app, bizA.agent.email)).accessToken);
    const ownerB = await open((await signInFresh(server.app, bizB.owner.email)).accessToken);
    const agentB = await open((await signInFresh(server.app, bizB.agent.email)).accessToken);
    await publish(bizA.clientId, 'secret-of-a');
    await publish(bizB.clientId, 'b-1');
    // Events reach a socket in publication order: once B's event is in, A's would have been too.
    await agentB.next('b-1');
    await ownerB.next('b-1');
    await agentA.next('secret-of-a');
    for (const s of [agentB, ownerB]) {
      expect(s.received.map(markerOf)).toEqual(['b-1']);
      expect(s.received.every((e) => e.clientId === bizB.clientId)).toBe(true);
    }
    expect(agentA.received.some((e) => e.clientId === bizB.clientId)).toBe(false);
  });

  it('sends nothing to a user whose access role has no inbox menu', async () => {
    const owner = await signInFresh(server.app, bizA.owner.email);
    const role = await server.app.inject({
      method: 'POST',
      url: '/api/feature-access',
      headers: bearer(owner),
      payload: { name: 'Tanpa Inbox', menus: ['dashboard'] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const member = bizA.members[3]!;
    const update = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${bizA.userIds[member.email]}`,
      headers: bearer(owner),
      payload: { name: 'Tanpa Inbox', role: 'USC', accessRoleId: role.json().id, csPosition: null },
    });
    expect(update.statusCode, update.body).toBe(200);
    const tokens = await signInFresh(server.app, member.email);
    const noInbox = await open(tokens.accessToken);
    const agent = await open((await signInFresh(server.app, bizA.agent.email)).accessToken);

    await publish(bizA.clientId, 'not-for-you');
    await agent.next('not-for-you');
    // Signing out closes the socket; anything sent before would have arrived before the close.
    await logout(tokens);
    expect(await noInbox.closed).toBe(4401);
    expect(noInbox.received).toEqual([]);
  });

  it('refuses a missing, malformed or forged token with close code 4401', async () => {
    const forged = await signInFresh(server.app, bizA.agent.email);
    const [header, payload] = forged.accessToken.split('.');
    for (const token of [null, '', 'not-a-jwt', `${header}.${payload}.AAAA`]) {
      const socket = await open(token, { authorised: false });
      expect(await socket.closed, String(token)).toBe(4401);
      expect(socket.received).toEqual([]);
    }
  });

  it('closes the socket of a session that signs out, and refuses its token afterwards', async () => {
    const tokens = await signInFresh(server.app, bizA.admin.email);
    const socket = await open(tokens.accessToken);
    await logout(tokens);
    expect(await socket.closed).toBe(4401);
    const again = await open(tokens.accessToken, { authorised: false });
    expect(await again.closed).toBe(4401);
  });
});
