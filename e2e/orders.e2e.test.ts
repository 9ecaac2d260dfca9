import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

const phone = `62813${String(Date.now()).slice(-8)}`;

/** Waits until a drawer has slid in: its box is the same on two animation frames. */
async function settled(page: Page, testId: string) {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const w = window as unknown as { lastLeft?: number };
      const left = el?.getBoundingClientRect().left;
      const same = left !== undefined && left === w.lastLeft;
      w.lastLeft = left;
      return same;
    },
    testId,
    { polling: 'raf' },
  );
}
let chatUrl = '';

describe('an order taken in the chat (000 §2 create-transaction panel; 001 §2 Transactions, §4)', () => {
  it('is built with two variants and a courier, reaches the customer as a summary, and is moved to Done', async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill(phone);
    await customer.getByLabel('Your name').fill('Dina Pembeli');
    await customer.getByLabel('Message').fill('Kak, mau pesan kopi susu ya');
    await customer.getByRole('button', { name: 'Send' }).click();

    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('button', { name: /^Dina Pembeli/ }).click();
    await agent.getByText('Kak, mau pesan kopi susu ya').waitFor();
    chatUrl = agent.url();

    // The panel: find the product, choose Large and Boba (two variants), a courier and the address.
    await agent.getByTestId('create-transaction').click();
    const panel = agent.getByTestId('transaction-panel');
    await panel.getByLabel('Cari produk').fill('Kopi Susu');
    await panel.getByRole('button', { name: 'Tambah Kopi Susu Gula Aren' }).click();
    const line = panel.getByTestId('cart-line');
    await line.waitFor();
    await line.locator('label', { hasText: /^Large/ }).click();
    await line.locator('label', { hasText: /^Boba/ }).click();
    await line.getByLabel('Jumlah').fill('2');
    await panel.getByPlaceholder('Pilih kurir').click();
    await agent.getByRole('option', { name: /^JNE Reguler/ }).click();
    await panel.getByLabel('Provinsi').fill('DKI Jakarta');
    await panel.getByLabel('Kota').fill('Jakarta Selatan');
    await panel.getByLabel('Kecamatan').fill('Kebayoran Baru');
    await panel.getByLabel('Kode pos').fill('12110');
    await panel.getByLabel('Alamat lengkap').fill('Jl. Senopati No. 10');
    // Kopi Susu Gula Aren 18.000 + Large 5.000 + Boba 4.000 = 27.000 × 2; JNE flat 9.000.
    await panel
      .getByTestId('transaction-estimate')
      .getByText(/^Rp\s?63\.000$/)
      .waitFor();
    await screenshot(agent, 'orders-panel-id-1440');

    // 000 §4: resolving with a cart in progress asks first; the agent stays.
    await agent.keyboard.press('Escape');
    await agent.getByRole('button', { name: 'Selesaikan', exact: true }).click();
    const discard = agent.getByRole('dialog', { name: 'Buang transaksi?' });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Batal' }).click();
    await discard.waitFor({ state: 'hidden' });

    await agent.getByTestId('create-transaction').click();
    await panel.getByRole('button', { name: 'Buat dan kirim ringkasan' }).click();
    await panel.waitFor({ state: 'hidden' });

    // The customer's phone page receives the summary.
    const summary = customer.getByRole('listitem').filter({ hasText: 'Ringkasan pesanan TRX-' });
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('Kopi Susu Gula Aren (Large, Normal, Boba) x2 = Rp54.000');
    expect(text).toContain('Ongkir (JNE Reguler, 2-3 hari): Rp9.000');
    expect(text).toContain('Total: Rp63.000');
    const orderNumber = /TRX-\d{6}/.exec(text)?.[0] ?? '';
    await screenshot(customer, 'orders-customer-summary');

    // The transactions page: New Order → Prepared → Ready → Done.
    await agent.goto(`${url}/transaction`);
    await agent.getByLabel('Cari').fill(orderNumber);
    await agent.getByTestId('transaction-row').filter({ hasText: orderNumber }).click();
    const detail = agent.getByTestId('transaction-detail');
    for (const step of ['Tandai disiapkan', 'Tandai siap', 'Tandai selesai']) {
      await detail.getByRole('button', { name: step }).click();
      await detail.getByRole('button', { name: step }).waitFor({ state: 'detached' });
    }
    await detail.getByText('Selesai', { exact: true }).first().waitFor();
    await agent.keyboard.press('Escape');
    await agent.getByRole('tab', { name: 'Selesai' }).click();
    await agent.getByTestId('transaction-row').filter({ hasText: orderNumber }).waitFor();
    // The customer was told at each step (the box is ticked by default).
    await customer
      .getByRole('listitem')
      .filter({ hasText: `Pesanan ${orderNumber} sudah selesai` })
      .waitFor();
  }, 180_000);

  it('shows the dashboard summary, the transactions, the shipping settings and the panel at 390 and 1440 px in Indonesian and English', async () => {
    for (const lang of ['id', 'en'] as const) {
      for (const width of [390, 1440]) {
        const shot = await (await newContext(browser, { width })).newPage();
        await signIn(shot, url, 'owner@demo.sapa.id');
        if (lang === 'en') await shot.evaluate(() => localStorage.setItem('sapa.language', 'en'));
        await shot.goto(`${url}/dashboard`);
        await shot
          .getByTestId('transaction-summary')
          .getByText(/Rp\s?63\.000|IDR\s?63,000/)
          .waitFor();
        await screenshot(shot, `orders-dashboard-${lang}-${width}`);
        await shot.goto(`${url}/transaction?tab=done`);
        await shot.getByTestId('transaction-row').first().click();
        await settled(shot, 'transaction-detail');
        await screenshot(shot, `orders-transactions-${lang}-${width}`);
        await shot.goto(`${url}/setting/store?tab=shipping`);
        await shot.getByTestId('courier-row').first().waitFor();
        await screenshot(shot, `orders-shipping-${lang}-${width}`);
        await shot.goto(chatUrl);
        await shot.getByTestId('create-transaction').click();
        await settled(shot, 'transaction-panel');
        await screenshot(shot, `orders-panel-${lang}-${width}`);
        await shot.context().close();
      }
    }
  }, 240_000);
});
