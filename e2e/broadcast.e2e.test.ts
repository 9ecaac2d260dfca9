import { BROADCAST_IMAGE_MAX_BYTES } from '@sapa/contracts';
import type { BusinessMessage } from '@sapa/simulators';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { drawnPng, newContext, openPage, screenshot } from './support/browser.js';
import { pageCall } from './support/customers.js';
import { signIn, signOut } from './support/journey.js';

const url = inject('sapaUrl');
const sim = new URL(inject('customerPageUrl')).origin;
const page = await openPage({ width: 1440 });
const run = Date.now().toString(36).slice(-5);
/** The demo business's simulated WhatsApp number (apps/server/src/modules/channels/demo-whatsapp.ts). */
const DEMO_PHONE_NUMBER_ID = '106540352242922';
/** This journey's customers, in its own number range (6281277280000-6281277289999). */
const n = Date.now() % 9000;
const customers = [
  { name: `Rina Siaran ${run}`, phone: `628127728${String(n).padStart(4, '0')}` },
  { name: `Yusuf Siaran ${run}`, phone: `628127728${String(n + 1).padStart(4, '0')}` },
];

async function choose(scope: Locator, label: RegExp, option: string | RegExp) {
  await scope.locator('input').and(scope.page().getByLabel(label)).first().click();
  await scope.page().getByRole('option', { name: option }).first().click();
}

/** Picks a file in the file input labelled `label` (its button opens the browser's file chooser). */
async function chooseFile(
  scope: Locator,
  label: RegExp,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    scope.page().waitForEvent('filechooser'),
    scope.getByRole('button', { name: label }).click(),
  ]);
  await chooser.setFiles(file);
}

