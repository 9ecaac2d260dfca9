import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Viber signs every callback in. */
export const VIBER_SIGNATURE_HEADER = 'x-viber-content-signature';

/** The signature Viber sends: hex of the HMAC-SHA256 of the raw body with the bot's authentication token. */
export function viberSignatureOf(rawBody: Buffer, authToken: string): string {
  return createHmac('sha256', authToken).update(rawBody).digest('hex');
}

/** The callback carries the signature of its raw bytes, compared in constant time; missing or wrong: false. */
export function validViberSignature(rawBody: Buffer, authToken: string, header: unknown): boolean {
  if (typeof header !== 'string' || authToken === '') return false;
  const given = Buffer.from(header.toLowerCase());
  const expected = Buffer.from(viberSignatureOf(rawBody, authToken));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
