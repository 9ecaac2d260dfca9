import { authenticator } from 'otplib';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { fillSignIn, signIn, signOut } from './support/journey.js';

const url = inject('sapaUrl');

/** A 6-digit code that is none of the codes the server accepts now (previous, current and next step). */
function codeOutsideWindow(secret: string): string {
  const step = 30_000;
  const accepted = new Set(
    [-1, 0, 1].map((k) => authenticator.clone({ epoch: Date.now() + k * step }).generate(secret)),
  );
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}
const page = await openPage();

describe('two-factor verification', () => {
  it('is set up from account settings and then asked for at sign-in', async () => {
    await signIn(page, url, 'admin@demo.sapa.id');
    await page.goto(`${url}/setting/two-factor-verification-setup`);
    await page.getByRole('button', { name: 'Atur verifikasi dua langkah' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'two-factor-setup-id');
    // A wrong code is refused with the translated message; the right one activates.
    await page.getByLabel('Kode verifikasi').fill(codeOutsideWindow(secret));
    await page.getByRole('button', { name: 'Aktifkan' }).click();
    await page.getByText('Kode verifikasi tidak valid.').waitFor();
    await page.getByLabel('Kode verifikasi').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Aktifkan' }).click();
    await page.getByText('Aktif', { exact: true }).waitFor();

    await signOut(page);
    await fillSignIn(page, 'admin@demo.sapa.id', 'sapademo123');
    await page.getByText('Masukkan kode 6 digit dari aplikasi autentikator Anda.').waitFor();
    await screenshot(page, 'login-mfa-step-id');
    await page.getByLabel('Kode verifikasi').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: /Admin Demo/ }).waitFor();
  });
});
