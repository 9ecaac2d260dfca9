import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { customersWrite } from './support/customers.js';
import { signIn } from './support/journey.js';
import { type RunningSapa, startSapa } from './support/sapa-server.js';

/**
 * Issue 16: a fresh `npm start` walked as each demo account — no menu entry or dashboard shortcut leads to
 * "not available yet", an agent's empty inbox says why, and the demo's customer chats reach the agents.
 * Runs its own Sapa: the shared one has automatic assignment turned off for the hand-assignment journeys.
 */
let sapa: RunningSapa;
let browser: Browser;

beforeAll(async () => {
  sapa = await startSapa();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await sapa?.stop();
});

const ACCOUNTS = [
  'owner@demo.sapa.id',
  'admin@demo.sapa.id',
  'supervisor@demo.sapa.id',
  'agent1@demo.sapa.id',
  'agent2@demo.sapa.id',
];

/** Every in-app link of the navbar and the dashboard (collapsed menu groups included). */
async function appLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('nav a[href], main a[href]', (anchors) =>
    anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(hrefs)].filter((path) => !path.startsWith('/pp.html'));
}

async function inLanguage(page: Page, language: 'id' | 'en') {
  await page.evaluate((lang) => localStorage.setItem('sapa.language', lang), language);
  await page.reload();
}

describe('a fresh start walked as each demo account (issue 16)', () => {
  it('offers no menu entry or shortcut that opens "not available yet"', { timeout: 180_000 }, async () => {
    const checked = new Set<string>();
    for (const email of ACCOUNTS) {
      const page = await (await newContext(browser, { width: 1440 })).newPage();
      await signIn(page, sapa.url, email);
      await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
      const links = await appLinks(page);
      expect(links.length, email).toBeGreaterThan(1);
      // Each path once (the owner's menu holds most); the page must render something other than the notice.
      for (const path of links.filter((p) => !checked.has(p))) {
        checked.add(path);
        await page.goto(`${sapa.url}${path}`);
        // The page's own content has rendered (its lazy chunk loaded), whatever it is.
        await page.waitForFunction(
          () => (document.querySelector('main')?.textContent?.trim().length ?? 0) > 20,
        );
        expect(await page.getByRole('heading', { name: 'Belum tersedia' }).count(), `${email} ${path}`).toBe(
          0,
        );
      }
      if (email === 'owner@demo.sapa.id') {
        await page.goto(`${sapa.url}/dashboard`);
        await page.getByRole('heading', { name: 'Pintasan' }).waitFor();
        await screenshot(page, 'new-user-owner-dashboard-id-1440');
        // A spec route that is not built yet, opened by address, says so truthfully.
        await page.goto(`${sapa.url}/telesales`);
        await page.getByText(/Menu hanya menampilkan halaman yang sudah bisa dipakai/).waitFor();
        await screenshot(page, 'new-user-not-available-id-1440');
      }
      await page.context().close();
    }
  });

  it("tells Customer Service 2 why the inbox is empty, then the demo's automatic assignment fills it", async () => {
    const agent = await (await newContext(browser, { width: 1440 })).newPage();
    await signIn(agent, sapa.url, 'agent1@demo.sapa.id');
    await agent.goto(`${sapa.url}/customer-service/inbox?tab=assigned`);
    const hint = agent.getByTestId('inbox-empty-hint');
    await hint.getByText(/Sebagai Customer Service 2/).waitFor();
    await screenshot(agent, 'new-user-agent1-empty-inbox-id-1440');
    await inLanguage(agent, 'en');
    await agent
      .getByTestId('inbox-empty-hint')
      .getByText(/As Customer Service 2/)
      .waitFor();
    await screenshot(agent, 'new-user-agent1-empty-inbox-en-1440');
    await agent.setViewportSize({ width: 390, height: 844 });
    // A phone loads the page at its own width (a shot right after the resize caught the navbar mid-slide).
    await agent.reload();
    await agent.getByTestId('inbox-empty-hint').waitFor();
    await screenshot(agent, 'new-user-agent1-empty-inbox-en-390');
    await inLanguage(agent, 'id');
    await agent.getByTestId('inbox-empty-hint').waitFor();
    await screenshot(agent, 'new-user-agent1-empty-inbox-id-390');
    await agent.setViewportSize({ width: 1440, height: 900 });

    const second = await (await newContext(browser, { width: 390 })).newPage();
    await signIn(second, sapa.url, 'agent2@demo.sapa.id');
    await second.goto(`${sapa.url}/customer-service/inbox?tab=assigned`);
    await second
      .getByTestId('inbox-empty-hint')
      .getByText(/Sebagai Customer Service 1/)
      .waitFor();
    await screenshot(second, 'new-user-agent2-empty-inbox-id-390');

    // Three customers write: automatic assignment hands one chat to each of admin, agent1 and agent2.
    if (!sapa.customerPageUrl) throw new Error('the demo WhatsApp simulator did not start');
    await customersWrite(sapa.customerPageUrl, [
      { waId: '6281366600001', name: 'Rina Baru', text: 'Halo, masih buka?' },
      { waId: '6281366600002', name: 'Tono Baru', text: 'Stok kaos hitam ada?' },
      { waId: '6281366600003', name: 'Wati Baru', text: 'Ongkir ke Bogor berapa?' },
    ]);
    await agent.getByRole('button', { name: /Baru/ }).first().waitFor();
    await second.getByRole('button', { name: /Baru/ }).first().waitFor();
    await screenshot(agent, 'new-user-agent1-assigned-id-1440');
  });
});
