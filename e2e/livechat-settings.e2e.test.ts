import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { drawnPng, openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage({ width: 1440 });

async function chooseLogo(p: Page, buttonName: string, name: string, buffer: Buffer) {
  const chooser = p.waitForEvent('filechooser');
  await p.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

const tab = (name: RegExp) => page.getByRole('tab', { name });
/** A form field by its label (a required field's label ends with Mantine's asterisk). */
const field = (label: string, within: Pick<Page, 'getByLabel'> = page) =>
  within.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

describe('business settings › channels › live chat', () => {
  it('adds a live chat (validation first), finds it in the list, reads its install code and disconnects it', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/setting/store?tab=channels`);
    await page.getByRole('table', { name: 'Kanal terhubung' }).waitFor();
    await page.getByRole('link', { name: 'Tambah live chat' }).click();
    await page.waitForURL(/\/livechat\/create$/);

    // Basic: a domain without http(s)://.
    await field('Nama').fill('Toko Batik Sari');
    await field('Domain situs').fill('batik-sari.example.id');

    // Display: colour, a logo over 320 px first (refused here, as the server would), then a 256 px one.
    await tab(/^Tampilan/).click();
    await field('Warna widget').click();
    await page.getByLabel('#1C7ED6', { exact: true }).click(); // a swatch of the picker
    expect(await field('Warna widget').inputValue()).toBe('#1C7ED6');
    await chooseLogo(page, 'Unggah logo', 'besar.png', await drawnPng(page, 400));
    await page.getByText('Logo maksimal 320x320 px', { exact: true }).waitFor();
    await chooseLogo(page, 'Unggah logo', 'logo.png', await drawnPng(page, 256));
    await page.getByText('Logo 256×256 px terunggah', { exact: true }).waitFor();
    await field('Nama persona').fill('Sari');
    expect(await field('Warna widget').inputValue()).toBe('#1C7ED6');

    // Content: an online title over the 30-character limit.
    await tab(/^Konten/).click();
    await field('Judul online').fill('Selamat datang di Toko Batik Sari!');
    await field('Pesan online').fill('Ada yang bisa kami bantu hari ini?');
    await field('Judul offline').fill('Kami sedang offline');
    await field('Pesan offline').fill('Tinggalkan pesan, kami balas besok pagi.');

    // Pre-chat form: one extra component and the consent text.
    await tab(/^Formulir pra-chat/).click();
    await page.getByRole('button', { name: 'Tambah komponen' }).click();
    const component = page.getByRole('group', { name: 'Komponen 1' });
    await field('Label', component).fill('Nomor pesanan');
    await component.locator('input').and(page.getByLabel('Data kustom')).click();
    await page.getByRole('option', { name: 'Nomor pesanan', exact: true }).click();
    await field('Teks persetujuan').fill('Saya setuju data saya dipakai untuk layanan ini.');

    // Saving shows the problems: the first section with one opens, the others are marked.
    await page.getByRole('button', { name: 'Buat live chat' }).click();
    await page
      .getByText('Domain tidak valid: diawali http:// atau https:// lalu nama host', { exact: true })
      .waitFor();
    expect(await tab(/^Dasar/).getAttribute('aria-selected')).toBe('true');
    await tab(/^Konten \(ada masalah\)/).click();
    await page.getByText('Maksimal 30 karakter', { exact: true }).waitFor();
    await screenshot(page, 'livechat-create-errors-id-1440');

    await field('Judul online').fill('Selamat datang!');
    await tab(/^Dasar/).click();
    await field('Domain situs').fill('https://batik-sari.example.id');
    await page.getByRole('button', { name: 'Buat live chat' }).click();

    // Back in the list (the demo may have its own live chat too).
    await page.waitForURL(/\/setting\/store\?tab=channels$/);
    const row = page.getByRole('row').filter({ hasText: 'Toko Batik Sari' });
    await row.getByText('https://batik-sari.example.id', { exact: true }).waitFor();
    await row.getByText('Terhubung', { exact: true }).waitFor();
    await screenshot(page, 'livechat-channels-id-1440');

    // Edit: the saved settings, the state and the install code.
    await row.getByRole('link', { name: 'Toko Batik Sari' }).click();
    await page.waitForURL(/\/livechat\/edit\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    await page.getByRole('heading', { name: 'Toko Batik Sari' }).waitFor();
    await page.getByText('Menunggu pemasangan', { exact: true }).waitFor();
    await tab(/^Formulir pra-chat/).click();
    expect(await field('Label', page.getByRole('group', { name: 'Komponen 1' })).inputValue()).toBe(
      'Nomor pesanan',
    );

    // An unsaved change asks before leaving; then it is saved.
    await tab(/^Tampilan/).click();
    await field('Nama persona').fill('Sari Batik');
    await page.getByRole('main').getByRole('link', { name: 'Pengaturan bisnis' }).click();
    const leave = page.getByRole('dialog', { name: 'Keluar tanpa menyimpan?' });
    await leave.getByRole('button', { name: 'Batal' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${url}/livechat/edit/${id}`);
    await page.getByRole('button', { name: 'Simpan perubahan' }).click();
    await page.getByText('Perubahan disimpan', { exact: true }).waitFor();

    await tab(/^Pemasangan/).click();
    const snippet = (await page.locator('pre').filter({ hasText: '<script' }).textContent()) ?? '';
    expect(snippet).toBe(`<script src="${url}/widget/sapa-widget.js" data-account="${id}" async></script>`);
    await page.getByRole('button', { name: 'Salin kode' }).waitFor();
    await screenshot(page, 'livechat-edit-install-id-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload(); // a phone loads the page at its own width
    await tab(/^Pemasangan/).click();
    await screenshot(page, 'livechat-edit-install-id-390');

    // English at both widths.
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.reload();
    await page.getByText('Waiting for install', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /^Display/ }).click();
    await screenshot(page, 'livechat-edit-display-en-390');
    // Issue 16 §9: the business's texts are shown to visitors as written; the form says so.
    await page.getByRole('tab', { name: /^Content/ }).click();
    expect(await page.getByTestId('as-written-hint').textContent()).toContain('exactly as written');
    await page.setViewportSize({ width: 1440, height: 860 });
    await page.reload();
    await page.getByRole('tab', { name: /^Pre-chat form/ }).click();
    await screenshot(page, 'livechat-edit-prechat-en-1440');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));
    await page.reload();

    // Disconnect, after confirming.
    await page.getByRole('button', { name: 'Putuskan', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Putuskan live chat' });
    await confirm.getByText(/Putuskan Toko Batik Sari \(https:\/\/batik-sari\.example\.id\)\?/).waitFor();
    await confirm.getByRole('button', { name: 'Putuskan' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Terputus', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Simpan perubahan' }).count()).toBe(0);
    await screenshot(page, 'livechat-disconnected-id-1440');

    await page.goto(`${url}/setting/store?tab=channels`);
    await page
      .getByRole('row')
      .filter({ hasText: 'Toko Batik Sari' })
      .getByText('Terputus', { exact: true })
      .waitFor();
  });
});
