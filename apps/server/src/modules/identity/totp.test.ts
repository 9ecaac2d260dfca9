import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpUri, verifyTotp } from './totp.js';

describe('TOTP (001 §9: 6-digit 2FA code)', () => {
  const secret = generateTotpSecret();

  it('makes a base32 secret and an otpauth URI with the issuer and account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri({ account: 'owner@example.com', issuer: 'Sapa', secret });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Sapa:owner%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Sapa');
  });

  it('accepts the current code and one step of drift, nothing further', () => {
    const at = (seconds: number) =>
      authenticator.clone({ epoch: Date.now() + seconds * 1000 }).generate(secret);
    expect(at(0)).toMatch(/^\d{6}$/);
    expect(verifyTotp(secret, at(0))).toBe(true);
    expect(verifyTotp(secret, at(-30))).toBe(true);
    const far = at(-300);
    if (![at(-30), at(0), at(30)].includes(far)) expect(verifyTotp(secret, far)).toBe(false);
  });

  it('refuses malformed codes and secrets without throwing', () => {
    expect(verifyTotp(secret, '')).toBe(false);
    expect(verifyTotp(secret, 'abcdef')).toBe(false);
    expect(verifyTotp('not base32 !!', '123456')).toBe(false);
  });
});
