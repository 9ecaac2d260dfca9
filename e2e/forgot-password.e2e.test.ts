import { describe, expect, inject, it } from 'vitest';
import { newContext, openPage, screenshot } from './support/browser.js';
import { fillSignIn, signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

/**
 * The 5-digit code of the newest message to `recipient`, read from the demo outbox as the demo business's owner
 * would: in their own browser (another profile, as on a colleague's device), signing in from the outbox page,
 * which shows nothing to anyone signed out.
 */
async function codeFromDemoOutbox(recipient: string): Promise<string> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const ownerContext = await newContext(browser);
  const outbox = await ownerContext.newPage();
  await outbox.goto(`${url}/demo/outbox?recipient=${encodeURIComponent(recipient)}`);
  await outbox.getByText('Hanya pemilik atau admin bisnis demo').waitFor();
  expect(await outbox.getByRole('listitem').count()).toBe(0);
  await outbox.getByRole('link', { name: 'Masuk untuk membaca kotak keluar' }).click();
  await outbox.waitForURL(/\/login/);
  await fillSignIn(outbox, 'owner@demo.sapa.id', 'sapademo123');
  await outbox.waitForURL(/\/demo\/outbox/);
  const item = outbox
    .getByRole('listitem')
    .filter({ hasText: /\b\d{5}\b/ })
    .first();
  await item.waitFor();
  const code = /\b(\d{5})\b/.exec((await item.textContent()) ?? '')?.[1];
  await ownerContext.close();
  if (!code) throw new Error('no code in the demo outbox');
  return code;
}

describe('forgot password', () => {
  it("sends a code to the demo outbox, which the business's owner reads signed in; refuses a wrong code, and lets the user choose a new password", async () => {
    const email = 'agent2@demo.sapa.id';
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
    await page.waitForURL(/\/forgot-password/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    await page.getByLabel('Kode OTP').waitFor();
    await page.getByRole('link', { name: 'Buka kotak keluar demo' }).waitFor();
    const code = await codeFromDemoOutbox(email);

    const wrong = code === '00000' ? '11111' : '00000';
    await page.getByLabel('Kode OTP').fill(wrong);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.getByText('Kode OTP salah').waitFor();
    await page.getByLabel('Kode OTP').fill(code);
    await page.getByRole('button', { name: 'Verifikasi' }).click();

    await page.getByLabel('Kata sandi baru', { exact: true }).fill('barusekali2026');
    await page.getByLabel('Konfirmasi kata sandi baru').fill('barusekali2026');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await page.getByText('Kata sandi berhasil diubah').waitFor();
    await screenshot(page, 'reset-success-id');

    // The old password no longer works; the new one does.
    await page.goto(`${url}/login`);
    await fillSignIn(page, email, 'sapademo123');
    await page.getByRole('alert').filter({ hasText: 'Email atau kata sandi tidak valid' }).waitFor();
    await signIn(page, url, email, 'barusekali2026');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
