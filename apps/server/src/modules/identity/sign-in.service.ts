import type { LoginResponse, TokenPair } from '@sapa/contracts';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, tooManyRequests, unauthorized } from '../../platform/http/errors.js';
import { RateLimiter } from '../../platform/http/rate-limiter.js';
import * as repo from './identity.repository.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { verifyTotp } from './totp.js';

/** Sign-in limits: attempts per IP per minute, failures per email per 15 minutes, 2FA codes per user. */
export interface SignInLimits {
  perIp: RateLimiter;
  perEmail: RateLimiter;
  perMfaUser: RateLimiter;
}

export function createSignInLimits(): SignInLimits {
  return {
    perIp: new RateLimiter({ limit: 30, windowMs: 60_000 }),
    perEmail: new RateLimiter({ limit: 5, windowMs: 15 * 60_000 }),
    perMfaUser: new RateLimiter({ limit: 5, windowMs: 15 * 60_000 }),
  };
}

function refuseWhenLimited(limiter: RateLimiter, key: string): void {
  const wait = limiter.retryAfterSeconds(key);
  if (wait > 0) throw tooManyRequests('auth.tooManyAttempts', wait);
}

export async function signIn(
  deps: ServerDeps,
  limits: SignInLimits,
  input: { email: string; password: string; clientId?: string | undefined; ip: string },
): Promise<LoginResponse> {
  const emailKey = input.email.toLowerCase();
  refuseWhenLimited(limits.perIp, input.ip);
  refuseWhenLimited(limits.perEmail, emailKey);
  limits.perIp.hit(input.ip);

  const user = await repo.findUserByEmail(deps.db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    limits.perEmail.hit(emailKey);
    throw unauthorized('auth.invalidCredentials');
  }
  if (user.status !== 'active') throw new AppError(403, 'auth.userInactive');
  limits.perEmail.reset(emailKey);

  const memberships = await repo.listActiveMemberships(deps.db, user.id);
  if (memberships.length === 0) throw unauthorized('auth.invalidCredentials');
  let chosen = memberships[0]!;
  if (input.clientId) {
    const match = memberships.find((m) => m.client.id === input.clientId);
    if (!match) throw new AppError(403, 'auth.noClient');
    chosen = match;
  } else if (memberships.length > 1) {
    return {
      status: 'select_client',
      clients: memberships.map((m) => ({
        clientId: m.client.id,
        name: m.client.name,
        role: m.membership.role,
      })),
    };
  }
  if (user.totpEnabled) {
    return {
      status: 'mfa_required',
      mfaToken: await deps.tokens.signMfa({ userId: user.id, clientId: chosen.client.id }),
    };
  }
  return { status: 'ok', tokens: await openSession(deps, user.id, chosen.client.id) };
}

/** The second step of a sign-in with 2FA on: the 6-digit code from the authenticator app. */
export async function completeMfaSignIn(
  deps: ServerDeps,
  limits: SignInLimits,
  input: { mfaToken: string; code: string },
): Promise<TokenPair> {
  let subject: { userId: string; clientId: string };
  try {
    subject = await deps.tokens.verifyMfa(input.mfaToken);
  } catch {
    throw unauthorized('auth.sessionExpired');
  }
  refuseWhenLimited(limits.perMfaUser, subject.userId);
  const user = await repo.findUserById(deps.db, subject.userId);
  if (user?.status !== 'active' || !user.totpEnabled || !user.totpSecret)
    throw unauthorized('auth.sessionExpired');
  if (!verifyTotp(deps.secrets.open(user.totpSecret), input.code)) {
    limits.perMfaUser.hit(subject.userId);
    throw new AppError(400, 'auth.mfaInvalid', { fields: { code: 'auth.mfaInvalid' } });
  }
  limits.perMfaUser.reset(subject.userId);
  return openSession(deps, user.id, subject.clientId);
}
