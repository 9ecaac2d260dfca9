import { createHmac, randomUUID } from 'node:crypto';
import { agentSipUser, featureStringFrom, type TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { freePort } from '../../../test/free-port.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startTestPhone, startTestTelephony, type TestTelephony } from '../../../test/servers/telephony.js';
import { contacts } from '../contacts/index.js';
import { callRooms } from './calls.schema.js';

/**
 * The agent's SIP credential (GET /api/calls/sip-credential): only for users of a call page, naming the caller's
 * business and user, signed with the secret Kamailio shares — and a real Kamailio takes it.
 */
let t: TestTelephony;
let server: TestServer;
let clientId: string;
let otherClientId: string;
const tokens: Record<'callCenter' | 'telesales' | 'inbound' | 'chatOnly' | 'other', TokenPair> = {} as never;
const userIds: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestTelephony();
  server = await startTestServer({ env: { SIP_SECRET: t.secret, SIP_DOMAIN: t.domain } });
  const biz = await makeBusiness(server.deps.db, 'Pusat Panggilan', [
    { csPosition: 'CS2', featureAccess: featureStringFrom(['CALL_CENTER']) },
    { csPosition: 'CS2', featureAccess: featureStringFrom(['TELESALES']) },
    { csPosition: 'CS2', featureAccess: featureStringFrom(['INBOUND_CALL']) },
    { csPosition: 'CS2', featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']) },
  ]);
  const other = await makeBusiness(server.deps.db, 'Pusat Panggilan Lain');
  clientId = biz.clientId;
  otherClientId = other.clientId;
  const [callCenter, telesales, inbound, chatOnly] = biz.members.slice(-4);
  for (const [key, member] of Object.entries({ callCenter, telesales, inbound, chatOnly })) {
    tokens[key as keyof typeof tokens] = await signInFresh(server.app, member!.email);
    userIds[key] = biz.userIds[member!.email]!;
  }
  tokens.other = await signInFresh(server.app, other.owner.email);
  userIds.other = other.userIds[other.owner.email]!;
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const credential = (who: keyof typeof tokens, lang = 'en') =>
  server.app.inject({
    method: 'GET',
    url: '/api/calls/sip-credential',
    headers: { ...bearer(tokens[who]), 'accept-language': lang },
  });

/** A scripted phone (baresip) registered with the credential Sapa signs for `who`, saying 440 Hz. */
async function agentPhone(
  who: keyof typeof tokens,
  extra: { autoAnswer?: boolean; dial?: string; user?: string; waitRegistered?: boolean } = {},
) {
  const body = (await credential(who)).json();
  return startTestPhone({
    dir: t.dir,
    user: body.user,
    domain: t.domain,
    credential: body,
    proxy: t.telephony.udpAddress,
    sipPort: await freePort(),
    toneHz: 440,
    ...extra,
  });
}

describe('GET /api/calls/sip-credential', () => {
  it('signs a credential for a user of any call page, naming their business and user, for an hour', async () => {
    for (const who of ['callCenter', 'telesales', 'inbound'] as const) {
      const before = Date.now();
      const res = await credential(who);
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.user).toBe(agentSipUser(clientId, userIds[who]!));
      expect(body.domain).toBe(t.domain);
      expect(body.wsUrl).toMatch(/^ws:\/\//);
      const [expiry, user] = body.username.split(':');
      expect(user).toBe(body.user);
      expect(Number(expiry) * 1000).toBe(body.expiresAt);
      expect(body.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);
      expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
      expect(body.password).toBe(createHmac('sha256', t.secret).update(body.username).digest('base64'));
    }
  });

  it('refuses a user without a call page (403, translated) and an anonymous caller (401)', async () => {
    const en = await credential('chatOnly');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('You have no permission to access this menu.');
    const id = await credential('chatOnly', 'id');
    expect(id.statusCode).toBe(403);
    expect(id.json().message).not.toBe(en.json().message);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/calls/sip-credential' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names the caller’s own business only: another business’s owner gets a user of theirs', async () => {
    const res = await credential('other');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBe(agentSipUser(otherClientId, userIds.other!));
  });

  it('registers with Kamailio as the user it names, and as no other', async () => {
    const own = await agentPhone('callCenter');
    expect(own.output()).toMatch(/\} 200 OK/);
    await own.stop();
    // The telesales agent's credential cannot register the call-centre agent's address.
    const borrowed = await agentPhone('telesales', {
      user: agentSipUser(clientId, userIds.callCenter!),
      waitRegistered: false,
    });
    await expect.poll(() => borrowed.output(), { timeout: 15_000 }).toMatch(/403 Forbidden/);
    expect(borrowed.output()).not.toMatch(/\} 200 OK/);
    await borrowed.stop();
  });

  it('lets an agent be called by an agent of the same business only', async () => {
    const callee = await agentPhone('inbound', { autoAnswer: true });
    const stranger = await agentPhone('other', { dial: callee.user });
    const colleague = await agentPhone('telesales', { dial: callee.user });
    const number = await t.phone('6281100000009', 880, { dial: callee.user });
    await expect.poll(() => stranger.output(), { timeout: 15_000 }).toMatch(/403 Forbidden/);
    await expect.poll(() => number.output(), { timeout: 15_000 }).toMatch(/403 Forbidden/);
    await expect.poll(() => colleague.heard().seconds, { timeout: 20_000 }).toBeGreaterThan(0.5);
    await Promise.all([callee, stranger, colleague].map((p) => p.stop()));
  });

  it('answers 503, translated, when the deployment runs no SIP server', async () => {
    const off = await startTestServer({ env: { TELEPHONY: 'off' }, sameDatabaseAs: server });
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/calls/sip-credential',
        headers: { ...bearer(tokens.callCenter), 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Phone calls are not available: this server runs no SIP server.');
    } finally {
      await off.close();
    }
  });
});

const post = (who: keyof typeof tokens, url: string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tokens[who]), 'accept-language': 'en' },
    payload: payload as Record<string, unknown>,
  });
