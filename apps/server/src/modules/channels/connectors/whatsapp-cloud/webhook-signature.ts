import { createHmac, timingSafeEqual } from 'node:crypto';

/** Meta's X-Hub-Signature-256 over the raw bytes, compared in constant time. */
export function validMetaSignature(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
