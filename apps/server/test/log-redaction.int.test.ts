import { Writable } from 'node:stream';
import type { TokenPair } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defineJobs } from '../src/app.js';
import { contacts } from '../src/modules/contacts/contacts.schema.js';
import { createLogger } from '../src/platform/logging/logger.js';
import { nextIp, totpNow, waitForResetCode } from './auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
/** The same server's routes on the same database, logging at debug: every request and reply is logged. */
let verbose: FastifyInstance;
let verboseLogs = '';
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk, _enc, cb) {
        verboseLogs += chunk.toString();
        cb();
      },
    }),
  });
  const built = await buildApp(
    { ...server.deps, logger, config: { ...server.deps.config, logLevel: 'debug' } },
    defineJobs(server.deps),
  );
  verbose = built.app;
  await verbose.ready();
  biz = await makeBusiness(server.deps.db, 'Log');
});
afterAll(async () => {
  await verbose?.close();
  await server.close();
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `secret` appears in `text` as itself (not as part of a longer run of the same characters, like a timestamp). */
const leaks = (text: string, secret: string) =>
  new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(secret)}(?![A-Za-z0-9_-])`).test(text);

describe('no password, token, code or secret reaches the logs', () => {
  it('redacts secret fields wherever a log call puts them', () => {
    const before = server.logs().length;
    const probe = {
      password: 'probe-Password-1',
      refreshToken: 'probe-refresh-token',
      token: 'probe-token',
      code: '918273',
      secret: 'PROBESECRETBASE32',
      body: { password: 'probe-nested-pass', newPassword: 'probe-new-pass', otp: '55555' },
      req: { body: { resetToken: 'probe-reset-token' }, headers: { authorization: 'Bearer probe-bearer' } },
    };
    server.deps.logger.info(probe, 'probe');
    const line = server.logs().slice(before);
    expect(line).toContain('"msg":"probe"');
    expect(line).toContain('[redacted]');
    for (const value of [
      'probe-Password-1',
      'probe-refresh-token',
      'probe-token',
      '918273',
      'PROBESECRETBASE32',
      'probe-nested-pass',
      'probe-new-pass',
      '55555',
      'probe-reset-token',
      'probe-bearer',
    ]) {
      expect(line, value).not.toContain(value);
    }
  });

  it("never logs a failed statement's parameters or the values PostgreSQL quotes back", async () => {
    const before = server.logs().length;
    const contact = {
      clientId: biz.clientId,
      name: 'Siti Rahasia Pelanggan',
      phone: '6281299990001',
      email: 'siti.rahasia@example.com',
    };
    await server.deps.db.insert(contacts).values({ ...contact, id: uuidv7() });
    // The same phone again: a unique violation whose statement carries the name, phone and e-mail, and whose
    // detail names the phone.
    const duplicate = await server.deps.db
      .insert(contacts)
      .values({ ...contact, id: uuidv7() })
      .catch((err: unknown) => err);
    // A value PostgreSQL quotes in its message (a name where an id belongs).
    const badId = await server.deps.db
      .select()
      .from(contacts)
      .where(sql`${contacts.id} = ${'Siti Rahasia Pelanggan'}::uuid`)
      .catch((err: unknown) => err);
    expect(String(duplicate)).toContain('6281299990001');
    server.deps.logger.error({ err: duplicate }, 'statement failed');
    server.deps.logger.error({ err: badId }, 'statement failed');
    server.deps.logger.warn({ error: duplicate }, 'statement failed');
    const text = server.logs().slice(before);
    expect(text).toContain('Failed query');
    expect(text).toContain('contacts_phone_key');
    expect(text).toContain('duplicate key value violates unique constraint');
    for (const personal of ['Siti Rahasia Pelanggan', '6281299990001', 'siti.rahasia@example.com'])
      expect(text, personal).not.toContain(personal);
  });

  it('keeps sign-in, refresh, password change, 2FA and forgot-password flows out of the logs', async () => {
    const secrets: string[] = [PASSWORD];
    const post = (url: string, payload: object, tokens?: TokenPair) =>
      verbose.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: tokens ? bearer(tokens) : {},
        payload,
      });

    // Sign in and refresh.
    const login = await post('/api/auth/login', { email: biz.owner.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    let tokens = login.json().tokens as TokenPair;
    const refreshed = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(tokens.accessToken, tokens.refreshToken);
    tokens = refreshed.json();
    secrets.push(tokens.accessToken, tokens.refreshToken);
    // A token in the query string (the WebSocket style) and a wrong password.
    await verbose.inject({
      method: 'GET',
      url: `/api/users/me?token=${tokens.accessToken}`,
      headers: bearer(tokens),
    });
    await post('/api/auth/login', { email: biz.owner.email, password: 'Salah-Sandi-777' });
    secrets.push('Salah-Sandi-777');

    // Change password.
    const changed = 'Ganti-Sandi-2024';
    const change = await verbose.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(tokens),
      payload: { currentPassword: PASSWORD, newPassword: changed, confirmPassword: changed },
    });
    expect(change.statusCode).toBe(200);
    secrets.push(changed);
    const again = await post('/api/auth/login', { email: biz.owner.email, password: changed });
    tokens = again.json().tokens;
    secrets.push(tokens.accessToken, tokens.refreshToken);

    // 2FA: setup, activation, sign-in with the code.
    const setup = await post('/api/users/me/mfa/setup', {}, tokens);
    const secret = setup.json().secret as string;
    secrets.push(secret);
    const activationCode = totpNow(secret);
    expect((await post('/api/users/me/mfa/activate', { code: activationCode }, tokens)).statusCode).toBe(200);
    const mfaLogin = await post('/api/auth/login', { email: biz.owner.email, password: changed });
    const mfaToken = mfaLogin.json().mfaToken as string;
    secrets.push(mfaToken);
    const code = totpNow(secret);
    const mfaDone = await post('/api/auth/login/mfa', { mfaToken, code });
    expect(mfaDone.statusCode).toBe(200);
    secrets.push(code, activationCode, mfaDone.json().accessToken, mfaDone.json().refreshToken);

    // Forgot password: OTP, reset token, new password.
    const forgot = await post('/api/auth/password/forgot', { channel: 'email', email: biz.agent.email });
    expect(forgot.statusCode).toBe(200);
    const otp = (await waitForResetCode(server.deps.db, biz.agent.email)).code;
    secrets.push(otp);
    const verify = await post('/api/auth/password/verify', { resetId: forgot.json().resetId, otp });
    expect(verify.statusCode).toBe(200);
    const resetToken = verify.json().resetToken as string;
    secrets.push(resetToken);
    const reset = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: 'Reset-Sandi-99',
      confirmPassword: 'Reset-Sandi-99',
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('Reset-Sandi-99');

    // A malformed body that carries a password.
    const malformed = await verbose.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"x@example.com","password":"Rusak-Sandi-55"`,
    });
    expect(malformed.statusCode).toBe(400);
    secrets.push('Rusak-Sandi-55');

    // The verbose app really logged the requests, with their paths only.
    expect(verboseLogs).toContain('incoming request');
    expect(verboseLogs).toContain('"url":"/api/auth/password/reset"');
    expect(verboseLogs).toContain('"url":"/api/users/me"');
    for (const [name, text] of [
      ['debug app', verboseLogs],
      ['test server', server.logs()],
    ] as const) {
      const found = secrets.filter((s) => leaks(text, s));
      expect(found, `${name} logs contain secrets`).toEqual([]);
    }
    expect(secrets.length).toBeGreaterThanOrEqual(15);
    // The leak check itself finds a secret that is there.
    expect(leaks(`${verboseLogs}{"note":"${secrets[1]}"}`, secrets[1]!)).toBe(true);
  });
});
