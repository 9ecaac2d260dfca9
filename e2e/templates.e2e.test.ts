import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const sim = new URL(inject('customerPageUrl')).origin;
const page = await openPage({ width: 1440 });
const run = Date.now().toString(36).slice(-5);

/** The simulator reviews this template name quickly (its control route; WhatsApp takes up to 24 hours). */
async function reviewQuickly(name: string) {
  const res = await fetch(`${sim}/simulator/template-review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, delayMs: 1500, outcome: 'approve' }),
  });
  expect(res.status).toBe(200);
}

describe('WhatsApp templates (001 §2 template tab, §4 review, §5 rules)', () => {
  it('creates a template with variables and a button, sees the preview, and the status turns approved without reload', async () => {
    const name = `promo_juni_${run}`;
    await reviewQuickly(name);
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/template/whatsapp`);
    await page.getByRole('link', { name: 'Buat template', exact: true }).click();
    await page.waitForURL(/\/template\/create\/whatsapp$/);

    await page.getByLabel(/^Nama template/).fill(name);
    await page
      .getByLabel(/^Isi pesan/)
      .fill('Halo {{nama}}, ada diskon {{persen}} untuk pesanan berikutnya!');
    await page.getByLabel(/^Contoh 1/).fill('Budi');
    await page.getByLabel(/^Contoh 2/).fill('20%');
    await page.locator('input').and(page.getByLabel('Tambah tombol')).click();
    await page.getByRole('option', { name: 'Situs', exact: true }).click();
    await page.getByLabel(/^Teks tombol/).fill('Belanja sekarang');
    await page.getByLabel(/^URL situs/).fill('https://wa.me/6281277260001');

    // The spec's rules show on the form before anything is sent.
    await page.getByRole('button', { name: 'Ajukan untuk ditinjau' }).click();
    await page.getByText('Tautan langsung wa.me tidak diizinkan').waitFor();
    await page.getByLabel(/^URL situs/).fill('https://toko.example/promo');
    await page.getByText('Tautan langsung wa.me tidak diizinkan').waitFor({ state: 'detached' });

    // The WhatsApp bubble shows the samples in place of the variables, and the button.
    const preview = page.getByTestId('template-preview');
    await preview.getByText('Halo Budi, ada diskon 20% untuk pesanan berikutnya!').waitFor();
    await preview.getByText('Belanja sekarang').waitFor();
    await screenshot(page, 'templates-create-id-1440');

    await page.getByRole('button', { name: 'Ajukan untuk ditinjau' }).click();
    await page.waitForURL(/\/template\/whatsapp$/);
    const row = page.getByTestId('template-row').filter({ hasText: name });
    await row.waitFor();
    // Submitted: pending until the simulator's review webhook arrives, then approved, with no reload.
    await row
      .getByTestId('template-status')
      .and(page.locator('[data-status="approved"]'))
      .waitFor({ timeout: 20_000 });
    await expect(row.getByTestId('template-status').textContent()).resolves.toBe('Disetujui');
    await screenshot(page, 'templates-list-id-1440');

    // Deleted after confirmation; the same name is then blocked for 30 days.
    await row.getByRole('button', { name: `Hapus ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hapus template' });
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Buat template', exact: true }).click();
    await page.getByLabel(/^Nama template/).fill(name);
    await page.getByLabel(/^Isi pesan/).fill('Halo lagi!');
    await page.getByRole('button', { name: 'Ajukan untuk ditinjau' }).click();
    await page.getByText('Nama template duplikat (tunggu 30 hari setelah dihapus).').waitFor();
  }, 150_000);
});
