import { PUSH_HEARTBEAT_MS, pushEndpoints } from '@sapa/contracts';
import { call, endpointUrl, getSession, subscribeSession } from '../api';
import { serviceWorkerRegistration } from './serviceWorker';

/** `applicationServerKey` wants the VAPID public key's bytes. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Subscribes this browser to Web Push (000 §7 `users/userProfile`, the FCM token) when notifications are
 * allowed: the VAPID key from the server (403 for users outside the inbox: nothing to push them), then
 * `pushManager.subscribe` and the subscription stored for this session. False when the browser cannot.
 */
export async function enablePush(): Promise<boolean> {
  if (!getSession() || typeof Notification === 'undefined' || Notification.permission !== 'granted')
    return false;
  const reg = await serviceWorkerRegistration();
  if (!reg?.pushManager) return false;
  const key = await call(pushEndpoints.vapidKey);
  if (!key.ok) return false;
  try {
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytesOf(key.data.publicKey),
      }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
    const saved = await call(pushEndpoints.subscribe, {
      body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    });
    return saved.ok;
  } catch {
    // No push service reachable (or the permission changed meanwhile): the in-app notifications remain.
    return false;
  }
}

const PRESENCE_CHANNEL = 'sapa.presence';

/**
 * 000 §7 `pushnotif/status`: while signed in, this tab says ONLINE now and every `PUSH_HEARTBEAT_MS` (and when
 * it becomes visible); as it closes it says `pushnotif/offline` (fetch with keepalive survives the page), and
 * the browser's other open tabs say ONLINE again right after. Returns the stop function.
 */
export function startPushDevice(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(PRESENCE_CHANNEL) : null;
  const online = () => {
    if (getSession()) void call(pushEndpoints.status, { body: { status: 'ONLINE' } });
  };
  const sync = () => {
    if (getSession() && !timer) {
      online();
      timer = setInterval(online, PUSH_HEARTBEAT_MS);
      void enablePush();
    } else if (!getSession() && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const onHide = () => {
    const session = getSession();
    if (!session) return;
    void fetch(endpointUrl(pushEndpoints.offline, {}), {
      method: 'POST',
      keepalive: true,
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    channel?.postMessage('closing');
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') online();
  };
  if (channel) channel.onmessage = () => setTimeout(online, 1000);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = subscribeSession(sync);
  sync();
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
    if (timer) clearInterval(timer);
  };
}
