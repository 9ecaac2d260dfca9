import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCount, postLogin, signInFresh, waitForResetCode } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness, PASSWORD } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { passwordResets } from './identity.schema.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let phoneUser: { email: string; phone: string };

beforeAll(async () => {
  server = await startTestServer();
  const phone = `62813${String(Date.now()).slice(-8)}`;
  biz = await makeBusiness(server.deps.db, 'Lupa', [{ name: 'Telepon', phone }, { name: 'Dikenal' }]);
  phoneUser = { email: biz.members[3]!.email, phone };
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': lang },
    payload: payload as Record<string, unknown>,
  });

/** Lets the user ask again at once (the 60 s resend countdown is the rule under test elsewhere). */
async function ageResets(userEmail: string) {
  const userId = biz.userIds[userEmail]!;
  await server.deps.db
    .update(passwordResets)
    .set({ createdAt: sql`now() - interval '2 minutes'` })
    .where(eq(passwordResets.userId, userId));
}

describe('forgot password by email', () => {
  it('answers an unknown email or phone exactly as a known one, and sends nothing (no enumeration)', async () => {
    const shape = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
      const body = res.json();
      return {
        status: res.statusCode,
        keys: Object.keys(body).sort(),
        resetId: typeof body.resetId === 'string' && /^[0-9a-f-]{36}$/.test(body.resetId),
        resend: body.resendAfterSeconds,
        ttl: Math.round(((body.expiresAt as number) - Date.now()) / 60_000),
      };
    };
    const known = await post('/api/auth/password/forgot', { channel: 'email', email: biz.members[4]!.email });
    const unknown = await post('/api/auth/password/forgot', {
      channel: 'email',
      email: 'nobody-here@example.com',
    });
    expect(shape(unknown)).toEqual(shape(known));
    const unknownPhone = await post('/api/auth/password/forgot', { channel: 'phone', phone: '081299999999' });
    expect(shape(unknownPhone)).toEqual(shape(known));

    // Asking again at once is refused alike, and a code for the unknown address fails like a wrong one.
    const again = await post('/api/auth/password/forgot', {
      channel: 'email',
      email: 'Nobody-Here@example.com',
    });
    expect(again.statusCode).toBe(429);
    const guess = await post('/api/auth/password/verify', { resetId: unknown.json().resetId, otp: '12345' });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().code).toBe('reset.otpIncorrect');
    await waitForResetCode(server.deps.db, biz.members[4]!.email);
    expect(await outboxCount(server.deps.db, 'nobody-here@example.com')).toBe(0);
    expect(await outboxCount(server.deps.db, '6281299999999')).toBe(0);

    const badPhone = await post('/api/auth/password/forgot', { channel: 'phone', phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields).toEqual({ phone: 'Phone number format is invalid' });
  });

  it('sends a 5-digit code through the outbox, refuses a resend within 60 s, wrong and expired codes, then resets', async () => {
    const user = biz.agent;
    const sessionBefore = await signInFresh(server.app, user.email);
    const first = await post('/api/auth/password/forgot', {
      channel: 'email',
      email: user.email.toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const { resetId, resendAfterSeconds, expiresAt } = first.json();
    expect(resendAfterSeconds).toBe(60);
    expect(expiresAt).toBeGreaterThan(Date.now());

    // The pg-boss worker delivers the message; the code is 5 digits and is not stored in clear.
    const delivered = await waitForResetCode(server.deps.db, user.email, 0);
    expect(delivered.channel).toBe('email');
    expect(delivered.code).toMatch(/^\d{5}$/);
    const [stored] = await server.deps.db.select().from(passwordResets).where(eq(passwordResets.id, resetId));
    expect(stored!.codeHash).not.toContain(delivered.code);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // Asking again within 60 s: 429 with Retry-After, and nothing more is sent.
    const again = await post('/api/auth/password/forgot', { channel: 'email', email: user.email });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Too many requests. Please wait before asking for a new code.');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await outboxCount(server.deps.db, user.email)).toBe(1);

    // A wrong code, a malformed one.
    const wrongCode = delivered.code === '00000' ? '11111' : '00000';
    const wrong = await post('/api/auth/password/verify', { resetId, otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'The OTP code is incorrect',
      fields: { otp: 'The OTP code is incorrect' },
    });
    const wrongId = await post('/api/auth/password/verify', { resetId, otp: wrongCode }, 'id');
    expect(wrongId.json().message).toBe('Kode OTP salah');
    const sixDigits = await post('/api/auth/password/verify', { resetId, otp: '123456' });
    expect(sixDigits.statusCode).toBe(400);
    expect(sixDigits.json().fields).toEqual({ otp: 'The code has 5 digits' });
    const missing = await post('/api/auth/password/verify', { resetId, otp: '' });
    expect(missing.json().fields).toEqual({ otp: 'OTP is required' });

    // Expired: the right code no longer works.
    await server.deps.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.id, resetId));
    const expired = await post('/api/auth/password/verify', { resetId, otp: delivered.code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      message: 'The OTP code has expired',
      fields: { otp: 'The OTP code has expired' },
    });

    // A new request (after the countdown) sends a new code; the right code gives a reset token.
    await ageResets(user.email);
    const second = await post('/api/auth/password/forgot', { channel: 'email', email: user.email });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().resetId as string;
    expect(secondId).not.toBe(resetId);
    const code2 = (await waitForResetCode(server.deps.db, user.email, 1)).code;
    expect(await outboxCount(server.deps.db, user.email)).toBe(2);
    const verified = await post('/api/auth/password/verify', { resetId: secondId, otp: code2 });
    expect(verified.statusCode, verified.body).toBe(200);
    const { resetToken } = verified.json();
    expect(typeof resetToken).toBe('string');
    // The code is single-use.
    const reuse = await post('/api/auth/password/verify', { resetId: secondId, otp: code2 });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('reset.sessionExpired');

    // New password rules: format, confirmation, and the recent password is refused.
    const weak = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ newPassword: 'Password must contain letters and numbers' });
    const mismatch = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: 'Baru12345',
      confirmPassword: 'Baru12346',
    });
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'New password and confirmation do not match' });
    const recent = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(recent.statusCode).toBe(400);
    expect(recent.json().message).toBe('This password was used recently. Choose another one.');

    const done = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: 'Baru12345',
      confirmPassword: 'Baru12345',
    });
    expect(done.statusCode, done.body).toBe(200);

    // Sessions from before the reset are over; the old password is refused; the new one works.
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(sessionBefore),
    });
    expect(me.statusCode).toBe(401);
    const refresh = await post('/api/auth/refresh', { refreshToken: sessionBefore.refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect((await postLogin(server.app, { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    await signInFresh(server.app, user.email, 'Baru12345');

    // The reset token is single-use.
    const replay = await post('/api/auth/password/reset', {
      resetToken,
      newPassword: 'Lagi12345',
      confirmPassword: 'Lagi12345',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('The reset session has expired. Please start again.');
  });

  it('locks a reset after too many wrong codes', async () => {
    const user = biz.admin;
    const res = await post('/api/auth/password/forgot', { channel: 'email', email: user.email });
    expect(res.statusCode).toBe(200);
    const { resetId } = res.json();
    const { code } = await waitForResetCode(server.deps.db, user.email);
    const wrongCode = code === '00000' ? '11111' : '00000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/auth/password/verify', { resetId, otp: wrongCode })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await post('/api/auth/password/verify', { resetId, otp: code });
    expect(right.statusCode).toBe(429);
  });
});

describe('forgot password by phone', () => {
  it('accepts 08…, sends the code by WhatsApp to the stored 62… number, and resets', async () => {
    const local = `0${phoneUser.phone.slice(2)}`;
    const res = await post('/api/auth/password/forgot', { channel: 'phone', phone: local });
    expect(res.statusCode, res.body).toBe(200);
    const { resetId } = res.json();
    const delivered = await waitForResetCode(server.deps.db, phoneUser.phone);
    expect(delivered.channel).toBe('whatsapp');
    const again = await post('/api/auth/password/forgot', { channel: 'phone', phone: `+${phoneUser.phone}` });
    expect(again.statusCode).toBe(429);

    const verified = await post('/api/auth/password/verify', { resetId, otp: delivered.code });
    expect(verified.statusCode).toBe(200);
    const done = await post('/api/auth/password/reset', {
      resetToken: verified.json().resetToken,
      newPassword: 'Telepon#2024',
      confirmPassword: 'Telepon#2024',
    });
    expect(done.statusCode).toBe(200);
    await signInFresh(server.app, phoneUser.email, 'Telepon#2024');
  });

  it('refuses an unknown reset id', async () => {
    const res = await post('/api/auth/password/verify', {
      resetId: '018f0000-0000-7000-8000-000000000000',
      otp: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reset.sessionExpired');
  });
});
