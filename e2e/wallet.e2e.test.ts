import { describe, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn, switchLanguage } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

describe('wallet › a withdrawal to a verified bank account (001 §2 wallet, business settings › bank account)', () => {
  it('the owner adds a bank account the bank confirms, withdraws, and the row moves from Pending to Mutation', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/setting/store?tab=bank`);
    await page.getByText('Belum ada rekening bank').waitFor();
    await page
      .locator('input')
      .and(page.getByLabel('Bank', { exact: true }))
      .click();
    await page.getByRole('option', { name: 'Bank Central Asia (BCA)' }).click();
    await page.getByRole('textbox', { name: 'Nomor rekening' }).fill('1234567890');
    await page.getByRole('textbox', { name: 'Nama pemilik rekening' }).fill('Demo Sapa');
    await page.getByRole('button', { name: 'Tambah dan periksa' }).click();
    await page.getByRole('row').filter({ hasText: '1234567890' }).getByText('Terverifikasi').waitFor();
    await screenshot(page, 'wallet-bank-account-id');

    await page.goto(`${url}/wallet`);
    await page.getByTestId('wallet-balance').filter({ hasText: 'Rp 250.000' }).waitFor();
    await page.getByRole('tab', { name: 'Mutasi' }).waitFor();
    await page.getByRole('button', { name: 'Tarik dana' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tarik dana ke rekening bank' });
    await dialog.getByRole('textbox', { name: 'Jumlah' }).fill('50000');
    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    await dialog.getByText(/Tarik Rp\s?50\.000 ke BCA ••7890/).waitFor();
    await screenshot(page, 'wallet-withdraw-confirm-id');
    await dialog.getByRole('button', { name: 'Ya, tarik dana' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Tertunda' }).click();
    const pending = page.getByRole('row').filter({ hasText: 'BCA ••7890' });
    await pending.getByText('Dalam proses').waitFor();
    await screenshot(page, 'wallet-pending-id');
    // The demo's bank pays out after a few seconds; its signed callback settles the withdrawal.
    await page.getByText('Tidak ada yang diproses').waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Mutasi' }).click();
    await page.getByRole('cell', { name: 'Penarikan ke BCA ••7890' }).waitFor();
    // The balance follows: the demo's 250.000 less the 50.000 paid out, nothing held any more.
    await page.getByText('Tersedia Rp 200.000 · sedang diproses Rp 0').waitFor({ timeout: 10_000 });
    await screenshot(page, 'wallet-mutation-id');

    // In English: the empty Pending tab says so. Then back: the owner's language is kept on the user, and the
    // shard's later journeys sign the owner in expecting Indonesian.
    await switchLanguage(page, 'en');
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page.getByText('Nothing in process').waitFor();
    await screenshot(page, 'wallet-pending-empty-en');
    await switchLanguage(page, 'id');
  });
});
