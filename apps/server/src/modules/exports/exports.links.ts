import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { EXPORT_DOWNLOAD_PATH, EXPORT_LINK_TTL_SECONDS } from '@sapa/contracts';

/**
 * Signed download links of finished exports (000 §7 GET export-history/report/signed): a plain URL a browser
 * can open without a bearer token, valid for `EXPORT_LINK_TTL_SECONDS`. The signature is an HMAC-SHA256 of
 * the business, the export and the expiry under a key derived from the server secret (never the secret
 * itself), so a link names exactly one file of one business until it expires.
 */
export interface ExportLinkSigner {
  sign(input: { clientId: string; id: string }, now?: Date): { url: string; expiresAt: number };
  /** Whether the link's parameters are genuine and not expired. */
  verify(input: { clientId: string; id: string; expires: string; signature: string }, now?: Date): boolean;
}

export function createExportLinkSigner(serverSecret: string): ExportLinkSigner {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'sapa-export-links', 'v1', 32));
  const mac = (clientId: string, id: string, expires: string) =>
    createHmac('sha256', key).update(`${clientId}\n${id}\n${expires}`).digest();
  return {
    sign({ clientId, id }, now = new Date()) {
      const expiresAt = Math.floor(now.getTime() / 1000) + EXPORT_LINK_TTL_SECONDS;
      const expires = String(expiresAt);
      const signature = mac(clientId, id, expires).toString('base64url');
      const query = new URLSearchParams({ id, c: clientId, e: expires, s: signature });
      return { url: `${EXPORT_DOWNLOAD_PATH}?${query}`, expiresAt: expiresAt * 1000 };
    },
    verify({ clientId, id, expires, signature }, now = new Date()) {
      if (!/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(clientId, id, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

const signers = new WeakMap<object, ExportLinkSigner>();
/** One signer per process configuration. */
export function exportLinkSigner(config: { jwtSecret: string }): ExportLinkSigner {
  let signer = signers.get(config);
  if (!signer) {
    signer = createExportLinkSigner(config.jwtSecret);
    signers.set(config, signer);
  }
  return signer;
}
