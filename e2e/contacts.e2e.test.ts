import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { CONTACT_UPLOAD_COLUMNS } from '@sapa/contracts';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { customersWrite, pageCall } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const page = await openPage({ width: 1440 });
const run = Date.now().toString(36).slice(-5);

async function choose(scope: ReturnType<typeof page.getByRole>, label: RegExp, option: string) {
  await scope.locator('input').and(page.getByLabel(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('contacts (001 §2 Contacts, customer groups, custom fields)', () => {
  it('creates a group and a custom field, adds a contact with them, sees them on the detail, and deletes it', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/contact`);

    // A customer group: the spec's limits show on the form.
    const groupName = `Setia ${run}`;
    await page.getByRole('tab', { name: 'Grup pelanggan' }).click();
    await page.getByRole('button', { name: 'Tambah grup', exact: true }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Tambah grup pelanggan' });
    await groupDialog.getByRole('textbox', { name: /^Nama grup/ }).fill(groupName);
    await groupDialog.getByRole('button', { name: 'Tambah grup' }).click();
    await groupDialog.getByText('Deskripsi wajib diisi').waitFor();
    await groupDialog.getByRole('textbox', { name: /^Deskripsi/ }).fill('Pelanggan yang belanja tiap bulan');
    await groupDialog.getByRole('button', { name: 'Tambah grup' }).click();
    await groupDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('group-row').filter({ hasText: groupName }).waitFor();

    // A single-choice custom field with two options.
    const fieldTitle = `Kota ${run}`;
    await page.getByRole('tab', { name: 'Kontak', exact: true }).click();
    await page.getByRole('link', { name: 'Kolom kustom' }).click();
    await page.waitForURL(/\/contact\/custom-field$/);
    await page.getByRole('button', { name: 'Tambah kolom' }).click();
    const fieldDialog = page.getByRole('dialog', { name: 'Tambah kolom kustom' });
    await fieldDialog.getByRole('textbox', { name: /^Judul/ }).fill(fieldTitle);
    await choose(fieldDialog, /^Tipe/, 'Pilihan tunggal');
    await fieldDialog.getByRole('button', { name: 'Tambah kolom' }).click();
    await fieldDialog.getByText('Opsi wajib diisi').waitFor();
    await fieldDialog.getByRole('textbox', { name: 'Opsi 1' }).fill('Jakarta');
    await fieldDialog.getByRole('button', { name: 'Tambah opsi' }).click();
    await fieldDialog.getByRole('textbox', { name: 'Opsi 2' }).fill('Bandung');
    await fieldDialog.getByRole('button', { name: 'Tambah kolom' }).click();
    await fieldDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('custom-field-row').filter({ hasText: fieldTitle }).waitFor();
    await screenshot(page, 'contacts-custom-fields-id-1440');

    // A contact in the group with the field filled.
    const name = `Rina Lestari ${run}`;
    const phone = `62812${String(Date.now()).slice(-7)}`;
    await page.goto(`${url}/contact`);
    await page.getByRole('button', { name: 'Tambah kontak' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'Tambah kontak' });
    await contactDialog.getByRole('textbox', { name: /^Nama/ }).fill(name);
    await contactDialog.getByRole('textbox', { name: /^Nomor telepon/ }).fill(`+${phone}`);
    await choose(contactDialog, /^Grup pelanggan/, groupName);
    await contactDialog.getByRole('heading', { name: 'Tambah kontak' }).click();
    await choose(contactDialog, new RegExp(`^${fieldTitle}`), 'Bandung');
    await screenshot(page, 'contacts-add-id-1440');
    await contactDialog.getByRole('button', { name: 'Tambah kontak' }).click();
    await contactDialog.waitFor({ state: 'hidden' });

    // The same number again is a duplicate (001 §8).
    await page.getByRole('button', { name: 'Tambah kontak' }).click();
    await contactDialog.getByRole('textbox', { name: /^Nama/ }).fill('Rina Kembar');
    await contactDialog.getByRole('textbox', { name: /^Nomor telepon/ }).fill(`+62 ${phone.slice(2)}`);
    await contactDialog.getByRole('button', { name: 'Tambah kontak' }).click();
    await contactDialog.getByText(/^Kontak duplikat/).waitFor();
    await contactDialog.getByRole('button', { name: 'Batal' }).click();

    // Found by part of the number typed the local way, opened, and it shows the group and the field.
    await page.getByRole('textbox', { name: 'Cari' }).fill(`0${phone.slice(2, 9)}`);
    const row = page.getByTestId('contact-row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
    await screenshot(page, 'contacts-list-id-1440');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact\/detail\?id=/);
    const detailUrl = page.url();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText(groupName, { exact: true }).waitFor();
    await page.getByText(fieldTitle, { exact: true }).waitFor();
    await page.getByText('Bandung', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Riwayat transaksi' }).click();
    await page
      .getByRole('tabpanel', { name: 'Riwayat transaksi' })
      .getByText('Belum ada transaksi')
      .waitFor();
    await screenshot(page, 'contacts-detail-id-1440');

    // The group lists the contact in its drawer.
    await page.goto(`${url}/contact?tab=groups`);
    await page.getByRole('button', { name: `Kontak di ${groupName}` }).click();
    const drawer = page.getByRole('dialog', { name: `Kontak di ${groupName}` });
    await drawer.getByText(name).waitFor();
    await screenshot(page, 'contacts-group-members-id-1440');
    await page.keyboard.press('Escape');

    // A tag from its own page (/contact/add-contact-tag), then given to the contact there.
    const tagName = `VIP ${run}`;
    await page.goto(`${url}/contact?tab=tags`);
    await page.getByRole('link', { name: 'Tambah tag' }).click();
    await page.waitForURL(/\/contact\/add-contact-tag$/);
    await page.getByRole('textbox', { name: /^Nama tag/ }).fill(tagName);
    await page.getByRole('button', { name: 'Tambah tag' }).click();
    await page.waitForURL(/\/contact\/edit-contact-tag\//);
    await page.locator('input').and(page.getByLabel('Tambahkan kontak')).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByRole('list', { name: 'Kontak' }).getByText(name).waitFor();
    await screenshot(page, 'contacts-tag-id-1440');
    await page.goto(`${url}/contact/detail?id=${new URL(detailUrl).searchParams.get('id')}`);
    await page.getByText(tagName, { exact: true }).waitFor();

    // Phone width and English.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name }).waitFor();
    await screenshot(page, 'contacts-detail-id-390');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.goto(`${url}/contact`);
    await page.getByTestId('contact-row').first().waitFor();
    await screenshot(page, 'contacts-list-en-390');
    await page.setViewportSize({ width: 1440, height: 860 });
    await screenshot(page, 'contacts-list-en-1440');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));

    // Deleted after confirming.
    await page.goto(`${url}/contact`);
    await page.getByRole('textbox', { name: 'Cari' }).fill(name);
    await page.getByRole('button', { name: `Hapus ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus kontak' });
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Tidak ada kontak yang cocok').waitFor();
  }, 120_000);
});

describe('contact bulk upload (001 §3 upload history, §4, §5)', () => {
  it('uploads 2,000 rows with 10 bad ones: 1,990 saved, the 10 in the failed-rows download', async () => {
    await page.setViewportSize({ width: 1440, height: 860 });
    await page.goto(`${url}/contact`);
    await page.getByRole('link', { name: 'Unggah massal' }).click();
    await page.waitForURL(/\/contact\/bulk-upload$/);

    // Nothing chosen: the spec's message.
    await page.getByRole('button', { name: 'Unggah', exact: true }).click();
    await page.getByText('Unggah file untuk melanjutkan').waitFor();

    // The template downloads as xlsx with the template's columns.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh template' }).click(),
    ]);
    // The template downloads as xlsx: the fixed columns, tags, the business's custom fields (the one made
    // above among them), and the phone column formatted as text so that Excel keeps 6281… as typed.
    const templateBook = XLSX.read(readFileSync(await template.path()), { cellNF: true });
    const templateSheet = templateBook.Sheets[templateBook.SheetNames[0]!]!;
    const templateHeader = XLSX.utils.sheet_to_json<string[]>(templateSheet, { header: 1 })[0]!;
    expect(templateHeader.slice(0, CONTACT_UPLOAD_COLUMNS.length + 1)).toEqual([
      ...CONTACT_UPLOAD_COLUMNS,
      'Tag',
    ]);
    const cityColumn = `Kota ${run}`;
    expect(templateHeader).toContain(cityColumn);
    expect(templateSheet.B2?.z).toBe('@');
    await page.getByTestId('template-columns').getByText(cityColumn, { exact: false }).waitFor();

    // 2,000 rows with a new tag and the custom field; every 200th (from the 8th) has a phone that is not a
    // number.
    // 13 digits: the phone rule's most (001 §9).
    const prefix = `6285${String(Date.now()).slice(-5)}`;
    const tag = `Massal ${run}`;
    const rows: string[][] = [[...CONTACT_UPLOAD_COLUMNS, 'Tag', cityColumn]];
    const bad: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const wrong = i % 200 === 7;
      if (wrong) bad.push(i + 2);
      rows.push([
        `Massal ${run} ${i}`,
        wrong ? `nomor-${i}` : `${prefix}${String(i).padStart(4, '0')}`,
        '',
        '',
        '',
        '',
        tag,
        i === 1999 ? 'Bandung' : '',
      ]);
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Kontak');
    const fileName = `massal-${run}.xlsx`;
    await page.locator('input[type="file"]').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    await page.getByRole('button', { name: 'Unggah', exact: true }).click();
    const row = page.getByTestId('upload-row').filter({ hasText: fileName });
    await row.getByText('Berhasil sebagian').waitFor({ timeout: 60_000 });
    await row.getByText('1.990', { exact: true }).waitFor();
    await row.getByText('10', { exact: true }).waitFor();
    // Issue 16 §9: the "being processed" toast turns into the result once the upload finished.
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: fileName });
    await toast.getByText('1990 tersimpan · 10 gagal').waitFor();
    expect(await page.getByText(`${fileName} sedang diproses`).count()).toBe(0);
    await screenshot(page, 'contacts-upload-id-1440');

    // The failed rows come back with their row number and reason.
    const [failed] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Unduh baris gagal' }).click(),
    ]);
    const failedBook = XLSX.read(readFileSync(await failed.path()));
    const failedRows = XLSX.utils.sheet_to_json<string[]>(failedBook.Sheets[failedBook.SheetNames[0]!]!, {
      header: 1,
      raw: false,
    });
    expect(failedRows[0]).toEqual([...rows[0]!, 'Baris', 'Alasan']);
    expect(failedRows.slice(1).map((r) => Number(r[8]))).toEqual(bad);
    expect(new Set(failedRows.slice(1).map((r) => r[9]))).toEqual(
      new Set(['Nomor telepon hanya boleh berisi angka.']),
    );

    // The saved contacts are in the list, windowed (only the rows in view are in the DOM) with the next
    // pages (50 rows each) loaded while scrolling down: the end of the list is the 1,990th.
    await page.goto(`${url}/contact`);
    await page.getByRole('textbox', { name: 'Cari' }).fill(`Massal ${run}`);
    await page
      .getByTestId('contact-row')
      .filter({ hasText: `Massal ${run} ` })
      .first()
      .waitFor();
    expect(await page.getByTestId('contact-row').count()).toBeLessThan(40);
    const list = page.getByRole('list', { name: 'Kontak', exact: true });
    await expect
      .poll(
        async () => {
          await list.evaluate((ul) => ul.parentElement?.scrollTo({ top: ul.scrollHeight }));
          return page.locator('li[aria-posinset="1990"][aria-setsize="1990"]').count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('contact-row').count()).toBeLessThan(40);
    await page.getByRole('textbox', { name: 'Cari' }).fill(`Massal ${run} 1999`);
    const saved = page.getByTestId('contact-row').filter({ hasText: `Massal ${run} 1999` });
    await saved.waitFor();
    // With the tag the file named (a new name became a tag) and the custom field's value on the detail.
    await saved.getByText(tag, { exact: true }).waitFor();
    await saved.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact\/detail\?id=/);
    await page.getByText(cityColumn, { exact: true }).waitFor();
    await page.getByText('Bandung', { exact: true }).waitFor();

    // Phone width, English.
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/contact/bulk-upload`);
    await page
      .getByTestId('upload-row')
      .filter({ hasText: fileName })
      .getByText('Partially successful')
      .waitFor();
    await screenshot(page, 'contacts-upload-en-390');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));
  }, 120_000);
});

describe('the inbox contact panel and the contact page (issue 6)', () => {
  it('a customer added on the contact page writes on WhatsApp: the same contact, opened from the panel', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // This journey's numbers: 6281277220000–6281277229999.
    const phone = String(6281277220000 + (Date.now() % 10_000));
    const name = `Wulan Panel ${run}`;
    await page.goto(`${url}/contact`);
    const added = await pageCall<{ id: string }>(page, 'POST', '/api/contacts', { name, phone });
    expect(added.status).toBe(200);

    // The customer writes from that number (the simulator signs the webhook like Meta).
    await customersWrite(customerPageUrl, [
      { waId: phone, name: 'Nama Profil WA', text: 'Halo, stok masih ada?' },
    ]);
    let ticketId = '';
    await expect
      .poll(
        async () => {
          const list = await pageCall<{ items: { id: string; contact: { id: string } }[] }>(
            page,
            'GET',
            `/api/inbox/tickets?tab=unassigned&search=${phone}`,
          );
          ticketId = list.json.items.find((t) => t.contact.id === added.json.id)?.id ?? '';
          return ticketId;
        },
        { timeout: 8_000 },
      )
      .not.toBe('');

    // The chat names the contact from the page (one contact per number); its panel links to the page.
    await page.goto(`${url}/customer-service/inbox?referenceId=${ticketId}`);
    const panel = page.getByTestId('contact-panel');
    await panel.getByText(name, { exact: true }).waitFor();
    await panel.getByRole('link', { name: `Buka kontak: ${name}` }).click();
    await page.waitForURL(new RegExp(`/contact/detail\\?id=${added.json.id}$`));
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('tab', { name: 'Riwayat broadcast' }).click();
    await page
      .getByRole('tabpanel', { name: 'Riwayat broadcast' })
      .getByText('Belum ada broadcast')
      .waitFor();
    await page.getByRole('tab', { name: 'Riwayat chat' }).click();
    await page.getByRole('tabpanel', { name: 'Riwayat chat' }).getByRole('link').first().waitFor();
    const search = await pageCall<{ items: unknown[] }>(page, 'GET', `/api/contacts?search=${phone}`);
    expect(search.json.items).toHaveLength(1);
  }, 120_000);
});
