import { createHmac } from 'node:crypto';

/** A SIP credential Kamailio's auth_ephemeral accepts until `expiresAt`, for `user` only. */
export interface SipCredential {
  /** `<expiry in unix seconds>:<user>` (auth_ephemeral's username_format 1). */
  username: string;
  /** base64 HMAC-SHA256 of the username under the shared secret (sha_algorithm 1). */
  password: string;
  expiresAt: Date;
}

/**
 * Signs an ephemeral SIP credential (the TURN REST API scheme Kamailio's auth_ephemeral implements): nothing is
 * stored on the SIP server, which recomputes the password from the username and the secret it shares with
 * Sapa, refuses it after the expiry, and (autheph_check_from / _to) lets it register and call only as `user`.
 */
export function sipCredentialFor(secret: string, user: string, ttlSeconds: number, now: Date): SipCredential {
  if (!/^[\w.+-]+$/.test(user))
    throw new Error('a SIP user is letters, digits, dot, plus, dash or underscore');
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${user}`;
  return {
    username,
    password: createHmac('sha256', secret).update(username).digest('base64'),
    expiresAt: new Date(expiry * 1000),
  };
}
