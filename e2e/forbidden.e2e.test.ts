import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
});
afterAll(() => browser.close());

describe('route guard', () => {
  it('sends an agent who opens /setting/admin to /dashboard with the forbidden message', async () => {
    await signIn(page, url, 'agent1@demo.sapa.id');
    await page.goto(`${url}/setting/admin`);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Anda tidak memiliki akses ke menu ini.').waitFor();
    await screenshot(page, 'forbidden-agent-id');
    // The agent's menu does not offer admin settings at all.
    expect(await page.getByRole('link', { name: 'Pengaturan admin' }).count()).toBe(0);
  });
});
