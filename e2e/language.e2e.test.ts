import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

async function switchTo(name: 'English' | 'Bahasa Indonesia', currentLabel: string) {
  await page.getByRole('button', { name: currentLabel }).first().click();
  await page.getByRole('menuitem', { name }).click();
}

describe('language', () => {
  it('is Indonesian by default, switches to English and back, and is remembered across reloads', async () => {
    await signIn(page, url, 'supervisor@demo.sapa.id');
    await page.getByRole('link', { name: 'Dasbor' }).first().waitFor();
    await switchTo('English', 'Ganti bahasa');
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(1);
    await screenshot(page, 'dashboard-supervisor-en');
    await page.reload();
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    await switchTo('Bahasa Indonesia', 'Change language');
    await page.getByRole('link', { name: 'Dasbor' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Menu akun' }).count()).toBe(1);
  });
});
