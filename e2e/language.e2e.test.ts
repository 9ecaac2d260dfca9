import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { DEMO_PASSWORD, fillSignIn, signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

async function switchTo(name: 'English' | 'Bahasa Indonesia', currentLabel: string, on: Page = page) {
  await on.getByRole('button', { name: currentLabel }).first().click();
  await on.getByRole('menuitem', { name }).click();
}

/** Switches while signed in and waits until the choice is kept on the user. */
async function switchAndKeep(name: 'English' | 'Bahasa Indonesia', currentLabel: string, on: Page) {
  const saved = on.waitForResponse(
    (res) => res.url().endsWith('/api/users/me/language') && res.request().method() === 'PUT',
  );
  await switchTo(name, currentLabel, on);
  expect((await saved).status()).toBe(200);
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

  it('follows the user to a new browser: the choice is kept on the user (issue 16 §9)', async () => {
    await switchAndKeep('English', 'Ganti bahasa', page);
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();

    // Another browser, nothing chosen there: the sign-in page is Indonesian, the app after it English.
    const other = await openPage();
    await other.goto(`${url}/login`);
    await fillSignIn(other, 'supervisor@demo.sapa.id', DEMO_PASSWORD);
    await other.waitForURL(/\/dashboard$/);
    await other.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    expect(await other.getByRole('button', { name: 'Account menu' }).count()).toBe(1);

    // Back to Indonesian from there; the first browser takes it when it next signs in.
    await switchAndKeep('Bahasa Indonesia', 'Change language', other);
    await other.getByRole('link', { name: 'Dasbor' }).first().waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await fillSignIn(page, 'supervisor@demo.sapa.id', DEMO_PASSWORD, {
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
    });
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Dasbor' }).first().waitFor();
  });
});
