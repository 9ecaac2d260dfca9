import type { PushPayload } from '@sapa/contracts';
import webpush from 'web-push';
import type { PushConfig } from '../../platform/config.js';

/**
 * The browsers' own push services (Chrome/Edge FCM, Firefox autopush, Windows WNS, Safari APNs web push):
 * a subscription must point at one of them, or at an origin the deployment adds (`PUSH_SERVICE_ORIGINS`), so a
 * subscription cannot make Sapa post to any address it is handed.
 */
const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

export function isAllowedPushEndpoint(config: Pick<PushConfig, 'extraServiceOrigins'>, endpoint: string) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (config.extraServiceOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return BROWSER_PUSH_HOSTS.some((h) => (h.startsWith('.') ? url.hostname.endsWith(h) : url.hostname === h));
}

export type PushOutcome = 'sent' | 'gone';

/**
 * Sends one push (RFC 8030) with `web-push`: the payload encrypted to the subscription's keys (RFC 8291,
 * aes128gcm), a VAPID JWT signed with Sapa's key (RFC 8292), a TTL of an hour and high urgency; the request
 * goes out with fetch. 404/410 mean the subscription is gone; any other failure throws (the job retries).
 */
export async function sendWebPush(
  config: PushConfig,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  topic: string,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: config.vapidSubject,
        publicKey: config.vapidPublicKey,
        privateKey: config.vapidPrivateKey,
      },
      TTL: 3600,
      urgency: 'high',
      topic,
    },
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ?? null,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone';
  if (response.ok) return 'sent';
  throw new Error(`push service answered ${response.status}`);
}
