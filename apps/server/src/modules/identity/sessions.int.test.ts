import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, postLogin, signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { refreshTokens } from './identity.schema.js';

let server: TestServer;
let bizA: Awaited<ReturnType<typeof makeBusiness>>;
let bizB: Awaited<ReturnType<typeof makeBusiness>>;
let bizC: Awaited<ReturnType<typeof makeBusiness>>;
/** Owner of A, also an agent of B. */
let shared: string;

beforeAll(async () => {
  server = await startTestServer();
  bizA = await makeBusiness(server.deps.db, 'Satu');
  shared = bizA.owner.email;
  bizB = await makeBusiness(server.deps.db, 'Dua', [{ email: shared, role: 'USC', csPosition: 'CS1' }]);
  bizC = await makeBusiness(server.deps.db, 'Tiga');
});
afterAll(() => server.close());

const me = (tokens: TokenPair) =>
  server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });

describe('sign-in limits', () => {
  it('limits attempts per client address, whatever the email', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await postLogin(
        server.app,
        { email: `stranger${i}@example.com`, password: 'salah1234' },
        { ip, lang: 'en' },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe('Too many sign-in attempts. Please try again in a few minutes.');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The right password from that address waits too; from another address it works.
    const blocked = await postLogin(server.app, { email: bizC.owner.email, password: PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    // A forged X-Forwarded-For does not make a new address: no proxy is trusted by default.
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.99' },
      payload: { email: bizC.owner.email, password: PASSWORD },
    });
    expect(forged.statusCode).toBe(429);
    const elsewhere = await postLogin(
      server.app,
      { email: bizC.owner.email, password: PASSWORD },
      { ip: nextIp() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('never locks an account for the addresses that did not fail (no lockout of someone else)', async () => {
    const email = bizC.agent.email;
    // Failures spread over many addresses: each address has its own count, none reaches the lock.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await postLogin(server.app, { email, password: 'salah1234' })).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await postLogin(server.app, { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('validates the login body with the spec messages', async () => {
    const res = await postLogin(server.app, { email: 'not-an-email', password: '' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Email format is invalid', password: 'Password is required' });
    const empty = await postLogin(server.app, { email: '', password: 'x' }, { lang: 'en' });
    expect(empty.json().fields).toEqual({ email: 'Email is required' });
  });
});

describe('multi-client users', () => {
  it('asks a user of two businesses to choose, then signs in to the chosen one', async () => {
    const res = await postLogin(server.app, { email: shared, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('select_client');
    expect(body.tokens).toBeUndefined();
    expect(body.clients).toEqual(
      expect.arrayContaining([
        { clientId: bizA.clientId, name: expect.stringContaining('Satu'), role: 'OWN' },
        { clientId: bizB.clientId, name: expect.stringContaining('Dua'), role: 'USC' },
      ]),
    );
    expect(body.clients).toHaveLength(2);

    const inB = await signInFresh(server.app, shared, PASSWORD, bizB.clientId);
    const meB = await me(inB);
    expect(meB.json()).toMatchObject({ role: 'USC', csPosition: 'CS1', client: { id: bizB.clientId } });
    expect(meB.json().clients).toHaveLength(2);
    // Their B session is an agent's: no admin settings there, while in A they are the owner.
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(inB) })).statusCode,
    ).toBe(403);
    const inA = await signInFresh(server.app, shared, PASSWORD, bizA.clientId);
    expect((await me(inA)).json()).toMatchObject({ role: 'OWN', client: { id: bizA.clientId } });
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(inA) })).statusCode,
    ).toBe(200);
  });

  it('refuses a clientId the user does not belong to with 403', async () => {
    const res = await postLogin(
      server.app,
      { email: shared, password: PASSWORD, clientId: bizC.clientId },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account does not belong to that business.');
    const single = await postLogin(server.app, {
      email: bizB.admin.email,
      password: 'salah1234',
      clientId: bizA.clientId,
    });
    expect(single.statusCode).toBe(401); // the password is checked first: nothing is revealed
  });

  it('refreshes within the chosen business', async () => {
    const inB = await signInFresh(server.app, shared, PASSWORD, bizB.clientId);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: inB.refreshToken },
    });
    expect(r.statusCode).toBe(200);
    expect((await me(r.json())).json().client.id).toBe(bizB.clientId);
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh token works once, and two racing refreshes revoke the family', async () => {
    const first = await signInFresh(server.app, bizC.owner.email);
    const results = await Promise.all(
      [0, 1].map(() =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: first.refreshToken },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as TokenPair;
    // The loser looked like a replay: the family is revoked, so the winner's tokens are dead too.
    expect((await me(winner)).statusCode).toBe(401);
    const next = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: winner.refreshToken },
    });
    expect(next.statusCode).toBe(401);
    // Every token of the family is revoked in the database.
    const [row] = await server.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    const family = await server.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row!.familyId));
    expect(family).toHaveLength(2);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('refuses an unknown or expired refresh token', async () => {
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    const tokens = await signInFresh(server.app, bizC.admin.email);
    await server.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, bizC.userIds[bizC.admin.email]!));
    const expired = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(expired.statusCode).toBe(401);
  });
});
