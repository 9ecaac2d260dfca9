import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

/** The balance as the page shows it, as a number (id-ID digits: 100.000,5). */
async function shownBalance(): Promise<number> {
  const text = (await page.getByTestId('credit-balance').textContent()) ?? '';
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

describe('chat credits › top-up through the payment gateway (001 §2, §4 Top-up)', () => {
  it('the owner tops up by QRIS, pays on the gateway page, and sees the balance and the mutation', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/chat-credits`);
    await page.getByRole('tab', { name: 'Saldo' }).waitFor();
    const before = await shownBalance();

    await page.getByRole('button', { name: 'Isi ulang' }).click();
    const dialog = page.getByRole('dialog', { name: 'Isi ulang kredit chat' });
    await dialog.getByRole('textbox', { name: /^Jumlah/ }).fill('50000');
    await dialog.getByRole('radio', { name: 'QRIS' }).check();
    // QRIS: 0.7% of Rp50.000 = Rp350, VAT 11% → Rp389; total Rp50.389.
    await dialog.getByText('Rp 389').waitFor();
    await dialog.getByText('Rp 50.389').waitFor();
    await screenshot(page, 'chat-credits-top-up-id');
    const popup = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Bayar' }).click();
    const gateway = await popup;
    await gateway.getByRole('button', { name: /^Pay Rp50\.389 with QRIS$/ }).click();
    await gateway.getByRole('status').filter({ hasText: 'PAID' }).waitFor();
    await gateway.close();

    await page.getByText('Isi ulang menunggu pembayaran').waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(shownBalance, { timeout: 30_000 }).toBe(before + 50_000);
    await page.getByRole('tab', { name: 'Mutasi' }).click();
    await page.getByRole('cell', { name: 'Isi ulang (QRIS)' }).first().waitFor();
    await screenshot(page, 'chat-credits-mutation-id');
  });

  it('a follow-up template sent from the inbox debits 511,5 credits and the mutation appears', async () => {
    await page.goto(`${url}/customer-service/inbox`);
    await page.getByRole('button', { name: /^Sari Wulandari/ }).click();
    const banner = page.getByTestId('chat-expired');
    await banner.getByRole('button', { name: 'Kirim template follow-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kirim template follow-up' });
    await page
      .locator('input')
      .and(page.getByLabel(/^Template/))
      .click();
    await page.getByRole('option', { name: 'follow_up_pelanggan', exact: true }).click();
    await dialog.getByRole('button', { name: 'Kirim template' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${url}/chat-credits`);
    await page.getByRole('tab', { name: 'Mutasi' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: /Follow-up chat .* \(follow_up_pelanggan\)/ })
      .first();
    await row.waitFor();
    await row.getByText('-511,5').waitFor();
    await row.getByText('Berhasil').waitFor();
    await screenshot(page, 'chat-credits-follow-up-mutation-id');
  });
});
