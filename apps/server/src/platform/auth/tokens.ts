import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sapa';
export const ACCESS_AUDIENCE = 'sapa-api';
export const MFA_AUDIENCE = 'sapa-mfa';

/** What an access token says about its bearer; enough to authorise without a database read. */
export interface AccessClaims {
  userId: string;
  clientId: string;
  /** The refresh-token family: revoking it ends this session at once. */
  sessionId: string;
  role: 'OWN' | 'ADC' | 'USC' | 'SAD';
  csPosition: 'SPV1' | 'SPV2' | 'CS1' | 'CS2' | null;
  featureAccess: string | null;
  planFeatures: string;
  accountCountry: string | null;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** The claims of a token verified before and not yet expired, without waiting; undefined otherwise. */
  peekVerified(token: string): AccessClaims | undefined;
  signMfa(payload: { userId: string; clientId: string }): Promise<string>;
  verifyMfa(token: string): Promise<{ userId: string; clientId: string }>;
}

/** How many verified access tokens a process remembers (one entry per live token in use). */
const VERIFIED_CACHE_SIZE = 20_000;

export function createTokenService(options: { secret: string; accessTtlSeconds: number }): TokenService {
  const raw = new TextEncoder().encode(options.secret);
  // The HMAC key is imported into WebCrypto once, not on every signature check.
  const keyPromise = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  /**
   * Access tokens already verified, until they expire: a token string is immutable, so a hit is the same
   * answer the signature check gave. Revocation is checked separately on every request.
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  function remember(token: string, claims: AccessClaims, expiresAtMs: number) {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAtMs });
  }

  function peekVerified(token: string): AccessClaims | undefined {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (hit.expiresAtMs > Date.now()) return hit.claims;
    verified.delete(token);
    return undefined;
  }

  return {
    async signAccess(claims) {
      const expiresAt = Date.now() + options.accessTtlSeconds * 1000;
      const token = await new SignJWT({
        cid: claims.clientId,
        sid: claims.sessionId,
        rol: claims.role,
        csp: claims.csPosition,
        fa: claims.featureAccess,
        pf: claims.planFeatures,
        cty: claims.accountCountry,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(await keyPromise);
      return { token, expiresAt };
    },
    peekVerified,
    async verifyAccess(token) {
      const known = peekVerified(token);
      if (known) return known;
      const { payload } = await jwtVerify(token, await keyPromise, {
        issuer: ISSUER,
        audience: ACCESS_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.cid !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        throw new Error('malformed access token');
      }
      const claims: AccessClaims = {
        userId: payload.sub,
        clientId: payload.cid,
        sessionId: payload.sid,
        role: payload.rol as AccessClaims['role'],
        csPosition: (payload.csp ?? null) as AccessClaims['csPosition'],
        featureAccess: (payload.fa ?? null) as string | null,
        planFeatures: (payload.pf ?? '') as string,
        accountCountry: (payload.cty ?? null) as string | null,
      };
      remember(token, claims, payload.exp * 1000);
      return claims;
    },
    async signMfa({ userId, clientId }) {
      return new SignJWT({ cid: clientId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(MFA_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(await keyPromise);
    },
    async verifyMfa(token) {
      const { payload } = await jwtVerify(token, await keyPromise, {
        issuer: ISSUER,
        audience: MFA_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string')
        throw new Error('malformed mfa token');
      return { userId: payload.sub, clientId: payload.cid };
    },
  };
}

/** An opaque random secret (refresh tokens, reset tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 hashes, never in clear. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
