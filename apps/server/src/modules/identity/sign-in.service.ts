import type { LoginResponse, TokenPair } from '@sapa/contracts';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, tooManyRequests, unauthorized } from '../../platform/http/errors.js';
import { RateLimiter } from '../../platform/http/rate-limiter.js';
import {
  clearFailures,
  MFA_THROTTLE,
  recordFailure,
  refuseWhileLocked,
  SIGN_IN_THROTTLE,
} from './attempt-throttle.js';
import * as repo from './identity.repository.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { verifyTotp } from './totp.js';

/**
 * Sign-in limits. The lockouts (wrong passwords per email and address, wrong 2FA codes per user and address)
 * live in the database (attempt-throttle.ts), shared by every process; this in-memory flood guard only caps
 * the attempts of one address per minute on one process, whatever the email.
 */
export interface SignInLimits {
  perIp: RateLimiter;
}

export function createSignInLimits(): SignInLimits {
  return { perIp: new RateLimiter({ limit: 30, windowMs: 60_000 }) };
}

function refuseWhenLimited(limiter: RateLimiter, key: string): void {
  const wait = limiter.retryAfterSeconds(key);
  if (wait > 0) throw tooManyRequests('auth.tooManyAttempts', wait);
}

/** What modules above identity record as a session opens (the audit log: every sign-in, 001 §2). */
export type SignInHook = (session: {
  userId: string;
  clientId: string;
  ip: string;
  mfa: boolean;
}) => Promise<void>;

/** Opens the session and tells the hook. */
async function signedIn(
  deps: ServerDeps,
  onSignIn: SignInHook,
  session: { userId: string; clientId: string; ip: string; mfa: boolean },
): Promise<TokenPair> {
  const tokens = await openSession(deps, session.userId, session.clientId);
  await onSignIn(session);
  return tokens;
}

export async function signIn(
  deps: ServerDeps,
  limits: SignInLimits,
  input: { email: string; password: string; clientId?: string | undefined; ip: string },
  onSignIn: SignInHook,
): Promise<LoginResponse> {
  const attempt = { accountKey: input.email.toLowerCase(), address: input.ip };
  refuseWhenLimited(limits.perIp, input.ip);
  limits.perIp.hit(input.ip);
  await refuseWhileLocked(deps.db, SIGN_IN_THROTTLE, attempt);

  const user = await repo.findUserByEmail(deps.db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await recordFailure(deps.db, SIGN_IN_THROTTLE, attempt);
    throw unauthorized('auth.invalidCredentials');
  }
  if (user.status !== 'active') throw new AppError(403, 'auth.userInactive');
  await clearFailures(deps.db, SIGN_IN_THROTTLE, attempt);

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
  const session = { userId: user.id, clientId: chosen.client.id, ip: input.ip, mfa: false };
  return { status: 'ok', tokens: await signedIn(deps, onSignIn, session) };
}

/** The second step of a sign-in with 2FA on: the 6-digit code from the authenticator app. */
export async function completeMfaSignIn(
  deps: ServerDeps,
  input: { mfaToken: string; code: string; ip: string },
  onSignIn: SignInHook,
): Promise<TokenPair> {
  let subject: { userId: string; clientId: string };
  try {
    subject = await deps.tokens.verifyMfa(input.mfaToken);
  } catch {
    throw unauthorized('auth.sessionExpired');
  }
  const attempt = { accountKey: subject.userId, address: input.ip };
  await refuseWhileLocked(deps.db, MFA_THROTTLE, attempt);
  const user = await repo.findUserById(deps.db, subject.userId);
  if (user?.status !== 'active' || !user.totpEnabled || !user.totpSecret)
    throw unauthorized('auth.sessionExpired');
  if (!verifyTotp(deps.secrets.open(user.totpSecret), input.code)) {
    await recordFailure(deps.db, MFA_THROTTLE, attempt);
    throw new AppError(400, 'auth.mfaInvalid', { fields: { code: 'auth.mfaInvalid' } });
  }
  await clearFailures(deps.db, MFA_THROTTLE, attempt);
  return signedIn(deps, onSignIn, { userId: user.id, clientId: subject.clientId, ip: input.ip, mfa: true });
}
