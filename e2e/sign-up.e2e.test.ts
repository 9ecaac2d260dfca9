import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { currentMe } from './support/journey.js';
import { agreeToConsent, finishEmbeddedSignup, signUpCodeFromWhatsapp } from './support/sign-up.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const page = await openPage({ width: 1440 });

const suffix = String(Date.now()).slice(-8);
const phone = `62813${suffix}`;
const email = `pemilik-${suffix}@example.com`;
const storeName = `Warung E2E ${suffix}`;

/** Each step in id and en, at 1440 and 390 px (reloading to switch language: the step survives it). */
async function shoot(step: string) {
  for (const language of ['en', 'id']) {
    await page.evaluate((l) => localStorage.setItem('sapa.language', l), language);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The step's content, not its loader.
    await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `sign-up-${step}-${language}-${width}`);
    }
  }
}

describe('sign-up', () => {
  it('a new shop signs up from /register to its dashboard: WhatsApp code, Embedded Signup, Starter for 3 months paid by virtual account', async () => {
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: 'Daftar' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('heading', { name: 'Buat akun Anda' }).waitFor();
    await shoot('account');

    await page.getByLabel('Nomor WhatsApp').fill(`0${phone.slice(2)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Kata sandi', { exact: true }).fill('tokobaru2026');
    await page.getByLabel('Konfirmasi kata sandi').fill('tokobaru2027');
    await page.getByRole('button', { name: 'Lanjut' }).click();
    await page.getByText('Kata sandi baru dan konfirmasi tidak sama').waitFor();
    await page.getByLabel('Konfirmasi kata sandi').fill('tokobaru2026');
    await page.getByRole('button', { name: 'Lanjut' }).click();

    await page.waitForURL(/\/sign-up\/otp$/);
    await page.getByRole('button', { name: /Kirim ulang dalam/ }).waitFor();
    const code = await signUpCodeFromWhatsapp(page, customerPageUrl, phone);
    await shoot('otp');
    const wrong = code === '00000' ? '11111' : '00000';
    await page.getByLabel('Kode OTP').fill(wrong);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.getByRole('alert').filter({ hasText: 'Kode OTP salah' }).waitFor();
    await page.getByLabel('Kode OTP').fill(code);
    await page.getByRole('button', { name: 'Verifikasi' }).click();

    await page.waitForURL(/\/sign-up\/store$/);
    await shoot('store');
    await page.getByLabel('Nama toko').fill(storeName);
    await page.getByLabel('Alamat').fill('Jl. Braga 10, Bandung');
    await page.getByLabel('Makanan & minuman').check();
    await page.getByLabel('Jasa').check();
    await page.getByLabel('Perorangan').check();
    await page.getByLabel('Restoran').check();
    await page.getByRole('button', { name: 'Lanjut' }).click();

    await page.waitForURL(/\/sign-up\/waba$/);
    await shoot('waba');
    const popup = await finishEmbeddedSignup(page, storeName, `62815${suffix}`);
    await screenshot(popup, 'sign-up-embedded-signup-popup');
    await popup.getByRole('button', { name: 'Finish' }).click();

    await page.waitForURL(/\/sign-up\/subscription$/);
    await shoot('subscription');
    // Starter for 3 months, paid by virtual account on the gateway's page (001 §2 subscription).
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: 'Starter' })
      .getByRole('button', { name: 'Pilih dan bayar' })
      .click();

    await page.waitForURL(/\/sign-up\/success$/);
    await shoot('success');
    await page.getByRole('button', { name: 'Lanjut ke pembayaran' }).click();
    await agreeToConsent(page);
    const order = page.getByRole('dialog').filter({ hasText: 'Periode' });
    await order.getByRole('radio', { name: 'BCA Virtual Account' }).check();
    await order.getByTestId('order-summary').waitFor();
    await order.getByLabel('Saya menyetujui syarat dan ketentuan berlangganan.').check();
    await screenshot(page, 'sign-up-order-id-1440');
    await order.getByRole('button', { name: 'Bayar' }).click();

    // The gateway's page in the same tab: the virtual account, then back to the new business's dashboard.
    await page.getByRole('button', { name: /^Pay Rp[\d.]+ with BCA$/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(async () => {
        const me = (await currentMe(page)) as unknown as {
          user: { email: string };
          role: string;
          client: { name: string; accountStatus: string; subscriptionPackage: string | null };
        };
        return { email: me.user.email, role: me.role, ...me.client };
      })
      .toMatchObject({
        email,
        role: 'OWN',
        name: storeName,
        accountStatus: 'Active',
        subscriptionPackage: 'STARTER',
      });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'sign-up-dashboard-id-1440');
  }, 300_000);
});
