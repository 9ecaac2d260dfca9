import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, signInFresh, totpNow, wrongTotp } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { users } from './identity.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Dua Langkah');
});
afterAll(() => server.close());

const post = (url: string, tokens: TokenPair | null, payload: unknown, lang?: string) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(tokens ? bearer(tokens) : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: payload as Record<string, unknown>,
  });

describe('TOTP two-factor verification', () => {
  let tokens: TokenPair;
  let secret: string;

  beforeAll(async () => {
    tokens = await signInFresh(server.app, biz.owner.email);
  });

  it('is off until set up and activated', async () => {
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/users/me/mfa',
      headers: bearer(tokens),
    });
    expect(status.json()).toEqual({ enabled: false });
    const activate = await post('/api/users/me/mfa/activate', tokens, { code: '123456' }, 'en');
    expect(activate.statusCode).toBe(409);
    expect(activate.json().message).toBe('Two-factor verification has not been set up.');
  });

  it('sets up a secret (stored encrypted) that sign-in ignores until activation', async () => {
    const setup = await post('/api/users/me/mfa/setup', tokens, {});
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauthUrl).toContain(`secret=${secret}`);
    expect(body.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const [row] = await server.deps.db.select().from(users).where(eq(users.email, biz.owner.email));
    expect(row!.totpEnabled).toBe(false);
    expect(row!.totpSecret).toBeTruthy();
    expect(row!.totpSecret).not.toContain(secret);

    // Not activated: sign-in still completes with the password alone.
    const login = await postLogin(server.app, { email: biz.owner.email, password: PASSWORD });
    expect(login.json().status).toBe('ok');
  });

  it('refuses a wrong or malformed activation code with a translated 400', async () => {
    const wrong = await post('/api/users/me/mfa/activate', tokens, { code: wrongTotp(secret) }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid verification code.',
      fields: { code: 'Invalid verification code.' },
    });
    const wrongId = await post('/api/users/me/mfa/activate', tokens, { code: wrongTotp(secret) });
    expect(wrongId.json().message).toBe('Kode verifikasi tidak valid.');
    const short = await post('/api/users/me/mfa/activate', tokens, { code: '12345' }, 'en');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ code: 'The code has 6 digits' });
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/users/me/mfa',
      headers: bearer(tokens),
    });
    expect(status.json()).toEqual({ enabled: false });
  });

  it('activates with the current code', async () => {
    const ok = await post('/api/users/me/mfa/activate', tokens, { code: totpNow(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ enabled: true });
    const again = await post('/api/users/me/mfa/setup', tokens, {});
    expect(again.statusCode).toBe(409);
  });

  it('makes sign-in ask for the code, and /api/auth/login/mfa completes it', async () => {
    const login = await postLogin(server.app, { email: biz.owner.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.status).toBe('mfa_required');
    expect(body.tokens).toBeUndefined();
    expect(typeof body.mfaToken).toBe('string');

    // The mfa token is not an access token.
    const asBearer = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.mfaToken}` },
    });
    expect(asBearer.statusCode).toBe(401);

    const wrong = await post(
      '/api/auth/login/mfa',
      null,
      { mfaToken: body.mfaToken, code: wrongTotp(secret) },
      'en',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code.');

    const done = await post('/api/auth/login/mfa', null, { mfaToken: body.mfaToken, code: totpNow(secret) });
    expect(done.statusCode).toBe(200);
    const pair = done.json() as TokenPair;
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(pair) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ mfaEnabled: true, user: { email: biz.owner.email } });
  });

  it('refuses a forged mfa token', async () => {
    const res = await post('/api/auth/login/mfa', null, {
      mfaToken: 'eyJhbGciOiJIUzI1NiJ9.e30.abc',
      code: totpNow(secret),
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits wrong codes per user', async () => {
    const login = await postLogin(server.app, { email: biz.owner.email, password: PASSWORD });
    const mfaToken = login.json().mfaToken as string;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/auth/login/mfa', null, { mfaToken, code: wrongTotp(secret) })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await post('/api/auth/login/mfa', null, { mfaToken, code: totpNow(secret) });
    expect(right.statusCode).toBe(429);
  });

  it('deactivates with a valid code; sign-in is one step again', async () => {
    const wrong = await post('/api/users/me/mfa/deactivate', tokens, { code: wrongTotp(secret) });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/users/me/mfa/deactivate', tokens, { code: totpNow(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    const login = await postLogin(server.app, { email: biz.owner.email, password: PASSWORD });
    expect(login.json().status).toBe('ok');
  });
});
