import { randomInt } from 'node:crypto';
import {
  RESET_MAX_REQUESTS_PER_HOUR,
  RESET_OTP_LENGTH,
  RESET_OTP_MAX_ATTEMPTS,
  RESET_OTP_RESEND_SECONDS,
  RESET_OTP_TTL_SECONDS,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, tooManyRequests } from '../../platform/http/errors.js';
import { assertPasswordNotRecent } from './account.service.js';
import * as repo from './identity.repository.js';
import { hashPassword } from './passwords.js';
import { endAllSessions } from './sessions.js';

/** How long a verified OTP lets the user choose a new password. */
const RESET_SESSION_SECONDS = 15 * 60;

const codeHash = (resetId: string, code: string) => sha256(`${resetId}:${code}`);

/** Sends a one-time code to a person (app.ts hands in notifications' sender). */
export type SendCode = (message: {
  channel: 'email' | 'whatsapp';
  recipient: string;
  userId: string;
  subject: string;
  body: string;
  code: string;
}) => Promise<void>;

/**
 * Starts a reset. The answer is the same whether or not an active account has that email or number (no
 * enumeration, issue 15): for none, a reset row whose code can never match is stored (so the resend limit and a
 * guessed code answer alike) and nothing is sent.
 */
export async function requestPasswordReset(
  deps: ServerDeps,
  sendCode: SendCode,
  input: { channel: 'email'; email: string } | { channel: 'phone'; phone: string },
) {
  // The contract has already put a phone number in its stored form (628…).
  const typed = input.channel === 'email' ? input.email.trim().toLowerCase() : input.phone;
  const found =
    input.channel === 'email'
      ? await repo.findUserByEmail(deps.db, typed)
      : await repo.findUserByPhone(deps.db, typed);
  const user = found?.status === 'active' ? found : undefined;
  await refuseTooFrequent(deps, input.channel, typed);

  const id = uuidv7();
  const code = String(randomInt(0, 10 ** RESET_OTP_LENGTH)).padStart(RESET_OTP_LENGTH, '0');
  const expiresAt = new Date(Date.now() + RESET_OTP_TTL_SECONDS * 1000);
  const destination = user ? (input.channel === 'email' ? user.email : (user.phone ?? typed)) : typed;
  await repo.insertPasswordReset(deps.db, {
    id,
    userId: user?.id ?? null,
    channel: input.channel,
    destination,
    codeHash: codeHash(id, user ? code : randomToken()),
    expiresAt,
  });
  if (user) {
    await sendCode({
      channel: input.channel === 'email' ? 'email' : 'whatsapp',
      recipient: destination,
      userId: user.id,
      subject: `${deps.partner.brandName} password reset`,
      body: `${code} is your ${deps.partner.brandName} password reset code. It expires in ${RESET_OTP_TTL_SECONDS / 60} minutes. / ${code} adalah kode atur ulang kata sandi ${deps.partner.brandName} Anda.`,
      code,
    });
  }
  return { resetId: id, expiresAt: expiresAt.getTime(), resendAfterSeconds: RESET_OTP_RESEND_SECONDS };
}

/** 001 §5 resend countdown and hourly cap, per email or number (whether or not it has an account). */
async function refuseTooFrequent(deps: ServerDeps, channel: 'email' | 'phone', destination: string) {
  const recent = await repo.recentResetsTo(deps.db, channel, destination, new Date(Date.now() - 3600_000));
  const last = recent[0];
  if (last) {
    const waited = (Date.now() - last.createdAt.getTime()) / 1000;
    if (waited < RESET_OTP_RESEND_SECONDS)
      throw tooManyRequests('reset.tooManyRequests', RESET_OTP_RESEND_SECONDS - waited);
  }
  if (recent.length >= RESET_MAX_REQUESTS_PER_HOUR) throw tooManyRequests('reset.tooManyRequests', 3600);
}

export async function verifyPasswordResetOtp(deps: ServerDeps, input: { resetId: string; otp: string }) {
  const reset = await repo.findPasswordReset(deps.db, input.resetId);
  if (!reset || reset.consumedAt || reset.verifiedAt) throw new AppError(400, 'reset.sessionExpired');
  if (reset.attempts >= RESET_OTP_MAX_ATTEMPTS) throw tooManyRequests('reset.tooManyRequests', 60);
  if (reset.expiresAt.getTime() <= Date.now())
    throw badRequest('reset.otpExpired', { otp: 'reset.otpExpired' });
  if (codeHash(reset.id, input.otp) !== reset.codeHash) {
    await repo.incrementResetAttempts(deps.db, reset.id);
    throw badRequest('reset.otpIncorrect', { otp: 'reset.otpIncorrect' });
  }
  const resetToken = randomToken();
  await repo.updatePasswordReset(deps.db, reset.id, {
    verifiedAt: new Date(),
    resetTokenHash: sha256(resetToken),
  });
  return { resetToken };
}

export async function completePasswordReset(
  deps: ServerDeps,
  input: { resetToken: string; newPassword: string },
) {
  const reset = await repo.findPasswordResetByToken(deps.db, sha256(input.resetToken));
  if (
    !reset?.verifiedAt ||
    !reset.userId ||
    reset.consumedAt ||
    reset.verifiedAt.getTime() + RESET_SESSION_SECONDS * 1000 <= Date.now()
  ) {
    throw new AppError(400, 'reset.sessionExpired');
  }
  const user = await repo.findUserById(deps.db, reset.userId);
  if (user?.status !== 'active') throw new AppError(403, 'auth.userInactive');
  await assertPasswordNotRecent(deps, user.id, user.passwordHash, input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.updatePasswordReset(tx, reset.id, { consumedAt: new Date() });
  });
  await endAllSessions(deps, user.id);
}
