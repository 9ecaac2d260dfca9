import { authenticator } from 'otplib';

/** RFC 6238 TOTP, 6 digits, 30 s steps, one step of clock drift either way (001 §9: 2FA code 6 digits). */
authenticator.options = { digits: 6, step: 30, window: 1 };

export function generateTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(options: { account: string; issuer: string; secret: string }): string {
  return authenticator.keyuri(options.account, options.issuer, options.secret);
}

export function verifyTotp(secret: string, code: string): boolean {
  try {
    return authenticator.check(code, secret);
  } catch {
    return false;
  }
}
