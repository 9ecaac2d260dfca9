import { createPublicKey, verify } from 'node:crypto';

/** A VAPID claim set (RFC 8292 §2): audience, expiry and the application server's contact. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export type VapidCheck = { ok: true; claims: VapidClaims; publicKey: string } | { ok: false; reason: string };

const b64url = (s: string) => Buffer.from(s, 'base64url');

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): the JWT is ES256 signed by the key `k`
 * (an uncompressed P-256 point), its `aud` is the push resource's origin, its `exp` is in the future and at
 * most 24 hours away, and it names a `sub` (a mailto: or https: contact).
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): VapidCheck {
  if (!header) return { ok: false, reason: 'missing Authorization' };
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) return { ok: false, reason: 'Authorization scheme is not vapid' };
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) return { ok: false, reason: 'vapid t= or k= missing' };
  const point = b64url(k);
  if (point.length !== 65 || point[0] !== 4)
    return { ok: false, reason: 'k is not an uncompressed P-256 key' };
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return { ok: false, reason: 'malformed JWT' };
  let header0: { alg?: string; typ?: string };
  let claims: Partial<VapidClaims>;
  try {
    header0 = JSON.parse(b64url(h).toString('utf8'));
    claims = JSON.parse(b64url(p).toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed JWT' };
  }
  if (header0.alg !== 'ES256') return { ok: false, reason: `alg ${header0.alg} is not ES256` };
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(s));
  if (!signed) return { ok: false, reason: 'JWT signature does not verify with k' };
  if (claims.aud !== origin) return { ok: false, reason: `aud ${claims.aud} is not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'JWT expired' };
  if (claims.exp > nowSeconds + 24 * 3600) return { ok: false, reason: 'exp more than 24 hours away' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return { ok: false, reason: 'sub is not a mailto: or https: contact' };
  return { ok: true, claims: claims as VapidClaims, publicKey: k };
}
