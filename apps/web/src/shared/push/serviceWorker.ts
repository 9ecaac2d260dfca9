import { pushEndpoints, SERVICE_WORKER_PATH } from '@sapa/contracts';
import { call, getSession } from '../api';

/** Where the page keeps the service-worker version it last saw (000 §1 version rule). */
export const KEPT_SW_VERSION = 'sapa.swVersion';

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** The service worker's registration (registered once per page); null where the browser has none. */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!registration) {
    registration =
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator
        ? navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch(() => null)
        : Promise.resolve(null);
  }
  return registration;
}

/** Asks the active worker its version (`sw.js` answers on a message channel). */
function versionOf(worker: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 5000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      const version = (event.data as { version?: unknown } | null)?.version;
      resolve(typeof version === 'string' ? version : null);
    };
    worker.postMessage({ type: 'sapa.sw.version?' }, [channel.port2]);
  });
}

/** Expires every cookie this page can see (at its path and the root). */
function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of ['/', window.location.pathname]) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Sapa supports.
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

/** Drops this browser's push subscription, on the server (while the session is known) and in the browser. */
export async function dropPushSubscription(): Promise<void> {
  const reg = await serviceWorkerRegistration();
  const subscription = await reg?.pushManager?.getSubscription().catch(() => null);
  if (!subscription) return;
  if (getSession()) await call(pushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe().catch(() => false);
}

/**
 * 000 §1: a new service-worker version clears cookies and local storage. The first version a browser sees is
 * only kept; a different one later drops the push subscription, clears cookies and storage (the session with
 * them), keeps the new version and reloads.
 */
async function applyVersion(version: string): Promise<void> {
  const kept = localStorage.getItem(KEPT_SW_VERSION);
  if (kept === version) return;
  if (kept !== null) {
    await dropPushSubscription().catch(() => undefined);
    clearCookies();
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem(KEPT_SW_VERSION, version);
    window.location.reload();
    return;
  }
  localStorage.setItem(KEPT_SW_VERSION, version);
}

/** Registers the worker at boot and applies the version rule now and whenever a new worker takes over. */
export async function startServiceWorker(): Promise<void> {
  const reg = await serviceWorkerRegistration();
  if (!reg) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; version?: unknown } | null;
    if (data?.type === 'sapa.sw.version' && typeof data.version === 'string') void applyVersion(data.version);
  });
  const ready = await navigator.serviceWorker.ready;
  const worker = ready.active;
  if (!worker) return;
  const version = await versionOf(worker);
  if (version) await applyVersion(version);
}
