import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header LINE signs every delivery in. */
export const LINE_SIGNATURE_HEADER = 'x-line-signature';

/** The signature LINE sends: base64 of the HMAC-SHA256 of the raw body with the channel secret. */
export function lineSignatureOf(rawBody: Buffer, channelSecret: string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/** The delivery carries the signature of its raw bytes, compared in constant time; missing or wrong: false. */
export function validLineSignature(rawBody: Buffer, channelSecret: string, header: unknown): boolean {
  if (typeof header !== 'string' || channelSecret === '') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(lineSignatureOf(rawBody, channelSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
