import type { TokenPair } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { passwordHistory, refreshTokens, users } from './identity.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Sandi');
});
afterAll(() => server.close());

function changePassword(tokens: TokenPair, body: Record<string, unknown>, lang = 'en') {
  return server.app.inject({
    method: 'PUT',
    url: '/api/users/me/password',
    headers: { ...bearer(tokens), 'accept-language': lang },
    payload: body,
  });
}

async function userRow(email: string) {
  const [row] = await server.deps.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

describe('stored credentials', () => {
  it('hashes passwords with argon2id, never in clear', async () => {
    const row = await userRow(biz.owner.email);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(PASSWORD);
    const history = await server.deps.db
      .select()
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, row.id));
    expect(history.length).toBe(1);
    expect(history[0]!.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('stores refresh tokens as hashes only', async () => {
    const tokens = await signInFresh(server.app, biz.admin.email);
    const rows = await server.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, biz.userIds[biz.admin.email]!));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toBe(tokens.refreshToken);
    }
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(tokens.refreshToken);
    expect(dump).not.toContain(tokens.accessToken);
    // The access token is short-lived: minutes, not days.
    const ttl = tokens.accessExpiresAt - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe('password rules (001 §5) on change password', () => {
  let tokens: TokenPair;
  beforeAll(async () => {
    tokens = await signInFresh(server.app, biz.agent.email);
  });

  it.each([
    ['short', 'abc12', 'Password must be at least 8 characters'],
    ['letters only', 'abcdefghij', 'Password must contain letters and numbers'],
    ['digits only', '1234567890', 'Password must contain letters and numbers'],
    ['special characters but no digit', 'abc!@#$%^&', 'Password must contain letters and numbers'],
  ])('refuses a new password that is %s', async (_label, newPassword, message) => {
    const res = await changePassword(tokens, {
      currentPassword: PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      fields: { newPassword: message },
    });
  });

  it('answers in Indonesian by default', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(tokens),
      payload: { currentPassword: PASSWORD, newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.newPassword).toBe('Kata sandi minimal 8 karakter');
  });

  it('requires current, new and confirm, and new must equal confirm', async () => {
    const empty = await changePassword(tokens, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      currentPassword: 'Password is required',
      newPassword: 'Password is required',
    });
    const mismatch = await changePassword(tokens, {
      currentPassword: PASSWORD,
      newPassword: 'baru12345',
      confirmPassword: 'baru12346',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'New password and confirmation do not match' });
  });

  it('refuses a wrong current password', async () => {
    const res = await changePassword(tokens, {
      currentPassword: 'bukan12345',
      newPassword: 'baru12345',
      confirmPassword: 'baru12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ currentPassword: 'Current password is wrong' });
  });

  it('refuses the current password as the new one (recently used)', async () => {
    const res = await changePassword(tokens, {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This password was used recently. Choose another one.',
      fields: { newPassword: 'This password was used recently. Choose another one.' },
    });
  });

  it('accepts special characters, signs the user out everywhere, and then refuses a recently used one', async () => {
    const other = await signInFresh(server.app, biz.agent.email); // a second device
    const next = 'S3nd!-@#Kuat';
    const ok = await changePassword(tokens, {
      currentPassword: PASSWORD,
      newPassword: next,
      confirmPassword: next,
    });
    expect(ok.statusCode, ok.body).toBe(200);

    // Both sessions end: old access tokens and refresh tokens are refused.
    for (const pair of [tokens, other]) {
      const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(pair) });
      expect(me.statusCode).toBe(401);
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: pair.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    }
    // The old password no longer signs in; the new one does.
    const old = await postLogin(server.app, { email: biz.agent.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await signInFresh(server.app, biz.agent.email, next);
    const row = await userRow(biz.agent.email);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);

    // Change again, then try to go back to the first password: it is in the history.
    const third = 'Ketiga999';
    expect(
      (await changePassword(fresh, { currentPassword: next, newPassword: third, confirmPassword: third }))
        .statusCode,
    ).toBe(200);
    const latest = await signInFresh(server.app, biz.agent.email, third);
    const back = await changePassword(latest, {
      currentPassword: third,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('password.usedRecently');
    const stillThird = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(latest),
    });
    expect(stillThird.statusCode).toBe(200);
  });
});
