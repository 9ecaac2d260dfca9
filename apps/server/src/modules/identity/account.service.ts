import { type Language, type Me, PASSWORD_HISTORY_DEPTH } from '@sapa/contracts';
import QRCode from 'qrcode';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, unauthorized } from '../../platform/http/errors.js';
import { consentOf } from '../activity/index.js';
import * as repo from './identity.repository.js';
import { type MeCache, publishIdentityChanged } from './me-cache.js';
import { hashPassword, matchesAny, verifyPassword } from './passwords.js';
import { endAllSessions } from './sessions.js';
import { generateTotpSecret, totpUri, verifyTotp } from './totp.js';

export function getMe(deps: ServerDeps, auth: AuthContext, cache: MeCache): Promise<Me> {
  return cache.get(auth.userId, auth.clientId, () => loadMe(deps, auth));
}

async function loadMe(deps: ServerDeps, auth: AuthContext): Promise<Me> {
  const [user, found, memberships, consent] = await Promise.all([
    repo.findUserById(deps.db, auth.userId),
    repo.findActiveMembership(deps.db, auth.clientId, auth.userId),
    repo.listActiveMemberships(deps.db, auth.userId),
    consentOf(deps.db, auth.clientId, auth.userId),
  ]);
  if (!user || !found) throw unauthorized('auth.sessionExpired');
  const { membership, client } = found;
  return {
    user: { id: user.id, email: user.email, name: user.name, phone: user.phone, language: user.language },
    client: {
      id: client.id,
      name: client.name,
      countryDefault: client.countryDefault,
      billingType: client.billingType,
      accountStatus: client.accountStatus,
      subscriptionPackage: client.subscriptionPackage,
    },
    role: membership.role,
    csPosition: membership.csPosition,
    accountCountry: membership.accountCountry ?? client.countryDefault,
    featureAccess: membership.featureAccess,
    planFeatures: client.planFeatures,
    mfaEnabled: user.totpEnabled,
    consent: { agreed: consent?.agreed ?? false, consentAt: consent ? consent.consentAt.getTime() : null },
    clients: memberships.map((m) => ({
      clientId: m.client.id,
      name: m.client.name,
      role: m.membership.role,
    })),
  };
}

/** Keeps the user's UI language on the user (issue 16 §9): every business they sign in to, every browser. */
export async function setLanguage(deps: ServerDeps, auth: AuthContext, language: Language): Promise<void> {
  await repo.setUserLanguage(deps.db, auth.userId, language);
  await publishIdentityChanged(deps.bus, { userId: auth.userId });
}

/** Refuses a password that is the current one or among the recent ones (001 §5). */
export async function assertPasswordNotRecent(
  deps: ServerDeps,
  userId: string,
  currentHash: string,
  password: string,
) {
  const recent = await repo.recentPasswordHashes(deps.db, userId, PASSWORD_HISTORY_DEPTH);
  if (await matchesAny([currentHash, ...recent], password)) {
    throw badRequest('password.usedRecently', { newPassword: 'password.usedRecently' });
  }
}

/** Changes the password and signs the user out everywhere (001 §5: change signs the user out). */
export async function changePassword(
  deps: ServerDeps,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('auth.sessionExpired');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('password.currentWrong', { currentPassword: 'password.currentWrong' });
  }
  await assertPasswordNotRecent(deps, user.id, user.passwordHash, input.newPassword);
  await deps.db.transaction(async (tx) =>
    repo.setPassword(tx, user.id, await hashPassword(input.newPassword)),
  );
  await endAllSessions(deps, user.id);
}

export async function startMfaSetup(deps: ServerDeps, auth: AuthContext) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('auth.sessionExpired');
  if (user.totpEnabled) throw new AppError(409, 'auth.mfaAlreadyOn');
  const secret = generateTotpSecret();
  await repo.setTotp(deps.db, user.id, { secret: deps.secrets.seal(secret), enabled: false });
  const otpauthUrl = totpUri({ account: user.email, issuer: deps.partner.brandName, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

async function userWithSecret(deps: ServerDeps, auth: AuthContext) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('auth.sessionExpired');
  if (!user.totpSecret) throw new AppError(409, 'auth.mfaNotSetUp');
  return { user, secret: deps.secrets.open(user.totpSecret) };
}

export async function activateMfa(deps: ServerDeps, auth: AuthContext, code: string): Promise<void> {
  const { user, secret } = await userWithSecret(deps, auth);
  if (user.totpEnabled) throw new AppError(409, 'auth.mfaAlreadyOn');
  if (!verifyTotp(secret, code)) throw badRequest('auth.mfaInvalid', { code: 'auth.mfaInvalid' });
  await repo.setTotp(deps.db, user.id, { secret: user.totpSecret, enabled: true });
  await publishIdentityChanged(deps.bus, { userId: user.id });
}

export async function deactivateMfa(deps: ServerDeps, auth: AuthContext, code: string): Promise<void> {
  const { user, secret } = await userWithSecret(deps, auth);
  if (!user.totpEnabled) throw new AppError(409, 'auth.mfaNotSetUp');
  if (!verifyTotp(secret, code)) throw badRequest('auth.mfaInvalid', { code: 'auth.mfaInvalid' });
  await repo.setTotp(deps.db, user.id, { secret: null, enabled: false });
  await publishIdentityChanged(deps.bus, { userId: user.id });
}

export async function getMfaStatus(deps: ServerDeps, auth: AuthContext) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized('auth.sessionExpired');
  return { enabled: user.totpEnabled };
}
