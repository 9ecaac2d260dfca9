import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { customersWrite, openTicketsMatching, pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const page = await openPage({ width: 1440 });
// A per-file prefix: journeys run in parallel and another file's tag made in the same millisecond must not match.
const RUN = `ex${Date.now().toString(36).slice(-5)}`;
/** This journey's customer numbers: 6281277250000–6281277259999. */
const BASE_NUMBER = 6281277250000 + (Date.now() % 2400) * 4;

const CUSTOMERS = [
  { key: 'A', text: `Halo, paket ${RUN} belum sampai` },
  { key: 'B', text: `Mau tanya stok ${RUN}, masih ada?` },
] as const;
const nameOf = (key: string) => `Unduh ${key} ${RUN}`;

describe('download chat data (000 §2 chat list download, §7 export history, 001 §5 31 days)', () => {
  it('requests an xlsx with messages, follows its progress, downloads it and reads its rows back', {
    timeout: 300_000,
  }, async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await customersWrite(
      customerPageUrl,
      CUSTOMERS.map((c, i) => ({ waId: String(BASE_NUMBER + i), name: nameOf(c.key), text: c.text })),
    );
    const runTickets = () => openTicketsMatching(page, RUN);
    await expect.poll(async () => (await runTickets()).length, { timeout: 60_000, interval: 500 }).toBe(2);
    for (const ticket of await runTickets())
      await pageApi(page, 'POST', `/api/tickets/${ticket.id}/resolve`, { note: 'selesai' });

    // The export history page: its own request by date range (today, the chats created today).
    await page.goto(`${url}/customer-service/export-history`);
    await page.getByRole('heading', { name: 'Unduhan baru' }).waitFor();
    await page.getByRole('button', { name: 'Unduh data chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unduh data chat' });
    await dialog.getByText(/maksimal 31 hari dan maksimal 100\.000 chat/).waitFor();
    await dialog.getByRole('radio', { name: 'Chat beserta pesannya' }).check();
    await dialog.getByText('Excel (.xlsx)').click();
    await screenshot(page, 'export-dialog-id-1440');
    await dialog.getByRole('button', { name: 'Siapkan file' }).click();

    // In progress, then ready: the file downloads through its signed link.
    const ready = dialog.getByRole('button', {
      name: /^Unduh chat-messages_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
    });
    await ready.waitFor({ timeout: 90_000 });
    await dialog.getByText(/^File siap: [\d.]+ baris\.$/).waitFor();
    await screenshot(page, 'export-ready-id-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
    expect(download.suggestedFilename()).toMatch(/^chat-messages_.*\.xlsx$/);
    const path = await download.path();
    const book = XLSX.read(readFileSync(path), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: false,
      defval: '',
    });
    const header = rows[0]!;
    expect(header).toEqual(
      expect.arrayContaining(['ID Tiket', 'Pelanggan', 'Status', 'Waktu pesan', 'Pengirim', 'Pesan']),
    );
    const col = (name: string) => header.indexOf(name);
    for (const customer of CUSTOMERS) {
      const mine = rows.filter((r) => r[col('Pelanggan')] === nameOf(customer.key));
      // The customer's message, then the resolve note is not a message: one row per message of the chat.
      expect(mine.length).toBeGreaterThanOrEqual(1);
      const first = mine[0]!;
      expect(first[col('ID Tiket')]).toMatch(/^T-\d{6}$/);
      expect(first[col('Status')]).toBe('Selesai');
      expect(first[col('Pengirim')]).toBe(nameOf(customer.key));
      expect(first[col('Pesan')]).toBe(customer.text);
      expect(first[col('Nomor / nama pengguna')]).toMatch(/^628127725\d{4}$/);
    }
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    // The history lists the request as done, with its rows and a download.
    const row = page.getByTestId('export-row').first();
    await row.getByText('Selesai', { exact: true }).waitFor();
    await row.getByText(/^Chat beserta pesannya · Daftar chat · XLSX$/).waitFor();
    await screenshot(page, 'export-history-id-1440');

    // From the chat list (Daftar Chat): its applied filter (this run's customers, created today, closed) and
    // visible columns go into the file, one row per chat.
    await page.goto(`${url}/customer-service/ticket-list?customerInfo=${RUN}`);
    await expect.poll(async () => page.getByTestId('result-row').count()).toBe(2);
    await page.getByRole('button', { name: 'Unduh data chat' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Unduh data chat' });
    await listDialog.getByRole('button', { name: 'Siapkan file' }).click();
    const listFile = listDialog.getByRole('button', { name: /^Unduh chat-data_.*\.xlsx$/ });
    await listFile.waitFor({ timeout: 90_000 });
    const [listDownload] = await Promise.all([page.waitForEvent('download'), listFile.click()]);
    const listBook = XLSX.read(readFileSync(await listDownload.path()), { type: 'buffer' });
    const listRows = XLSX.utils.sheet_to_json<string[]>(listBook.Sheets[listBook.SheetNames[0]!]!, {
      header: 1,
      raw: false,
      defval: '',
    });
    const listCustomer = listRows[0]!.indexOf('Pelanggan');
    expect(
      listRows
        .slice(1)
        .map((r) => r[listCustomer])
        .sort(),
    ).toEqual(CUSTOMERS.map((c) => nameOf(c.key)).sort());
    await listDialog.getByRole('button', { name: 'Tutup' }).click();

    // English, phone-sized: the same history as cards.
    await page.goto(`${url}/customer-service/export-history`);
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Requested downloads' }).waitFor();
    await page.getByTestId('export-row').first().getByText('Done', { exact: true }).waitFor();
    await screenshot(page, 'export-history-en-390');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));
    await page.setViewportSize({ width: 1440, height: 860 });
  });
});
