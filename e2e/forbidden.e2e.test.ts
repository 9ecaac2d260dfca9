import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

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