/** The simulator's review will approve the template `name` when it is submitted, after `delayMs`. */
async function reviewApproves(name: string, delayMs: number) {
  const review = await fetch(`${sim}/simulator/template-review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, delayMs, outcome: 'approve' }),
  });
  expect(review.status).toBe(200);
}

/** The simulator's business messages to a customer (what the customer's phone received). */
async function received(waId: string): Promise<BusinessMessage[]> {
  const res = await fetch(`${sim}/simulator/conversation?phoneNumberId=${DEMO_PHONE_NUMBER_ID}&waId=${waId}`);
  return (await res.json()) as BusinessMessage[];
}

async function until<T>(check: () => Promise<T | false | undefined | null>, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

afterAll(async () => {
  // Leave the shared demo business as it was: maker/checker off.
  await pageCall(page, 'PUT', '/api/maker-checker/settings', { enabled: false }).catch(() => undefined);
});

describe('WhatsApp broadcast with maker/checker (issue 7 point 5; 001 §2, §4, §6)', () => {
  it('template approved → a maker sends it to a contact group → a checker approves → customers get their own name → statuses on the detail', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');

    // A template with a variable, approved by the simulator's review.
    const templateName = `promo_siaran_${run}`;
    await reviewApproves(templateName, 1000);
    await page.goto(`${url}/template/whatsapp`);
    await page.getByRole('link', { name: 'Buat template', exact: true }).click();
    await page.waitForURL(/\/template\/create\/whatsapp$/);
    await page.getByLabel(/^Nama template/).fill(templateName);
    await page.getByLabel(/^Isi pesan/).fill('Halo {{nama}}, ada promo spesial untukmu minggu ini!');
    await page.getByLabel(/^Contoh 1/).fill('Budi');
    await page.getByRole('button', { name: 'Ajukan untuk ditinjau' }).click();
    await page.waitForURL(/\/template\/whatsapp$/);
    await page
      .getByTestId('template-row')
      .filter({ hasText: templateName })
      .getByTestId('template-status')
      .and(page.locator('[data-status="approved"]'))
      .waitFor({ timeout: 30_000 });

    // A contact group with this journey's two customers (set up through the API; contacts have their own journey).
    const group = await pageCall<{ id: string }>(page, 'POST', '/api/contact-groups', {
      name: `Siaran ${run}`,
      description: 'Pelanggan untuk uji broadcast',
    });
    expect(group.status).toBe(200);
    const contactIds: string[] = [];
    for (const c of customers) {
      const made = await pageCall<{ id: string }>(page, 'POST', '/api/contacts', {
        name: c.name,
        phone: c.phone,
        groupIds: [group.json.id],
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      contactIds.push(made.json.id);
    }

    // Maker/checker: the owner makes, the admin checks; switched on.
    await page.goto(`${url}/maker-checker/setting`);
    for (const [email, name, position] of [
      ['owner@demo.sapa.id', 'Owner Maker', 'Maker'],
      ['admin@demo.sapa.id', 'Admin Checker', 'Checker'],
    ] as const) {
      await page.getByRole('button', { name: 'Tambah akun' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tambah akun maker/checker' });
      await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
      await dialog.getByRole('textbox', { name: /^Nama/ }).fill(name);
      await choose(dialog, /^Posisi/, position);
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    }
    await page.getByRole('switch', { name: 'Nonaktif', exact: true }).click();
    await page.getByRole('switch', { name: 'Aktif', exact: true }).waitFor();
    await screenshot(page, 'broadcast-maker-checker-id-1440');

    // The maker sends the template to the group; the variable comes from each contact's name.
    await page.goto(`${url}/broadcast/whatsapp`);
    await page.getByRole('button', { name: 'Buat broadcast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buat broadcast WhatsApp' });
    await choose(dialog, /^Template/, new RegExp(`^${templateName}`));
    await choose(dialog, /\{\{1\}\} nama/, 'Nama kontak');
    await choose(dialog, /^Grup kontak/, new RegExp(`^Siaran ${run}`));
    await dialog.getByRole('heading', { name: 'Buat broadcast WhatsApp' }).click();
    // A time in the past is refused with the spec's message.
    await dialog.getByRole('radio', { name: 'Jadwalkan' }).check();
    await dialog.getByLabel(/^Tanggal/).fill('2020-01-01');
    await dialog.getByLabel(/^Waktu/).fill('09:00');
    await dialog.getByRole('button', { name: 'Jadwalkan broadcast' }).click();
    await dialog.getByText('Waktu yang dipilih sudah lewat dari waktu sekarang.').waitFor();
    await dialog.getByRole('radio', { name: 'Kirim sekarang' }).check();
    await dialog.getByRole('button', { name: 'Hitung penerima' }).click();
    await dialog.getByText(/^2 penerima/).waitFor();
    await dialog.getByLabel(/^Catatan/).fill('Promo mingguan');
    await screenshot(page, 'broadcast-create-id-1440');
    await dialog.getByRole('button', { name: 'Kirim sekarang' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/broadcast\/whatsapp\/detail\?id=/);
    const detailUrl = page.url();
    await page.getByRole('link', { name: 'Kembali ke broadcast' }).waitFor();
    await page.getByText('Menunggu persetujuan').first().waitFor();
    const campaignCode = (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
    expect(campaignCode).not.toBe('');
    // Nothing is sent before a checker approves.
    expect(await received(customers[0]!.phone)).toEqual([]);
    await signOut(page);

    // The checker approves it.
    await signIn(page, url, 'admin@demo.sapa.id');
    await page.goto(`${url}/maker-checker/list`);
    await page.getByRole('checkbox', { name: `Pilih ${campaignCode}` }).check();
    await screenshot(page, 'broadcast-approval-id-1440');
    await page.getByRole('button', { name: 'Setujui 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Setujui broadcast' });
    await confirm.getByRole('button', { name: 'Setujui' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Each customer's phone receives the template with their own name.
    for (const c of customers) {
      const messages = await until(async () => {
        const got = await received(c.phone);
        return got.length ? got : false;
      });
      expect(messages).toHaveLength(1);
      expect(messages[0]!.text).toContain(templateName);
      expect(messages[0]!.text).toContain(c.name);
    }

    // The detail shows the progress and each recipient's status from the provider's status webhooks.
    await page.goto(detailUrl);
    await page.getByText('2 dari 2 diproses').waitFor({ timeout: 30_000 });
    const rows = page.getByRole('table', { name: 'Penerima' }).getByRole('row');
    for (const c of customers) {
      await rows
        .filter({ hasText: c.phone })
        .getByText(/^(Tersambung|Dibaca)$/)
        .waitFor({ timeout: 30_000 });
    }
    await page.getByText(/^Disetujui oleh /).waitFor();
    await screenshot(page, 'broadcast-detail-id-1440');

    // The contact's detail page lists the broadcast in its broadcast history (001 §2), linked to the detail.
    await page.goto(`${url}/contact/detail?id=${contactIds[0]}`);
    await page.getByRole('tab', { name: 'Riwayat broadcast' }).click();
    const history = page.getByRole('list', { name: 'Riwayat broadcast' });
    await history
      .getByRole('listitem')
      .filter({ hasText: templateName })
      .getByText(/^(Tersambung|Dibaca)$/)
      .waitFor();
    await screenshot(page, 'contact-broadcast-history-id-1440');
    await history.getByRole('link', { name: campaignCode }).click();
    await page.waitForURL(detailUrl);

    // With maker/checker off the admin may send too; a recipient sheet is read when chosen.
    expect((await pageCall(page, 'PUT', '/api/maker-checker/settings', { enabled: false })).status).toBe(200);
    await page.goto(`${url}/broadcast/whatsapp`);
    await page.getByRole('button', { name: 'Buat broadcast' }).click();
    const another = page.getByRole('dialog', { name: 'Buat broadcast WhatsApp' });
    await another.waitFor();
    await chooseFile(another, /^File penerima/, {
      name: 'penerima.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Nomor,Nama\n628127728${String(n + 2).padStart(4, '0')},Sari\n`),
    });
    await another.getByText(/^1 penerima terbaca dari file/).waitFor();
    await another.getByRole('button', { name: 'Batal' }).click();
  }, 240_000);
});

