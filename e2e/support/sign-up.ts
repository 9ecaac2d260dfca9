import type { Page } from 'playwright-core';

/** The demo's platform sender number on the WhatsApp simulator (modules/demo/demo-whatsapp.ts). */
const PLATFORM_PHONE_NUMBER_ID = '106540352249999';

/** The sign-up code as the person reads it: the simulator's WhatsApp page for the platform number and their phone. */
export async function signUpCodeFromWhatsapp(
  page: Page,
  customerPageUrl: string,
  phone: string,
): Promise<string> {
  const phonePage = await page.context().newPage();
  await phonePage.goto(`${customerPageUrl}?phoneNumberId=${PLATFORM_PHONE_NUMBER_ID}&waId=${phone}`);
  const message = phonePage
    .getByRole('listitem')
    .filter({ hasText: /\b\d{5}\b/ })
    .first();
  await message.waitFor();
  const code = /\b(\d{5})\b/.exec((await message.textContent()) ?? '')?.[1];
  await phonePage.close();
  if (!code) throw new Error('no code on the WhatsApp page');
  return code;
}

/** The WhatsApp step: Meta's Embedded Signup popup (the simulator's) finished with a new number. */
export async function finishEmbeddedSignup(page: Page, name: string, phone: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Hubungkan dengan Facebook' }).click(),
  ]);
  await popup.getByLabel('New account name').fill(name);
  await popup.getByLabel('Display name').fill(name);
  await popup.getByLabel('Business phone number').fill(phone);
  return popup;
}

/** The user agreement a new owner is asked to accept on their first page. */
export async function agreeToConsent(p: Page) {
  const dialog = p.getByRole('dialog', { name: 'Perjanjian pengguna' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Setuju' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
