import { createHash, timingSafeEqual } from 'node:crypto';
import { GatewayCallError } from './payment-gateway.js';

export interface XenditConfig {
  /** https://api.xendit.co, or the simulator's URL. */
  baseUrl: string;
  secretKey: string;
  /** The callback verification token of the Xendit dashboard. */
  callbackToken: string;
}

const TIMEOUT_MS = 15_000;

/** Equal in constant time, whatever the lengths (both sides hashed first). */
export function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

export type XenditCall = (
  path: string,
  init: { method: string; body?: unknown; headers?: Record<string, string> },
) => Promise<unknown>;

/**
 * A call of Xendit's API: Basic auth with the secret key, JSON both ways, a 15 s timeout; a network error or a
 * non-2xx answer is a `GatewayCallError` with the status and Xendit's `error_code`.
 */
export function xenditCaller(config: Pick<XenditConfig, 'baseUrl' | 'secretKey'>): XenditCall {
  const base = config.baseUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  return async (path, init) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new GatewayCallError(0, 'NETWORK_ERROR');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (body as { error_code?: unknown } | null)?.error_code;
      throw new GatewayCallError(response.status, typeof code === 'string' ? code : 'UNKNOWN');
    }
    return body;
  };
}
