import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const shopifyAdminUrl = inject('shopifyAdminUrl');
let browser: Browser;
let owner: Page;

/** A customer of the Shopify shop only (no chat with the demo business yet). */
const CUSTOMER = { firstName: 'Rina', lastName: 'Wati', phone: '+62 812 9876 5432', waId: '6281298765432' };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  await signIn(owner, url, 'owner@demo.sapa.id');
});
afterAll(() => browser.close());

describe('Shopify', () => {
  it('a store connected with its admin URL sends the order-created template to the customer’s WhatsApp', async () => {
    // Store configuration: the connect dialog takes the admin URL; Shopify asks the merchant to approve Sapa.
    await owner.goto(`${url}/shopify`);
    await owner.getByRole('button', { name: 'Hubungkan toko Shopify' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Hubungkan toko Shopify' });
    await dialog.getByRole('button', { name: 'Lanjut ke Shopify' }).click();
    await dialog.getByText('URL Shopify wajib diisi').waitFor();
    await dialog.getByLabel('URL admin Shopify').fill('https://admin.shopify.com/store/toko-sapa-demo');
    await dialog.getByRole('button', { name: 'Lanjut ke Shopify' }).click();
    await owner.getByRole('button', { name: 'Install app' }).click();
    await owner.waitForURL(`${url}/shopify`);
    await expect.poll(() => owner.getByTestId('shopify-shop-name').textContent()).toBe('Toko Sapa Demo');
    await screenshot(owner, 'shopify-store-id-1440');

    // Automated messages: the order-created message with its approved template.
    await owner.getByRole('tab', { name: 'Pesan otomatis' }).click();
    const card = owner.getByTestId('shopify-automation-order_created');
    await card.locator('input').and(owner.getByLabel('Template WhatsApp')).click();
    await owner.getByRole('option', { name: 'shopify_pesanan_dibuat (id)' }).click();
    // Mantine's switch input is visually hidden: it is turned on with the keyboard, as a person tabbing would.
    await card.getByRole('switch', { name: 'Aktif' }).focus();
    await owner.keyboard.press('Space');
    expect(await card.getByRole('switch', { name: 'Aktif' }).isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Simpan' }).click();
    await owner.getByText('Tersimpan.').first().waitFor();
    await screenshot(owner, 'shopify-messages-id-1440');

    // A buyer's order in the shop (the simulator's admin page).
    const shop = await (await newContext(browser, { locale: 'en-US' })).newPage();
    await shop.goto(shopifyAdminUrl);
    await shop.getByLabel('First name').fill(CUSTOMER.firstName);
    await shop.getByLabel('Last name').fill(CUSTOMER.lastName);
    await shop.getByLabel('Phone').fill(CUSTOMER.phone);
    await shop.getByLabel('Product').fill('Kemeja Batik');
    await shop.getByLabel('Price').fill('150000');
    await shop.getByRole('button', { name: 'Create order' }).click();
    const orderName = (await shop.locator('tr[data-order]').first().getAttribute('data-order')) ?? '';
    expect(orderName).toMatch(/^#\d+$/);

    // The customer's phone shows the template with the order's values.
    const phone = await (await newContext(browser, { locale: 'en-US' })).newPage();
    const target = new URL(customerPageUrl);
    target.searchParams.set('waId', CUSTOMER.waId);
    await phone.goto(target.toString());
    const message = phone
      .getByRole('listitem')
      .filter({ hasText: `shopify_pesanan_dibuat (id): Rina Wati` })
      .filter({ hasText: orderName });
    await message.waitFor();
    expect(await message.textContent()).toMatch(/Rp\s?150\.000/);

    // The report counts it.
    await owner.getByRole('tab', { name: 'Laporan' }).click();
    await expect
      .poll(async () => (await owner.getByTestId('shopify-orders-total').textContent()) ?? '')
      .not.toBe('0');
    await owner.getByTestId('shopify-report-order_created').waitFor();
    await screenshot(owner, 'shopify-report-id-1440');
    await shop.context().close();
    await phone.context().close();
  });
});
