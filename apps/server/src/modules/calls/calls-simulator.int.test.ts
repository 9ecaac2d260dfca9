import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { connectSimulatedNumber, listenWithSimulator } from '../../../test/whatsapp-simulator.js';
import { callSessions } from './calls.schema.js';

/** A WhatsApp call through Meta's real Calling API shapes: the simulator's signed `calls` webhooks and call actions. */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let agent: TokenPair;
const NUMBER = {
  phoneNumberId: '880000000000123',
  wabaId: '880000000000999',
  displayPhoneNumber: '6281100007123',
  accessToken: 'sim-access-token-calls-0123456789',
  appSecret: 'sim-app-secret-calls',
};
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const ANSWER = { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' };

beforeAll(async () => {
  server = await startTestServer();
  const listening = await listenWithSimulator(server);
  sim = listening.sim;
  const biz = await makeBusiness(server.deps.db, 'Telepon Simulator', [
    { csPosition: 'CS2', featureAccess: featureStringFrom(['INBOUND_CALL', 'CUSTOMER_SERVICE_INBOX']) },
  ]);
  const owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.members[3]!.email);
  await connectSimulatedNumber(server, sim, listening.base, owner, NUMBER);
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const api = apiClient(() => server.app);
const sessionOf = (callId: string) =>
  waitFor(async () => {
    const [row] = await server.deps.db.select().from(callSessions).where(eq(callSessions.remoteId, callId));
    return row ?? false;
  });

describe('a WhatsApp call from the simulator', () => {
  it('rings, is answered with pre_accept and accept carrying the SDP answer, and ends when the customer hangs up', async () => {
    const { callId } = sim.customerCalls({
      phoneNumberId: NUMBER.phoneNumberId,
      from: '6281377700001',
      name: 'Ayu',
      sdp: OFFER,
    });
    const session = await sessionOf(callId);
    expect(session).toMatchObject({ status: 'RIN', sdpOffer: OFFER, callerId: '6281377700001' });
    const answered = await api('POST', `/api/calls/sessions/${session.id}/answer`, agent, { answer: ANSWER });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(sim.call(callId)).toMatchObject({
      state: 'accepted',
      answer: ANSWER.sdp,
      actions: ['pre_accept', 'accept'],
    });
    expect(sim.customerHangsUp(callId)).toBe(true);
    const ended = await waitFor(async () => {
      const row = await sessionOf(callId);
      return row.status === 'CMP' ? row : false;
    });
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is rejected by the agent (Meta reject), and a second reject is refused by Meta and Sapa alike', async () => {
    const { callId } = sim.customerCalls({
      phoneNumberId: NUMBER.phoneNumberId,
      from: '6281377700002',
      name: 'Bayu',
      sdp: OFFER,
    });
    const session = await sessionOf(callId);
    const rejected = await api('POST', `/api/calls/sessions/${session.id}/reject`, agent, {});
    expect(rejected.json()).toMatchObject({ status: 'RJC' });
    expect(sim.call(callId)?.state).toBe('rejected');
    const again = await api('POST', `/api/calls/sessions/${session.id}/reject`, agent, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Session is not ringing');
  });
});
