import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn, switchLanguage } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const agent = await openPage({ width: 1440 });
const customer = await openPage({ locale: 'en-US' });

// A small PNG (48×48) the agent attaches; the customer sends one too.
const PNG = readFileSync(resolve(import.meta.dirname, 'fixtures/katalog.png'));
// A Windows program: refused on every channel, whatever its name says.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(128)]);

/** The image in `scope` is fetched (with the viewer's session where needed) and decoded. */
async function imageShows(page: Page, scope: Locator) {
  const img = scope.locator('img').first();
  await img.waitFor();
  await page.waitForFunction((el) => (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
}

describe('WhatsApp media both ways through the simulator', () => {
  it('a customer image reaches the agent; the agent sends an image with a caption, the customer sees it and the ticks turn read; an invalid file is listed with its reason', async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The customer sends a photo from the simulator's customer phone page.
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill('6281277003344');
    await customer.getByLabel('Your name').fill('Dewi Lampiran');
    await customer
      .getByLabel('Attach image')
      .setInputFiles({ name: 'sepatu.png', mimeType: 'image/png', buffer: PNG });
    await customer.getByLabel('Message').fill('Yang warna ini ada?');
    await customer.getByRole('button', { name: 'Send' }).click();

    const row = agent.getByRole('button', { name: /^Dewi Lampiran/ });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    const incoming = history.getByTestId('chat-message').filter({ hasText: 'Yang warna ini ada?' });
    await incoming.waitFor();
    // The photo is fetched from WhatsApp by a job after the message is shown: a longer ceiling on a busy machine.
    await incoming.locator('img').first().waitFor({ timeout: 60_000 });
    await imageShows(agent, incoming);

    // The agent picks an image and a program: the program goes to the invalid list with its reason.
    await agent.getByRole('button', { name: 'Lampirkan file' }).waitFor();
    await agent.getByLabel('Pilih file untuk dilampirkan').setInputFiles([
      { name: 'katalog produk.png', mimeType: 'image/png', buffer: PNG },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: EXE },
    ]);
    const invalid = agent.getByTestId('invalid-files');
    await invalid.getByText('setup.exe').waitFor();
    expect(await invalid.textContent()).toContain('Jenis file ini tidak dapat dikirim di WhatsApp');
    const tray = agent.getByRole('list', { name: 'File yang akan dikirim' });
    const item = tray.getByRole('listitem');
    expect(await item.count()).toBe(1);
    // 000 §9: the stored name is previewed with a timestamp prefix and underscores.
    expect(await item.getAttribute('aria-label')).toMatch(/^\d{13}_katalog_produk\.png$/);
    await imageShows(agent, item);
    await screenshot(agent, 'inbox-attachments-id-1440');
    await agent.setViewportSize({ width: 390, height: 844 });
    await screenshot(agent, 'inbox-attachments-id-390');
    await agent.setViewportSize({ width: 1440, height: 860 });

    // Sent with a caption: the upload, then the message; the tray empties.
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ini katalognya, Kak');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await tray.waitFor({ state: 'detached' });
    const sent = history.getByTestId('chat-message').filter({ hasText: 'Ini katalognya, Kak' });
    await sent.waitFor();
    await imageShows(agent, sent);

    // The customer's phone shows the picture and its caption; the agent's ticks turn read.
    const received = customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' });
    await received.waitFor();
    await imageShows(customer, received);
    await sent.getByRole('img', { name: 'Dibaca' }).waitFor();
    await screenshot(customer, 'simulator-customer-media');

    // In English, at both widths: the tray with a file and the invalid list; removing empties the tray.
    await switchLanguage(agent, 'en');
    await agent.getByRole('button', { name: 'Attach files' }).waitFor();
    await agent.getByLabel('Choose files to attach').setInputFiles([
      { name: 'daftar harga.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% harga\n') },
      { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4\n% not a photo\n') },
    ]);
    const enInvalid = agent.getByTestId('invalid-files');
    await enInvalid.getByText('The file content is not a .jpg file').waitFor();
    // The earlier reason follows the language too.
    expect(await enInvalid.textContent()).toContain('This file type cannot be sent on WhatsApp');
    const enTray = agent.getByRole('list', { name: 'Files to send' });
    await enTray.getByRole('listitem').waitFor();
    await screenshot(agent, 'inbox-attachments-en-1440');
    await agent.setViewportSize({ width: 390, height: 844 });
    await screenshot(agent, 'inbox-attachments-en-390');
    await agent.setViewportSize({ width: 1440, height: 860 });
    await agent.getByRole('button', { name: /^Remove \d{13}_daftar_harga\.pdf$/ }).click();
    await enTray.waitFor({ state: 'detached' });

    // A pasted picture and a dropped file join the tray too.
    const box = agent.getByRole('textbox', { name: 'Write a message' });
    await box.evaluate(
      (el, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'tempel.png', { type: 'image/png' }));
        el.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      [...PNG],
    );
    await enTray.getByRole('listitem', { name: /_tempel\.png$/ }).waitFor();
    await box.evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4 dropped'], 'seret.pdf', { type: 'application/pdf' }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await enTray.getByRole('listitem', { name: /_seret\.pdf$/ }).waitFor();
    expect(await enTray.getByRole('listitem').count()).toBe(2);
    await agent.getByRole('button', { name: /^Remove \d{13}_tempel\.png$/ }).click();
    await agent.getByRole('button', { name: /^Remove \d{13}_seret\.pdf$/ }).click();
    await enTray.waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: 'Close the invalid files list' }).click();
    await agent.getByTestId('invalid-files').waitFor({ state: 'detached' });

    // The switch is kept on the owner (issue 16 §9): back to Indonesian for the journeys after this one.
    const kept = agent.waitForResponse((res) => res.url().endsWith('/api/users/me/language'));
    await agent.getByRole('button', { name: 'Change language' }).first().click();
    await agent.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
    expect((await kept).status()).toBe(200);
  });
});
