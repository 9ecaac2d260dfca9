import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'sapademo123';

/** The server's view of the signed-in user, through the page's own session (no test-only endpoint). */
export async function currentMe(
  page: Page,
): Promise<{ consent: { agreed: boolean; consentAt: number | null } }> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('sapa.session') ?? '{}') as { accessToken?: string };
    const res = await fetch('/api/users/me', { headers: { authorization: `Bearer ${session.accessToken}` } });
    return res.json();
  });
}

export async function fillSignIn(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'Email', password: 'Kata sandi', submit: 'Masuk' },
) {
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/**
 * Signs in from /login and lands on the dashboard. A user who never agreed to the user agreement must be
 * shown the consent dialog (000 §4): this asserts it appears and agrees to it.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await fillSignIn(page, email, password);
  await page.waitForURL(/\/dashboard$/);
  const me = await currentMe(page);
  if (!me.consent.agreed) {
    const dialog = page.getByRole('dialog', { name: 'Perjanjian pengguna' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Setuju' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await currentMe(page)).consent.agreed).toBe(true);
  }
}

export async function signOut(page: Page, labels = { menu: 'Menu akun', signOut: 'Keluar' }): Promise<void> {
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.signOut }).click();
  await page.waitForURL(/\/login/);
}
