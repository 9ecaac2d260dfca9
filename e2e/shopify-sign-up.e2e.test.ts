import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { agreeToConsent, finishEmbeddedSignup, signUpCodeFromWhatsapp } from './support/sign-up.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
/** The Shopify simulator's app store, beside the demo shop's admin page. */
const appStoreUrl = `${new URL(inject('shopifyAdminUrl')).origin}/app-store`;
const page = await openPage({ width: 1440 });

/** A shop no other journey uses (the simulator creates it when the merchant names it in the app store). */
const SHOP_NAME = 'Toko Shopify Baru';
const suffix = String(Date.now()).slice(-8);
const phone = `62816${suffix}`;
const email = `shopify-${suffix}@example.com`;

/** The Shopify sign-up page in both languages, narrow and wide (reloading keeps the install). */
async function shoot() {
  for (const language of ['en', 'id']) {
    await page.evaluate((l) => localStorage.setItem('sapa.language', l), language);
    await page.reload();
    await page.getByTestId('shopify-verified-store').waitFor();
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `sign-up-shopify-${language}-${width}`);
    }
  }
}

describe('sign-up via Shopify', () => {
  it('a merchant installs Sapa from the Shopify app store, signs up with the shop, and lands on /shopify with the store connected', async () => {
    // An install link that is made up (or used, or expired) says so and how to start again.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${url}/sign-up-shopify?install=${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: 'sudah kedaluwarsa atau sudah dipakai' }).waitFor();
    await page.getByRole('link', { name: 'Daftar tanpa Shopify' }).waitFor();
    await screenshot(page, 'sign-up-shopify-expired-id-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Shopify's side: the app store listing, a new shop, Install; Shopify opens Sapa, which asks for approval.
    await page.goto(appStoreUrl);
    await page.getByLabel('Shop name').fill(SHOP_NAME);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Install Sapa' }).first().click();
    await page.getByRole('heading', { name: `Install app on ${SHOP_NAME}` }).waitFor();
    await page.getByRole('button', { name: 'Install app' }).click();

    // Sapa: the verified shop, the progress steps, the email Shopify gave.
    await page.waitForURL(/\/sign-up-shopify\?install=/);
    await page.getByText(SHOP_NAME).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await shoot();
    expect(await page.getByRole('button', { name: 'Toko Shopify terverifikasi' }).count()).toBe(1);

    await page.getByLabel('Nomor WhatsApp').fill(`0${phone.slice(2)}`);
    await page.getByLabel('Kata sandi', { exact: true }).fill('tokoshopify2026');
    await page.getByLabel('Konfirmasi kata sandi').fill('tokoshopify2026');
    await page.getByRole('button', { name: 'Lanjut' }).click();
    await page.waitForURL(/\/sign-up\/otp$/);
    await page.getByLabel('Kode OTP').fill(await signUpCodeFromWhatsapp(page, customerPageUrl, phone));
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click();

    // The store step starts with the shop's name.
    await page.waitForURL(/\/sign-up\/store$/);
    expect(await page.getByLabel('Nama toko').inputValue()).toBe(SHOP_NAME);
    await page.getByLabel('Alamat').fill('Jl. Asia Afrika 8, Bandung');
    await page.getByLabel('Fesyen').check();
    await page.getByLabel('Perorangan').check();
    await page.getByLabel('Toko online').check();
    await page.getByRole('button', { name: 'Lanjut' }).click();

    await page.waitForURL(/\/sign-up\/waba$/);
    const popup = await finishEmbeddedSignup(page, SHOP_NAME, `62817${suffix}`);
    await popup.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/sign-up\/subscription$/);
    await page.getByRole('button', { name: 'Mulai uji coba gratis' }).click();

    // Done: on to the Shopify page, where the store is connected.
    await page.waitForURL(/\/sign-up\/success$/);
    await page.getByRole('button', { name: 'Buka toko Shopify saya' }).click();
    await page.waitForURL(`${url}/shopify`);
    await agreeToConsent(page);
    await expect.poll(() => page.getByTestId('shopify-shop-name').textContent()).toBe(SHOP_NAME);
    await screenshot(page, 'sign-up-shopify-connected-id-1440');
  }, 300_000);
});