describe('broadcast image (001 §3, §5, §9: jpeg or png, at most 2 MB and 500x500)', () => {
  it('a template with an image header offers the image: refusals say why, the picked one is previewed and reaches the customer as the header', async () => {
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const p = await (await newContext(browser, { width: 1440 })).newPage();
    const phone = `628127728${String(n + 3).padStart(4, '0')}`;
    await signIn(p, url, 'owner@demo.sapa.id');
    // Set up through the API (templates and maker/checker have their own journeys): sent without approval,
    // a marketing template whose header is an image, approved by the simulator's review.
    expect((await pageCall(p, 'PUT', '/api/maker-checker/settings', { enabled: false })).status).toBe(200);
    const templateName = `promo_gambar_${run}`;
    await reviewApproves(templateName, 0);
    const accounts = await pageCall<{ items: { id: string; channel: string; status: string }[] }>(
      p,
      'GET',
      '/api/channel-accounts',
    );
    const sender = accounts.json.items.find((a) => a.channel === 'WAP' && a.status === 'connected');
    const made = await pageCall<{ id: string }>(p, 'POST', '/api/whatsapp-templates', {
      channelAccountId: sender?.id,
      name: templateName,
      language: 'id',
      category: 'MARKETING',
      headerType: 'image',
      headerMediaUrl: 'https://example.com/promo.png',
      body: 'Diskon 20% untuk semua batik akhir pekan ini!',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    await until(async () => {
      const t = await pageCall<{ status: string }>(p, 'GET', `/api/whatsapp-templates/${made.json.id}`);
      return t.json.status === 'approved';
    });

    const imageField = /^Gambar \(opsional\)/;
    const uploads: number[] = [];
    p.on('response', (r) => {
      if (r.url().endsWith('/api/broadcasts/images')) uploads.push(r.status());
    });
    await p.goto(`${url}/broadcast/whatsapp`);
    await p.getByRole('button', { name: 'Buat broadcast' }).click();
    const dialog = p.getByRole('dialog', { name: 'Buat broadcast WhatsApp' });
    await dialog.getByRole('button', { name: 'Hitung penerima' }).waitFor();
    expect(await dialog.getByRole('button', { name: imageField }).count()).toBe(0);
    await choose(dialog, /^Template/, new RegExp(`^${templateName}`));

    // Refused in the browser, before any upload: not a jpeg or png; over 2 MB.
    await chooseFile(dialog, imageField, {
      name: 'animasi.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await dialog.getByText('Format file tidak valid', { exact: true }).waitFor();
    await chooseFile(dialog, imageField, {
      name: 'besar.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(BROADCAST_IMAGE_MAX_BYTES + 1),
    });
    await dialog.getByText('Gambar maksimal 2 MB dan 500x500.', { exact: true }).waitFor();
    expect(uploads).toEqual([]);
    // 600x600 is small in bytes: the server reads the size and answers the spec's message, in Indonesian.
    await chooseFile(dialog, imageField, {
      name: 'lebar.png',
      mimeType: 'image/png',
      buffer: await drawnPng(p, 600),
    });
    await until(async () => uploads.length === 1);
    expect(uploads).toEqual([400]);
    await dialog.getByText('Gambar maksimal 2 MB dan 500x500.', { exact: true }).waitFor();
    await screenshot(p, 'broadcast-image-refused-id-1440');

    // A 120 px png is uploaded and previewed; removed; picked again.
    const promo = { name: 'promo.png', mimeType: 'image/png', buffer: await drawnPng(p, 120, 'S') };
    await chooseFile(dialog, imageField, promo);
    const preview = dialog.getByRole('img', { name: 'Pratinjau gambar' });
    await preview.waitFor();
    await dialog.getByText('Terunggah, 120×120 px.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Hapus gambar' }).click();
    await preview.waitFor({ state: 'detached' });
    await chooseFile(dialog, imageField, promo);
    await preview.waitFor();
    expect(uploads).toEqual([400, 200, 200]);
    await dialog.getByLabel(/^Nomor telepon/).fill(phone);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(p, 'broadcast-image-id-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await preview.scrollIntoViewIfNeeded();
    await screenshot(p, 'broadcast-image-id-390');
    await p.setViewportSize({ width: 1440, height: 860 });
    await dialog.getByRole('button', { name: 'Kirim sekarang' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await p.waitForURL(/\/broadcast\/whatsapp\/detail\?id=/);

    // The customer's phone receives the template with the image as its header parameter.
    const [message] = await until(async () => {
      const got = await received(phone);
      return got.length ? got : false;
    });
    expect(message!.text).toContain(templateName);
    expect((message!.request as { template: { components: unknown[] } }).template.components).toContainEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { id: expect.any(String) } }],
    });

    // English: the server's refusal in English; the preview at phone and desktop width.
    await p.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await p.goto(`${url}/broadcast/whatsapp`);
    await p.getByRole('button', { name: 'Create broadcast' }).click();
    const en = p.getByRole('dialog', { name: 'Create WhatsApp broadcast' });
    await choose(en, /^Template/, new RegExp(`^${templateName}`));
    const enField = /^Image \(optional\)/;
    await chooseFile(en, enField, {
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: await drawnPng(p, 600),
    });
    await en.getByText('Image must be at most 2 MB and 500x500.', { exact: true }).waitFor();
    await chooseFile(en, enField, promo);
    await en.getByText('Uploaded, 120×120 px.', { exact: true }).waitFor();
    const enPreview = en.getByRole('img', { name: 'Image preview' });
    await enPreview.scrollIntoViewIfNeeded();
    await screenshot(p, 'broadcast-image-en-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await enPreview.scrollIntoViewIfNeeded();
    await screenshot(p, 'broadcast-image-en-390');
    await en.getByRole('button', { name: 'Cancel', exact: true }).click();
    await p.context().close();
  }, 120_000);
});
