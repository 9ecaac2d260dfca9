import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'sapademo123';

/** The server's view of the signed-in user, through the page's own session (no test-only endpoint). */
export async function currentMe(
  page: Page,
): Promise<{ consent: { agreed: boolean; consentAt: number | null }; user: { language: string | null } }> {
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
 * Signs in from /login and lands on the dashboard, in Indonesian. A user who never agreed to the user agreement must be
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
  // The language is kept on the user (issue 16 §9) and the demo users are shared by a shard's journeys: one
  // that switched a user to English and left it so would fail later journeys on missing Indonesian labels.
  if ((me.user.language ?? 'id') !== 'id')
    throw new Error(
      `${email} signs in in '${me.user.language}': an earlier journey switched the language and did not switch it back (switchLanguage(page, 'id'))`,
    );
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

const LANGUAGES = {
  en: { name: 'English', switchLabel: 'Ganti bahasa' },
  id: { name: 'Bahasa Indonesia', switchLabel: 'Change language' },
} as const;

/**
 * Switches the signed-in app's language with the header's switch and waits until the page shows it and the
 * user's record keeps it. The header can re-render while its menu opens (the first `me` of a page), taking the
 * menu with it: then the menu is opened again.
 */
export async function switchLanguage(page: Page, to: keyof typeof LANGUAGES): Promise<void> {
  const { name, switchLabel } = LANGUAGES[to];
  const shown = () => page.evaluate(() => document.documentElement.lang);
  await expect
    .poll(
      async () => {
        if ((await shown()) === to) return to;
        await page.getByRole('button', { name: switchLabel }).first().click({ timeout: 10_000 });
        await page
          .getByRole('menuitem', { name })
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return shown();
      },
      { timeout: 60_000 },
    )
    .toBe(to);
  await expect.poll(async () => (await currentMe(page)).user.language, { timeout: 30_000 }).toBe(to);
}