const outcome = (who: keyof typeof tokens, id: string, body: Record<string, unknown>) =>
  post(who, `/api/calls/phone/sessions/${id}/outcome`, body);

describe('outbound phone calls (POST /api/calls/phone/dial, …/outcome)', () => {
  it('places a call to a valid number: a session linked to the contact, audio both ways, held, ended completed', async () => {
    await server.deps.db
      .insert(contacts)
      .values({ clientId, id: randomUUID(), name: 'Bu Ratna Telepon', phone: '6281220000001' });
    const dialled = await post('callCenter', '/api/calls/phone/dial', { number: '0812-2000-0001' });
    expect(dialled.statusCode, dialled.body).toBe(200);
    const { session, number } = dialled.json();
    expect(number).toBe('6281220000001');
    expect(session).toMatchObject({
      roomType: 'PHN',
      direction: 'outbound',
      status: 'RIN',
      ticketId: null,
      customerName: 'Bu Ratna Telepon',
      customerPhoneNumber: '6281220000001',
      csId: userIds.callCenter,
    });
    // One call at a time for the agent; one call at a time to the number.
    const again = await post('callCenter', '/api/calls/phone/dial', { number: '6281220000009' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only one active call is allowed at a time.');
    const sameNumber = await post('telesales', '/api/calls/phone/dial', { number: '+62 812 2000 0001' });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().message).toBe('A call to this number is already in progress.');

    // The agent's phone (with the credential Sapa signs) calls the customer's phone through Kamailio.
    const customer = await t.phone(number, 880, { autoAnswer: true });
    const agent = await agentPhone('callCenter', { dial: number });
    await expect.poll(() => agent.heard().seconds, { timeout: 20_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => customer.heard().seconds, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(agent.heard().hz).toBeGreaterThan(820);
    expect(customer.heard().hz).toBeLessThan(480);

    const answered = await outcome('callCenter', session.id, { outcome: 'answered', sipStatus: 200 });
    expect(answered.json()).toMatchObject({ status: 'ANS' });
    expect(answered.json().startTime).toEqual(expect.any(Number));
    expect((await outcome('callCenter', session.id, { outcome: 'held' })).json().status).toBe('HLD');
    const heldTwice = await outcome('callCenter', session.id, { outcome: 'held' });
    expect(heldTwice.statusCode).toBe(409);
    expect(heldTwice.json().message).toBe('Hold state change failed');
    expect((await outcome('callCenter', session.id, { outcome: 'resumed' })).json().status).toBe('ANS');
    // Only the call's own agent reports on it; another business does not find it.
    expect((await outcome('telesales', session.id, { outcome: 'ended' })).statusCode).toBe(404);
    expect((await outcome('other', session.id, { outcome: 'ended' })).statusCode).toBe(404);
    const ended = await outcome('callCenter', session.id, { outcome: 'ended' });
    expect(ended.json()).toMatchObject({ status: 'CMP', duration: expect.any(Number) });
    expect((await outcome('callCenter', session.id, { outcome: 'ended' })).statusCode).toBe(409);
    const [room] = await server.deps.db
      .select()
      .from(callRooms)
      .where(and(eq(callRooms.clientId, clientId), eq(callRooms.id, session.roomId)));
    expect(room).toMatchObject({ code: 'CLS', roomType: 'PHN' });
    await Promise.all([agent.stop(), customer.stop()]);
  });

  it('maps a busy or unanswered number to rejected and no answer', async () => {
    for (const [sipStatus, status] of [
      [486, 'RJC'],
      [480, 'NOA'],
    ] as const) {
      const { session } = (
        await post('telesales', '/api/calls/phone/dial', { number: '6281330000002' })
      ).json();
      const failed = await outcome('telesales', session.id, { outcome: 'failed', sipStatus });
      expect(failed.json()).toMatchObject({ status, duration: null });
    }
  });

  it('refuses an invalid number, a user without the call centre or telesales, and no SIP status', async () => {
    for (const number of ['12345', '0812abc', '', '1'.repeat(41)]) {
      const res = await post('telesales', '/api/calls/phone/dial', { number });
      expect(res.statusCode, number).toBe(400);
      expect(res.json().message).toBe('Invalid number');
    }
    for (const who of ['inbound', 'chatOnly'] as const)
      expect((await post(who, '/api/calls/phone/dial', { number: '6281330000003' })).statusCode).toBe(403);
    const bad = await outcome('telesales', randomUUID(), { outcome: 'answered', sipStatus: 99 });
    expect(bad.statusCode).toBe(400);
  });
});
