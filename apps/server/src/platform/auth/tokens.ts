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
  signMfa(payload: { userId: string; clientId: string }): Promise<string>;
  verifyMfa(token: string): Promise<{ userId: string; clientId: string }>;
}

export function createTokenService(options: { secret: string; accessTtlSeconds: number }): TokenService {
  const key = new TextEncoder().encode(options.secret);
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
        .sign(key);
      return { token, expiresAt };
    },
    async verifyAccess(token) {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: ACCESS_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.cid !== 'string' ||
        typeof payload.sid !== 'string'
      ) {
        throw new Error('malformed access token');
      }
      return {
        userId: payload.sub,
        clientId: payload.cid,
        sessionId: payload.sid,
        role: payload.rol as AccessClaims['role'],
        csPosition: (payload.csp ?? null) as AccessClaims['csPosition'],
        featureAccess: (payload.fa ?? null) as string | null,
        planFeatures: (payload.pf ?? '') as string,
        accountCountry: (payload.cty ?? null) as string | null,
      };
    },
    async signMfa({ userId, clientId }) {
      return new SignJWT({ cid: clientId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(MFA_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    },
    async verifyMfa(token) {
      const { payload } = await jwtVerify(token, key, {
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
