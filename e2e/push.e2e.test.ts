import { describe, expect, inject, it } from 'vitest';
import { openPage } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

const kept = () =>
  page.evaluate(() => ({
    version: localStorage.getItem('sapa.swVersion'),
    marker: localStorage.getItem('sapa.marker'),
    session: localStorage.getItem('sapa.session') !== null,
    cookie: document.cookie.includes('sapa_marker='),
  }));

/*
 * Headless Chromium cannot subscribe to Web Push (pushManager.subscribe fails with "Registration failed -
 * permission denied" even with the permission granted: no push service in headless mode, and a browser always
 * subscribes at its vendor's service, never at a local one). The server → push service path is proven in
 * apps/server/src/modules/push/push.int.test.ts against the push service simulator; here the real service
 * worker, the presence calls and 000 §1's version rule.
 */
describe('service worker and push presence', () => {
  it('registers the service worker, reports the tab ONLINE, and clears cookies and storage on a new worker version', async () => {
    const online = page.waitForRequest(
      (r) => r.url().endsWith('/api/pushnotif/status') && r.postData()?.includes('ONLINE') === true,
    );
    await signIn(page, url, 'agent1@demo.sapa.id');
    await online;
    // The worker is active and its version is kept.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
      .toBe('activated');
    await expect.poll(async () => (await kept()).version).toBe('1');

    // The same version again: nothing is cleared.
    await page.evaluate(() => {
      localStorage.setItem('sapa.marker', 'x');
      // biome-ignore lint/suspicious/noDocumentCookie: a cookie as the page would set it.
      document.cookie = 'sapa_marker=1; path=/';
    });
    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(kept).toEqual({ version: '1', marker: 'x', session: true, cookie: true });

    // This browser last saw another version: the worker's version clears cookies and storage (the session too).
    await page.evaluate(() => localStorage.setItem('sapa.swVersion', '0'));
    // The page reloads itself once it has cleared everything: wait only for this navigation to commit, or
    // its own reload aborts ours.
    await page.reload({ waitUntil: 'commit' });
    await expect.poll(kept).toEqual({ version: '1', marker: null, session: false, cookie: false });
    await page.waitForURL(/\/login/);
  });
});
