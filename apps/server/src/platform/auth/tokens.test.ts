import { describe, expect, it } from 'vitest';
import { type AccessClaims, createTokenService, randomToken, sha256 } from './tokens.js';

const claims: AccessClaims = {
  userId: '018f0000-0000-7000-8000-000000000001',
  clientId: '018f0000-0000-7000-8000-000000000002',
  sessionId: '018f0000-0000-7000-8000-000000000003',
  role: 'USC',
  csPosition: 'CS1',
  featureAccess: '0101',
  planFeatures: '1111',
  accountCountry: 'ID',
};
const secret = 's'.repeat(48);

describe('token service', () => {
  it('round-trips access claims and reports the expiry', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 600 });
    const { token, expiresAt } = await tokens.signAccess(claims);
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
  });

  it('refuses expired tokens, other secrets, and mixing access and mfa tokens', async () => {
    const tokens = createTokenService({ secret, accessTtlSeconds: 600 });
    const expired = createTokenService({ secret, accessTtlSeconds: -10 });
    await expect(tokens.verifyAccess((await expired.signAccess(claims)).token)).rejects.toThrow();
    const other = createTokenService({ secret: 'o'.repeat(48), accessTtlSeconds: 600 });
    await expect(tokens.verifyAccess((await other.signAccess(claims)).token)).rejects.toThrow();
    const mfa = await tokens.signMfa({ userId: claims.userId, clientId: claims.clientId });
    await expect(tokens.verifyAccess(mfa)).rejects.toThrow();
    await expect(tokens.verifyMfa((await tokens.signAccess(claims)).token)).rejects.toThrow();
    expect(await tokens.verifyMfa(mfa)).toEqual({ userId: claims.userId, clientId: claims.clientId });
  });

  it('makes random opaque tokens and hex SHA-256 hashes', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
