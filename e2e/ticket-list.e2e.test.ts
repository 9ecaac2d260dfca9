import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { customersWrite, openTicketsMatching, pageApi } from './support/customers.js';
import { signIn, signOut } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const page = await openPage({ width: 1440 });
/** Lists answer within a request or two; a cold page load with a new language takes longer. */
const WAIT = { timeout: 30_000, interval: 200 };
// A per-file prefix: journeys run in parallel and another file's tag made in the same millisecond must not match.
const RUN = `tl${Date.now().toString(36).slice(-5)}`;
/** A word only this run's messages carry: the message keyword search finds exactly these chats. */
const KEYWORD = `kode${RUN}`;
/** This journey's customer numbers: 6281277240000–6281277249999. */
const BASE_NUMBER = 6281277240000 + (Date.now() % 2400) * 4;

const CUSTOMERS = [
  { key: 'A', text: `Paket saya ${KEYWORD} belum sampai`, resolve: true },
  { key: 'B', text: 'Halo kak, stok kaos hitam masih ada?', resolve: true },
  { key: 'C', text: `Tolong cek pesanan ${KEYWORD} ya`, resolve: false },
  { key: 'D', text: 'Terima kasih, sudah diterima', resolve: false },
] as const;
const nameOf = (key: string) => `Tiket ${key} ${RUN}`;

const customersOfRun = () =>
  CUSTOMERS.map((c, i) => ({ waId: String(BASE_NUMBER + i), name: nameOf(c.key), text: c.text }));

