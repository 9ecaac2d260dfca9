import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { drawnPng, launchBrowser, newContext, openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage({ width: 1440 });
const run = Date.now().toString(36).slice(-5);

/** Fills the name and extra price of the option at `index` of a variant group. */
async function fillOption(
  group: ReturnType<Page['getByTestId']>,
  index: number,
  name: string,
  extra?: string,
) {
  const option = group.getByTestId('variant-option').nth(index);
  await option.getByRole('textbox', { name: 'Nama opsi' }).fill(name);
  if (extra) await option.getByRole('textbox', { name: 'Harga tambahan' }).fill(extra);
}

describe('catalogue (001 §2 Products: list, add, variants, bulk activate/deactivate)', () => {
  it('the owner adds a product with two variant groups and a photo, finds it by search, and stops selling it in bulk', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/product/list`);
    // The demo shop has a catalogue.
    await page.getByTestId('product-row').filter({ hasText: 'Kopi Susu Gula Aren' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Tambah produk' }).click();
    await page.waitForURL(/\/product\/add-product$/);
    const name = `Es Kopi Pandan ${run}`;
    await page.getByRole('textbox', { name: /^Nama produk/ }).fill(name);
    await page.getByRole('textbox', { name: /^Harga/ }).fill('22000');
    await page.getByRole('textbox', { name: /^Berat/ }).fill('350');
    await page.getByRole('textbox', { name: 'SKU' }).fill(`EKP-${run}`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'kopi.png',
      mimeType: 'image/png',
      buffer: await drawnPng(page, 320, 'K'),
    });
    await page.getByTestId('product-photo').getByRole('img', { name: 'Foto produk 1' }).waitFor();

    // Two variant groups: a required single choice and an optional multi-select.
    await page.getByRole('button', { name: 'Tambah grup varian' }).click();
    const size = page.getByTestId('variant-group').nth(0);
    await size.getByRole('textbox', { name: 'Nama grup varian' }).fill('Ukuran');
    await size.getByLabel('Wajib').check();
    await fillOption(size, 0, 'Regular');
    await size.getByRole('button', { name: 'Tambah opsi' }).click();
    await page.getByRole('button', { name: 'Tambah grup varian' }).click();
    const topping = page.getByTestId('variant-group').nth(1);
    await topping.getByRole('textbox', { name: 'Nama grup varian' }).fill('Topping');
    await topping.getByText('Pilih beberapa').click();
    await fillOption(topping, 0, 'Boba', '3000');
    // The empty second size option is refused with the server's message, before anything is sent.
    await page.getByRole('button', { name: 'Simpan' }).click();
    await size.getByText('Kolom ini wajib diisi').waitFor();
    await fillOption(size, 1, 'Large', '5000');
    await screenshot(page, 'catalogue-add-id-1440');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL(/\/product\/list$/);

    // Found by its SKU, with its photo, category-less, sold.
    await page.getByRole('textbox', { name: 'Cari' }).fill(`ekp-${run}`);
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await row.getByText('2 grup varian').waitFor();
    await row.getByText('Dijual').waitFor();

    // Bulk: select it, stop selling after confirming.
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Berhenti jual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Berhenti menjual 1 produk?' });
    await dialog.getByRole('button', { name: 'Berhenti jual' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Tidak dijual').waitFor();
    await screenshot(page, 'catalogue-list-id-1440');
  });

  it('shows the list, the form and the categories at 390 and 1440 px in Indonesian and English', async () => {
    const browser = await launchBrowser();
    try {
      for (const lang of ['id', 'en'] as const) {
        for (const width of [390, 1440]) {
          const shot = await (await newContext(browser, { width })).newPage();
          await signIn(shot, url, 'owner@demo.sapa.id');
          if (lang === 'en') await shot.evaluate(() => localStorage.setItem('sapa.language', 'en'));
          await shot.goto(`${url}/product/list`);
          await shot.getByTestId('product-row').first().waitFor();
          await screenshot(shot, `catalogue-list-${lang}-${width}`);
          await shot.goto(`${url}/category`);
          await shot.getByTestId('category-row').first().waitFor();
          await screenshot(shot, `catalogue-categories-${lang}-${width}`);
          await shot.goto(`${url}/product/list`);
          await shot
            .getByTestId('product-row')
            .filter({ hasText: 'Kopi Susu Gula Aren' })
            .getByText('Kopi Susu Gula Aren')
            .click();
          await shot.getByTestId('variant-group').first().waitFor();
          await screenshot(shot, `catalogue-edit-${lang}-${width}`);
          await shot.context().close();
        }
      }
    } finally {
      await browser.close();
    }
  }, 240_000);
});
