import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A value handed to a browser and back (an OAuth `state`, a redirect's query): JSON with its expiry and a
 * nonce, signed with a key derived from the server secret for one purpose, so that a state made for one flow
 * is refused by another. The receiver trusts only what the signature covers.
 */

const keyOf = (serverSecret: string, purpose: string) =>
  createHmac('sha256', serverSecret).update(`sapa-signed-state:${purpose}`).digest();

export function signedState(
  serverSecret: string,
  purpose: string,
  value: object,
  ttlSeconds: number,
): string {
  const body = {
    v: value,
    e: Math.floor(Date.now() / 1000) + ttlSeconds,
    n: randomBytes(12).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${createHmac('sha256', keyOf(serverSecret, purpose)).update(payload).digest('base64url')}`;
}

/** The value of a state this server signed for this purpose and that has not expired; null otherwise. */
export function openSignedState(serverSecret: string, purpose: string, state: string): unknown {
  const [payload, sig] = state.split('.');
  if (!payload || !sig) return null;
  const expected = createHmac('sha256', keyOf(serverSecret, purpose)).update(payload).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      v?: unknown;
      e?: unknown;
    };
    if (typeof body.e !== 'number' || body.e < Date.now() / 1000) return null;
    return body.v ?? null;
  } catch {
    return null;
  }
}
