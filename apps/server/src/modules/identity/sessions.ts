import type { TokenPair } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { type AccessClaims, randomToken, sha256 } from '../../platform/auth/tokens.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { unauthorized } from '../../platform/http/errors.js';
import * as repo from './identity.repository.js';

/** The claims of a user in a business, read fresh from the database (sign-in and every refresh). */
async function loadClaims(
  db: DbOrTx,
  userId: string,
  clientId: string,
): Promise<Omit<AccessClaims, 'sessionId'> | null> {
  const found = await repo.findActiveMembership(db, clientId, userId);
  if (!found) return null;
  const { membership, client } = found;
  return {
    userId,
    clientId,
    role: membership.role,
    csPosition: membership.csPosition,
    featureAccess: membership.featureAccess,
    planFeatures: client.planFeatures,
    accountCountry: membership.accountCountry ?? client.countryDefault,
  };
}

async function issue(
  deps: ServerDeps,
  db: DbOrTx,
  claims: Omit<AccessClaims, 'sessionId'>,
  familyId: string,
): Promise<TokenPair> {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(db, {
    clientId: claims.clientId,
    familyId,
    userId: claims.userId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSeconds * 1000),
  });
  const access = await deps.tokens.signAccess({ ...claims, sessionId: familyId });
  return { accessToken: access.token, accessExpiresAt: access.expiresAt, refreshToken };
}

/** Starts a new session (a new refresh-token family) for a user in a business. */
export async function openSession(deps: ServerDeps, userId: string, clientId: string): Promise<TokenPair> {
  const claims = await loadClaims(deps.db, userId, clientId);
  if (!claims) throw unauthorized('auth.invalidCredentials');
  await repo.touchSignIn(deps.db, clientId, userId);
  return issue(deps, deps.db, claims, uuidv7());
}

/**
 * Exchanges a refresh token for a new pair. A token presented a second time means it was stolen or
 * replayed: the whole family is revoked, and its access tokens stop working at once.
 */
export async function rotateSession(deps: ServerDeps, refreshToken: string): Promise<TokenPair> {
  const row = await repo.findRefreshTokenByHash(deps.db, sha256(refreshToken));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now())
    throw unauthorized('auth.sessionExpired');
  const user = await repo.findUserById(deps.db, row.userId);
  const claims = user?.status === 'active' ? await loadClaims(deps.db, row.userId, row.clientId) : null;
  // Rotation and the new token commit together: a racing reuse blocks on the rotated row until the new
  // token exists, so its family revocation always covers it.
  const pair =
    claims && !row.rotatedAt
      ? await deps.db.transaction(async (tx) =>
          (await repo.markRotated(tx, row.clientId, row.id)) ? issue(deps, tx, claims, row.familyId) : null,
        )
      : null;
  if (!pair) {
    await repo.revokeFamily(deps.db, row.clientId, row.familyId);
    await deps.revoked.revoke([row.familyId]);
    throw unauthorized('auth.sessionExpired');
  }
  return pair;
}

export async function endSession(deps: ServerDeps, clientId: string, sessionId: string): Promise<void> {
  await repo.revokeFamily(deps.db, clientId, sessionId);
  await deps.revoked.revoke([sessionId]);
}

/** Ends every session of a user (password change, removal from a business). */
export async function endAllSessions(deps: ServerDeps, userId: string, clientId?: string): Promise<void> {
  const families = await repo.revokeUserSessions(deps.db, userId, clientId);
  await deps.revoked.revoke(families);
}

/** Fills the revoked-session set with revocations younger than an access token's lifetime. */
export async function preloadRevokedSessions(deps: ServerDeps): Promise<void> {
  const since = new Date(Date.now() - deps.config.accessTokenTtlSeconds * 1000);
  const rows = await repo.listRecentlyRevokedFamilies(deps.db, since);
  deps.revoked.preload(rows.filter((r): r is { sessionId: string; revokedAt: Date } => r.revokedAt !== null));
}
