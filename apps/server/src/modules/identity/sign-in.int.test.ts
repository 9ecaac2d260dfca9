import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeBusiness, PASSWORD, signIn } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db);
});
afterAll(() => server.close());

describe('sign in', () => {
  it('refuses a wrong password with the spec message, in Indonesian by default and in English on request', async () => {
    const id = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: biz.owner.email, password: 'salah1234' },
    });
    expect(id.statusCode).toBe(401);
    expect(id.json().message).toBe('Email atau kata sandi tidak valid');
    const en = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'nobody@example.com', password: 'salah1234' },
    });
    expect(en.statusCode).toBe(401);
    expect(en.json().message).toBe('Email or password is invalid');
  });

  it('signs in, answers me, and takes the email case-insensitively', async () => {
    const tokens = await signIn(server.app, biz.owner.email.toUpperCase());
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'OWN',
      user: { email: biz.owner.email },
      client: { id: biz.clientId },
    });
  });

  it('rate-limits repeated failures for one email with 429 and a Retry-After', async () => {
    const email = biz.agent.email;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'salah1234' },
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits out the window.
    const right = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });

  it('rotates refresh tokens and revokes the whole family when an old one is reused', async () => {
    const first = await signIn(server.app, biz.admin.email);
    const r1 = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // Replaying the first token: refused, and the family (including the new access token) is revoked.
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second) });
    expect(me.statusCode).toBe(401);
    const r2 = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    expect(r2.statusCode).toBe(401);
  });

  it('signs out: the access token stops working at once and the refresh token is dead', async () => {
    const tokens = await signIn(server.app, biz.owner.email);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
    expect(me.statusCode).toBe(401);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(r.statusCode).toBe(401);
  });
});
