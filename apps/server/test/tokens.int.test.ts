import type { TokenPair } from '@sapa/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_AUDIENCE,
  type AccessClaims,
  createTokenService,
  MFA_AUDIENCE,
} from '../src/platform/auth/tokens.js';
import { postLogin, signInFresh, totpNow } from './auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let tokens: TokenPair;
let claims: AccessClaims;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Token');
  tokens = await signInFresh(server.app, biz.owner.email);
  claims = await server.deps.tokens.verifyAccess(tokens.accessToken);
});
afterAll(() => server.close());

const me = (authorization: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization, 'accept-language': 'en' },
  });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secretKey = () => new TextEncoder().encode(server.deps.config.jwtSecret);
const payloadOf = (c: AccessClaims) => ({
  cid: c.clientId,
  sid: c.sessionId,
  rol: c.role,
  csp: c.csPosition,
  fa: c.featureAccess,
  pf: c.planFeatures,
  cty: c.accountCountry,
});

async function expectRefused(authorization: string, label: string) {
  const res = await me(authorization);
  expect(res.statusCode, label).toBe(401);
  expect(res.json(), label).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  expect(res.json().user, label).toBeUndefined();
}

describe('access tokens', () => {
  it('accepts the genuine token and one re-signed with the real secret (the control)', async () => {
    expect((await me(`Bearer ${tokens.accessToken}`)).statusCode).toBe(200);
    const same = createTokenService({ secret: server.deps.config.jwtSecret, accessTtlSeconds: 60 });
    expect((await me(`Bearer ${(await same.signAccess(claims)).token}`)).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const forger = createTokenService({ secret: 'x'.repeat(64), accessTtlSeconds: 600 });
    await expectRefused(`Bearer ${(await forger.signAccess(claims)).token}`, 'forged');
  });

  it('refuses an expired token', async () => {
    const past = createTokenService({ secret: server.deps.config.jwtSecret, accessTtlSeconds: -60 });
    await expectRefused(`Bearer ${(await past.signAccess(claims)).token}`, 'expired');
    const res = await me(`Bearer ${(await past.signAccess(claims)).token}`);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses a token for another audience or issuer, and the mfa token', async () => {
    for (const [label, audience, issuer] of [
      ['mfa audience', MFA_AUDIENCE, 'sapa'],
      ['other audience', 'someone-else', 'sapa'],
      ['other issuer', ACCESS_AUDIENCE, 'evil'],
    ] as const) {
      const token = await new SignJWT(payloadOf(claims))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(secretKey());
      await expectRefused(`Bearer ${token}`, label);
    }
    const mfaToken = await server.deps.tokens.signMfa({ userId: claims.userId, clientId: claims.clientId });
    await expectRefused(`Bearer ${mfaToken}`, 'mfa token');
  });

  it("refuses alg 'none', another algorithm, and a token without a session", async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = {
      ...payloadOf(claims),
      sub: claims.userId,
      iss: 'sapa',
      aud: ACCESS_AUDIENCE,
      iat: now,
      exp: now + 300,
    };
    await expectRefused(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`, 'alg none');
    await expectRefused(`Bearer ${b64({ alg: 'none' })}.${b64(body)}`, 'alg none, two parts');
    const hs512 = await new SignJWT(payloadOf(claims))
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.userId)
      .setIssuer('sapa')
      .setAudience(ACCESS_AUDIENCE)
      .setExpirationTime('5m')
      .sign(secretKey());
    await expectRefused(`Bearer ${hs512}`, 'HS512');
    const { sid: _sid, ...withoutSession } = payloadOf(claims);
    const noSession = await new SignJWT(withoutSession)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('sapa')
      .setAudience(ACCESS_AUDIENCE)
      .setExpirationTime('5m')
      .sign(secretKey());
    await expectRefused(`Bearer ${noSession}`, 'no sid');
    // A tampered payload (role raised) with the original signature.
    const [h, , s] = tokens.accessToken.split('.');
    const raised = {
      ...JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString()),
      rol: 'SAD',
    };
    await expectRefused(`Bearer ${h}.${b64(raised)}.${s}`, 'tampered');
  });

  it('refuses garbage and missing credentials', async () => {
    for (const header of [
      'Bearer garbage',
      'Bearer a.b.c',
      'Bearer ',
      'Bearer',
      `Basic ${tokens.accessToken}`,
      tokens.accessToken,
      'Bearer ☃',
    ]) {
      await expectRefused(header, header);
    }
    const none = await server.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
  });

  it('refuses a refresh token or an mfa token presented as the other', async () => {
    await expectRefused(`Bearer ${tokens.refreshToken}`, 'refresh as access');
    const asRefresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.accessToken },
    });
    expect(asRefresh.statusCode).toBe(401);
    const asMfa = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { mfaToken: tokens.accessToken, code: '123456' },
    });
    expect(asMfa.statusCode).toBe(401);
  });
});

describe('refresh-token reuse', () => {
  it('revokes the whole family, including sessions continued by refresh', async () => {
    const first = await signInFresh(server.app, biz.admin.email);
    const other = await signInFresh(server.app, biz.admin.email); // another device: its own family
    const r1 = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    const second = r1.json() as TokenPair;
    const r2 = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    const third = r2.json() as TokenPair;
    expect((await me(`Bearer ${third.accessToken}`)).statusCode).toBe(200);

    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    for (const pair of [first, second, third]) {
      await expectRefused(`Bearer ${pair.accessToken}`, 'family access');
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: pair.refreshToken },
      });
      expect(r.statusCode).toBe(401);
    }
    // The other device's session is a different family: untouched.
    expect((await me(`Bearer ${other.accessToken}`)).statusCode).toBe(200);
  });

  it('keeps an MFA sign-in family separate too', async () => {
    const t = await signInFresh(server.app, biz.agent.email);
    const setup = await server.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/setup',
      headers: bearer(t),
      payload: {},
    });
    const secret = setup.json().secret as string;
    await server.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/activate',
      headers: bearer(t),
      payload: { code: totpNow(secret) },
    });
    const login = await postLogin(server.app, { email: biz.agent.email, password: PASSWORD });
    expect(login.json().status).toBe('mfa_required');
    const done = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { mfaToken: login.json().mfaToken, code: totpNow(secret) },
    });
    expect(done.statusCode).toBe(200);
    const pair = done.json() as TokenPair;
    const rotated = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    await expectRefused(`Bearer ${rotated.json().accessToken}`, 'after reuse');
    expect((await me(`Bearer ${t.accessToken}`)).statusCode).toBe(200);
  });
});