const rows = () => page.getByTestId('result-row');
const rowNames = async () => (await rows().allTextContents()).map((text) => /Tiket [A-D]/.exec(text)?.[0]);

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('Daftar Chat (000 §2 chat list: search chat data, customise table data)', () => {
  it('filters by channel, status and a message keyword, opens a chat, and keeps chosen columns', {
    timeout: 120_000,
  }, async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await customersWrite(customerPageUrl, customersOfRun());
    const runTickets = () => openTicketsMatching(page, RUN);
    await expect.poll(async () => (await runTickets()).length, { timeout: 60_000, interval: 500 }).toBe(4);
    for (const ticket of await runTickets()) {
      const customer = CUSTOMERS.find((c) => nameOf(c.key) === ticket.contact.name);
      if (customer?.resolve)
        await pageApi(page, 'POST', `/api/tickets/${ticket.id}/resolve`, { note: 'selesai' });
    }

    // The spec's defaults: created today to today, closed empty, status closed.
    await page.goto(`${url}/customer-service/ticket-list`);
    await page.getByRole('tab', { name: 'Cari data chat', selected: true }).waitFor();
    // Issue 16 §7: results first, the filters folded behind one button at 1440 too.
    const filters = page.getByRole('button', { name: /^Filter/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await page.locator('form').getByText('Selesai', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ditutup', exact: true }).textContent()).toBe(
      'Semua tanggal',
    );

    // Keyword + channel + the default status: only A (B has no keyword, C is still open).
    await page.getByRole('textbox', { name: 'Kata kunci pesan' }).fill(KEYWORD);
    await choose('Kanal', 'WhatsApp');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect.poll(rowNames, WAIT).toEqual(['Tiket A']);
    await page.getByText('1 chat', { exact: true }).waitFor();
    await screenshot(page, 'ticket-list-filtered-id-1440');

    // Any status (Backspace removes the last chosen one): A and C, newest first.
    await status.focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Tiket A', 'Tiket C']);

    // The search is in the URL: a reload shows the same chats.
    await page.reload();
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Tiket A', 'Tiket C']);
    // Status badges and tags are whole in the table at 1440 (issue 16 §7).
    const cut = await page
      .getByTestId('result-row')
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await filters.click();

    // Another channel: none of them.
    await page.getByRole('combobox', { name: 'Kanal', exact: true }).focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('Live');
    await page.getByRole('option', { name: 'Live Chat', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await page.getByText('Tidak ada chat yang cocok').waitFor();

    // A keyword needs three characters.
    await page.getByRole('textbox', { name: 'Kata kunci pesan' }).fill('ab');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await page.getByText('Ketik minimal 3 karakter').waitFor();

    // Reset: back to the defaults (today's closed chats), A and B among them.
    await page.getByRole('button', { name: 'Atur ulang' }).click();
    await page.waitForURL(/\/customer-service\/ticket-list$/);
    await page.getByRole('textbox', { name: 'Pelanggan', exact: true }).fill(RUN);
    await page.getByRole('textbox', { name: 'Pelanggan', exact: true }).press('Enter');
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Tiket A', 'Tiket B']);

    // A row opens the chat in the inbox (keyboard: Enter).
    const rowA = rows().filter({ hasText: nameOf('A') });
    await rowA.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/customer-service\/inbox\?referenceId=[0-9a-f-]{36}$/);
    await page.goBack();

    // Customise table data: hide the channel, show the priority; saved for this user.
    const header = page.getByTestId('results-header');
    await header.getByText('Kanal', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Atur tabel data' }).click();
    await page.getByRole('checkbox', { name: 'Kanal' }).uncheck();
    await page.getByRole('checkbox', { name: 'Prioritas' }).check();
    await screenshot(page, 'ticket-list-columns-id-1440');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Kolom disimpan').waitFor();
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Kanal' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Prioritas' }).isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Cari data chat' }).click();
    await header.getByText('Prioritas', { exact: true }).waitFor();
    expect(await header.getByText('Kanal', { exact: true }).count()).toBe(0);
    await expect.poll(async () => (await rows().first().textContent()) ?? '', WAIT).toContain('Normal');

    // Nothing chosen cannot be saved; the defaults come back.
    await page.getByRole('tab', { name: 'Atur tabel data' }).click();
    await page.getByRole('checkbox', { name: 'Status', checked: true }).waitFor();
    const checked = page.getByRole('checkbox', { checked: true });
    while ((await checked.count()) > 0) await checked.first().uncheck();
    await page.getByText('Pilih minimal satu kolom').waitFor();
    expect(await page.getByRole('button', { name: 'Simpan' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Kolom bawaan' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Kolom disimpan').waitFor();

    // English on a phone-sized screen: the filters fold away, the table scrolls sideways.
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/customer-service/ticket-list?customerInfo=${RUN}`);
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Tiket A', 'Tiket B']);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('textbox', { name: 'Message keyword' }).waitFor();
    await screenshot(page, 'ticket-list-en-390');
    // Issue 16 §9 on a phone: the page title is whole (two lines at most, never cut), and tapping the
    // current page in the drawer closes it.
    const title = page.getByTestId('page-title');
    expect(await title.textContent()).toBe('Chat list');
    expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Chat list' })
      .click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));
    await page.setViewportSize({ width: 1440, height: 860 });
    await page.reload();

    // A user who may search chats (menu "history") but not open the inbox reads the chat right here.
    const role = await pageApi<{ id: string }>(page, 'POST', '/api/feature-access', {
      name: `Cari ${RUN}`,
      menus: ['history'],
    });
    const searcher = `pencari.${RUN}@demo.sapa.id`;
    await pageApi(page, 'POST', '/api/admin/users', {
      name: `Pencari ${RUN}`,
      email: searcher,
      password: 'sapademo123',
      role: 'USC',
      accessRoleId: role.id,
    });
    await signOut(page);
    await signIn(page, url, searcher);
    await page.goto(`${url}/customer-service/ticket-list?customerInfo=${RUN}`);
    await rows()
      .filter({ hasText: nameOf('A') })
      .click();
    const transcript = page.getByRole('dialog', { name: new RegExp(`^Chat T-\\d+ dengan ${nameOf('A')}$`) });
    await transcript.getByText(CUSTOMERS[0].text).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer-service/ticket-list');
    await screenshot(page, 'ticket-list-transcript-id-1440');
    await transcript.getByRole('button', { name: 'Tutup' }).click();
    await transcript.waitFor({ state: 'hidden' });
  });
});
