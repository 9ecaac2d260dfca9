import type { AddressInfo } from 'node:net';
import {
  CALL_SOCKET_PATH,
  type CallSessionEvent,
  type CallSocketFrame,
  featureStringFrom,
  type TokenPair,
} from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { connectChat } from '../../../test/realtime-client.js';
import { connectWhatsapp, type FakeGraph, postWebhook, startFakeGraph } from '../../../test/whatsapp.js';
import { callRooms, callSessions } from './calls.schema.js';

/** WhatsApp calls (000 §4 incoming call, §5, §7 pre-accept/accept/reject/meta terminate/meta hold, §8). */
let server: TestServer;
let graph: FakeGraph;
let accountId: string;
let owner: TokenPair;
let csA: TokenPair;
let csB: TokenPair;
let spv1: TokenPair;
let noCalls: TokenPair;
let otherOwner: TokenPair;
let clientId: string;

const CALLS = featureStringFrom(['INBOUND_CALL', 'CUSTOMER_SERVICE_INBOX']);
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const ANSWER = { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' };

beforeAll(async () => {
  server = await startTestServer();
  graph = await startFakeGraph();
  const biz = await makeBusiness(server.deps.db, 'Telepon', [
    { csPosition: 'CS2', featureAccess: CALLS },
    { csPosition: 'CS2', featureAccess: CALLS },
    { csPosition: 'SPV1', featureAccess: CALLS },
    { csPosition: 'CS2', featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']) },
  ]);
  clientId = biz.clientId;
  const other = await makeBusiness(server.deps.db, 'Telepon Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  const signedIn = await Promise.all(biz.members.slice(3).map((m) => signInFresh(server.app, m.email)));
  [csA, csB, spv1, noCalls] = signedIn as [TokenPair, TokenPair, TokenPair, TokenPair];
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
});
afterAll(async () => {
  await graph.close();
  await server.close();
});

const api = apiClient(() => server.app);
let callCounter = 0;

/** Meta's `calls` webhook: the customer `from` calls the business with an SDP offer; waits until it rings. */
async function customerCalls(from: string, name = 'Pelanggan') {
  const callId = `wacid.TEST${Date.now().toString(36)}${++callCounter}`;
  const res = await postWebhook(
    server.app,
    accountId,
    callsDelivery({
      contacts: [{ wa_id: from, profile: { name } }],
      calls: [
        {
          id: callId,
          from,
          to: '6281100000',
          event: 'connect',
          timestamp: String(Math.floor(Date.now() / 1000)),
          direction: 'USER_INITIATED',
          session: { sdp_type: 'offer', sdp: OFFER },
        },
      ],
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const session = await waitFor(async () => {
    const [row] = await server.deps.db.select().from(callSessions).where(eq(callSessions.remoteId, callId));
    return row ?? false;
  });
  return { callId, sessionId: session.id };
}

function callsDelivery(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba0',
        changes: [
          {
            field: 'calls',
            value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '10000' }, ...value },
          },
        ],
      },
    ],
  };
}

const actionsFor = (callId: string) =>
  graph.requests.filter((r) => r.path.endsWith('/calls') && r.body.call_id === callId).map((r) => r.body);

describe('an inbound WhatsApp call', () => {
  it('rings for available CS agents, in the customer chat, with the caller offer', async () => {
    const { sessionId } = await customerCalls('6281355500001', 'Rina');
    const ringing = await api('GET', '/api/calls/ringing', csA);
    expect(ringing.statusCode, ringing.body).toBe(200);
    const session = ringing.json().ringing.find((s: { id: string }) => s.id === sessionId);
    expect(session).toMatchObject({
      status: 'RIN',
      roomType: 'WAC',
      direction: 'inbound',
      customerName: 'Rina',
      customerPhoneNumber: '6281355500001',
      sdp: OFFER,
      csId: null,
    });
    const [room] = await server.deps.db.select().from(callRooms).where(eq(callRooms.id, session.roomId));
    expect(room).toMatchObject({ ticketId: session.ticketId, code: 'QUE', roomType: 'WAC' });
    // Only roles with CS see it ring; a user without INBOUND_CALL is refused; another business sees nothing.
    expect((await api('GET', '/api/calls/ringing', spv1)).json().ringing).toEqual([]);
    expect((await api('GET', '/api/calls/ringing', owner)).json().ringing).toEqual([]);
    expect((await api('GET', '/api/calls/ringing', noCalls)).statusCode).toBe(403);
    expect((await api('GET', '/api/calls/ringing', otherOwner)).json().ringing).toEqual([]);
  });

  it('is answered by exactly one of two racing agents, with pre_accept then accept and the browser answer', async () => {
    const { callId, sessionId } = await customerCalls('6281355500002');
    const [a, b] = await Promise.all([
      api('POST', `/api/calls/sessions/${sessionId}/answer`, csA, { answer: ANSWER }),
      api('POST', `/api/calls/sessions/${sessionId}/answer`, csB, { answer: ANSWER }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json().message).toBe('Session is not ringing');
    expect(won.json()).toMatchObject({ status: 'ANS', sdp: null });
    expect(actionsFor(callId)).toEqual([
      {
        messaging_product: 'whatsapp',
        call_id: callId,
        action: 'pre_accept',
        session: { sdp_type: 'answer', sdp: ANSWER.sdp },
      },
      {
        messaging_product: 'whatsapp',
        call_id: callId,
        action: 'accept',
        session: { sdp_type: 'answer', sdp: ANSWER.sdp },
      },
    ]);
    const winner = a.statusCode === 200 ? csA : csB;
    const loser = a.statusCode === 200 ? csB : csA;
    // The winner has one active call: a second call is CALL_LIMITATION_ERROR; hold and resume; the loser cannot end it.
    const second = await customerCalls('6281355500003');
    const limited = await api('POST', `/api/calls/sessions/${second.sessionId}/answer`, winner, {
      answer: ANSWER,
    });
    expect(limited.statusCode).toBe(409);
    expect(limited.json().message).toBe('Only one active call is allowed at a time.');
    expect(
      (await api('POST', `/api/calls/sessions/${sessionId}/hold`, winner, { hold: true })).json().status,
    ).toBe('HLD');
    expect(
      (await api('POST', `/api/calls/sessions/${sessionId}/hold`, winner, { hold: true })).json().message,
    ).toBe('Hold state change failed');
    expect(
      (await api('POST', `/api/calls/sessions/${sessionId}/hold`, winner, { hold: false })).json().status,
    ).toBe('ANS');
    const byLoser = await api('POST', `/api/calls/sessions/${sessionId}/terminate`, loser, {});
    expect(byLoser.statusCode).toBe(409);
    expect((await api('GET', '/api/calls/ringing', winner)).json().active.id).toBe(sessionId);
    const ended = await api('POST', `/api/calls/sessions/${sessionId}/terminate`, winner, {});
    expect(ended.json()).toMatchObject({ status: 'CMP' });
    expect(actionsFor(callId).at(-1)).toEqual({
      messaging_product: 'whatsapp',
      call_id: callId,
      action: 'terminate',
    });
    // The second call is rejected (Meta reject), and stops ringing.
    const rejected = await api('POST', `/api/calls/sessions/${second.sessionId}/reject`, loser, {});
    expect(rejected.json()).toMatchObject({ status: 'RJC' });
    expect(actionsFor(second.callId)).toEqual([
      { messaging_product: 'whatsapp', call_id: second.callId, action: 'reject' },
    ]);
  });

  it('refuses roles without CS (ROLE_NOT_ALLOWED), other businesses, and a bad answer', async () => {
    const { sessionId } = await customerCalls('6281355500004');
    const role = await api('POST', `/api/calls/sessions/${sessionId}/answer`, spv1, { answer: ANSWER });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe('Your role cannot answer calls.');
    expect(
      (await api('POST', `/api/calls/sessions/${sessionId}/answer`, otherOwner, { answer: ANSWER }))
        .statusCode,
    ).toBe(404);
    const bad = await api('POST', `/api/calls/sessions/${sessionId}/answer`, csA, {
      answer: { type: 'offer' },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await server.deps.db
      .select()
      .from(callSessions)
      .where(and(eq(callSessions.clientId, clientId), eq(callSessions.id, sessionId)));
    expect(row?.status).toBe('RIN');
  });

  it('is missed when the caller hangs up before anyone answers, and Meta refusing accept rings it again', async () => {
    const { callId, sessionId } = await customerCalls('6281355500005');
    graph.queue = [{ status: 400, body: { error: { message: 'Invalid call', code: 138000 } } }];
    const failed = await api('POST', `/api/calls/sessions/${sessionId}/answer`, csA, { answer: ANSWER });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Failed to accept call');
    expect(
      (await api('GET', '/api/calls/ringing', csB)).json().ringing.map((s: { id: string }) => s.id),
    ).toContain(sessionId);
    await postWebhook(
      server.app,
      accountId,
      callsDelivery({
        calls: [{ id: callId, event: 'terminate', direction: 'USER_INITIATED', status: 'COMPLETED' }],
      }),
    );
    const missed = await waitFor(async () => {
      const [row] = await server.deps.db.select().from(callSessions).where(eq(callSessions.id, sessionId));
      return row?.status === 'NOA' ? row : false;
    });
    expect(missed.endedAt).not.toBeNull();
    const [room] = await server.deps.db.select().from(callRooms).where(eq(callRooms.id, missed.roomId));
    expect(room?.code).toBe('CLS');
  });

  it('rings on the agent real-time socket, and the agent signing out ends the call first', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const socket = await connectChat(base, csB.accessToken);
    const { callId, sessionId } = await customerCalls('6281355500006', 'Dewi');
    const rang = await waitFor(
      async () =>
        socket.received.find(
          (e): e is CallSessionEvent =>
            e.type === 'call.session' && e.event === 'new-call' && e.session.id === sessionId,
        ) ?? false,
    );
    expect(rang.session).toMatchObject({ status: 'RIN', customerName: 'Dewi', sdp: OFFER });
    const answered = await api('POST', `/api/calls/sessions/${sessionId}/answer`, csB, { answer: ANSWER });
    expect(answered.statusCode, answered.body).toBe(200);
    await waitFor(async () =>
      socket.received.some(
        (e) => e.type === 'call.session' && e.event === 'answer' && e.session.id === sessionId,
      ),
    );
    socket.ws.close();
    expect((await api('POST', '/api/auth/logout', csB, {})).statusCode).toBe(200);
    const [row] = await server.deps.db.select().from(callSessions).where(eq(callSessions.id, sessionId));
    expect(row).toMatchObject({ status: 'CMP' });
    expect(actionsFor(callId).at(-1)).toMatchObject({ action: 'terminate' });
  });
});

describe('the call WebSocket /ws/call', () => {
  let base: string;
  const openCall = (token: string | null, authorised = true) =>
    connectChat(base, token, { path: CALL_SOCKET_PATH, authorised });
  const frames = (socket: { received: unknown[] }) => socket.received as CallSocketFrame[];
  beforeAll(async () => {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });

  it('needs a valid token and INBOUND_CALL: 4401 without, 4403 for a user who may not read calls', async () => {
    expect(await (await openCall(null, false)).closed).toBe(4401);
    expect(await (await openCall('not-a-token', false)).closed).toBe(4401);
    expect(await (await openCall(noCalls.accessToken, false)).closed).toBe(4403);
  });

  it('carries new-call and answer to the business agents only, answers connect, refuses other events', async () => {
    const [mine, theirs] = await Promise.all([openCall(csA.accessToken), openCall(otherOwner.accessToken)]);
    const { sessionId } = await customerCalls('6281355500007', 'Sari');
    const rang = await waitFor(
      async () =>
        frames(mine).find(
          (e) => e.type === 'call.session' && e.event === 'new-call' && e.session.id === sessionId,
        ) ?? false,
    );
    expect(rang).toMatchObject({ session: { status: 'RIN', customerName: 'Sari', sdp: OFFER } });

    mine.ws.send(JSON.stringify({ event: 'connect' }));
    const snapshot = await waitFor(async () => frames(mine).find((e) => e.type === 'call.connect') ?? false);
    expect(snapshot.type === 'call.connect' && snapshot.ringing.map((s) => s.id)).toContain(sessionId);

    mine.ws.send(JSON.stringify({ event: 'dial-everyone' }));
    mine.ws.send(JSON.stringify({ event: 'answer' }));
    mine.ws.send('not json');
    const refusals = await waitFor(async () => {
      const errors = frames(mine).filter((e) => e.type === 'call.error');
      return errors.length === 3 ? errors : false;
    });
    expect(refusals).toEqual([
      { type: 'call.error', event: 'dial-everyone', message: 'calls.invalidEvent' },
      { type: 'call.error', event: 'answer', message: 'calls.eventNotAccepted' },
      { type: 'call.error', event: null, message: 'calls.invalidEvent' },
    ]);
    expect(mine.ws.readyState).toBe(mine.ws.OPEN);

    expect(
      (await api('POST', `/api/calls/sessions/${sessionId}/answer`, csA, { answer: ANSWER })).statusCode,
    ).toBe(200);
    await waitFor(async () =>
      frames(mine).some(
        (e) => e.type === 'call.session' && e.event === 'answer' && e.session.id === sessionId,
      ),
    );
    // Only call events ride this socket, and never another business's.
    expect(frames(mine).every((e) => e.type.startsWith('call.'))).toBe(true);
    theirs.ws.send(JSON.stringify({ event: 'connect' }));
    const theirSnapshot = await waitFor(
      async () => frames(theirs).find((e) => e.type === 'call.connect') ?? false,
    );
    expect(theirSnapshot).toMatchObject({ ringing: [], active: null });
    expect(frames(theirs).filter((e) => e.type === 'call.session')).toEqual([]);
    expect((await api('POST', `/api/calls/sessions/${sessionId}/terminate`, csA, {})).statusCode).toBe(200);
    mine.ws.close();
    theirs.ws.close();
  });
});
