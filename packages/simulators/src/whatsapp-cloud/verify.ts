import { randomBytes } from 'node:crypto';

/**
 * The Meta verification handshake (reference/channel-protocols.md §1a): GET the webhook URL with
 * `hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`; true when it answers 2xx with the challenge as body.
 */
export async function verifyWebhook(webhookUrl: string, verifyToken: string): Promise<boolean> {
  const challenge = String(randomBytes(6).readUIntBE(0, 6));
  const url = new URL(webhookUrl);
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.verify_token', verifyToken);
  url.searchParams.set('hub.challenge', challenge);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    return res.status >= 200 && res.status < 300 && body.trim() === challenge;
  } catch {
    return false;
  }
}
