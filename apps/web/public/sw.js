/*
 * Sapa's service worker: shows Web Push notifications (chats assigned to an away agent, mentions) and opens
 * the chat on a click. 000 §1: a new service-worker version clears cookies and local storage — the page does
 * the clearing (a worker reaches neither) when the version it gets from here differs from the one it kept;
 * this worker clears its caches on activation and tells open pages its version.
 */
const VERSION = '1';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
      await self.clients.claim();
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: 'sapa.sw.version', version: VERSION });
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'sapa.sw.version?' && event.ports[0])
    event.ports[0].postMessage({ type: 'sapa.sw.version', version: VERSION });
});

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) {
        if (new URL(page.url).origin === self.location.origin && 'focus' in page) {
          await page.focus();
          if ('navigate' in page) await page.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
