import type { AutoChatState } from '@sapa/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { openTicketsMatching, pageApi } from './support/customers.js';
import { signIn, switchLanguage } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const RUN = Date.now().toString(36);
let browser: Browser;
let owner: Page;
let customer: Page;
let before: AutoChatState | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(async () => {
  // The demo business is shared with the other journeys: its automatic chat goes back as it was.
  if (before) await pageApi(owner, 'PUT', '/api/settings/store/auto-chat', before.settings);
  await browser.close();
});

async function customerSends(text: string) {
  await customer.getByLabel('Message').fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
}

describe('automatic chat and the satisfaction survey (001 §3)', () => {
  it('out of hours the customer gets the configured reply; a resolved chat’s rating shows in the ticket list', async () => {
    await signIn(owner, url, 'owner@demo.sapa.id');
    before = await pageApi<AutoChatState>(owner, 'GET', '/api/settings/store/auto-chat');
    await owner.goto(`${url}/setting/store`);

    // Operating schedule: Monday closed, applied to every day, with the out-of-hours message.
    await owner.getByRole('tab', { name: 'Jadwal operasional' }).click();
    const monday = owner.getByRole('group', { name: 'Senin', exact: true });
    await monday.getByLabel('Buka', { exact: true }).click();
    await owner.getByRole('option', { name: 'Tutup', exact: true }).click();
    const outOfHours = `Kami sedang tutup ${RUN}, besok kami balas ya.`;
    await monday.getByLabel('Pesan di luar jam operasional').fill(outOfHours);
    await owner.getByLabel('Terapkan ke semua hari').check();
    await owner.getByRole('button', { name: 'Simpan', exact: true }).click();
    await owner.getByText('Pengaturan disimpan').first().waitFor();

    // Automatic chat on, with the survey.
    await owner.getByRole('tab', { name: 'Chat otomatis' }).click();
    await owner.getByRole('switch', { name: 'Chat otomatis' }).check();
    await owner.getByRole('switch', { name: 'Minta pelanggan menilai chat yang selesai' }).check();
    await owner.getByLabel('Pertanyaan survei').fill(`Seberapa puas Anda ${RUN}?`);
    // WhatsApp asks with 3 reply buttons.
    await owner.getByRole('combobox', { name: 'Di WhatsApp, tanyakan dengan' }).click();
    await owner.getByRole('option', { name: '3 tombol: puas, biasa, kecewa' }).click();
    await owner.getByRole('button', { name: 'Simpan', exact: true }).click();
    await owner.getByText('Pengaturan disimpan').first().waitFor();

    // The customer writes from the simulator's phone page and gets the out-of-hours reply.
    const name = `Malam ${RUN}`;
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill(`62813${String(Date.now()).slice(-8)}`);
    await customer.getByLabel('Your name').fill(name);
    await customerSends('Halo, masih buka?');
    await customer.getByRole('listitem').filter({ hasText: outOfHours }).waitFor();

    // The owner resolves the chat; the customer is asked to rate with WhatsApp reply buttons and taps one.
    const [ticket] = await openTicketsMatching(owner, name);
    expect(ticket).toBeDefined();
    await pageApi(owner, 'POST', `/api/tickets/${ticket!.id}/resolve`, { note: 'Beres' });
    const ask = customer.getByRole('listitem').filter({ hasText: `Seberapa puas Anda ${RUN}?` });
    await ask.getByRole('button', { name: '😄 Puas' }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Terima kasih atas penilaian Anda!' }).waitFor();

    // The rating shows on the resolved chat's row of the ticket list.
    await owner.goto(`${url}/customer-service/ticket-list`);
    await owner.getByLabel('Penilaian: 5 dari 5').first().waitFor();
    // The agent writes remarks on the survey (001 §3 survey rating remarks); the row shows them on hover.
    const row = owner.getByRole('link').filter({ hasText: name });
    await row.getByRole('button', { name: 'Ubah catatan survei' }).click();
    const remarks = `Pelanggan puas ${RUN}`;
    await owner.getByRole('textbox', { name: 'Catatan survei' }).fill(remarks);
    await owner.getByRole('button', { name: 'Simpan', exact: true }).click();
    await owner.getByText('Catatan survei disimpan').waitFor();
    await row.getByRole('button', { name: 'Ubah catatan survei' }).and(owner.getByTitle(remarks)).waitFor();
    await screenshot(owner, 'ticket-list-rating-id');
    await screenshot(customer, 'automation-customer-page');
  });

  it('business settings read well in id and en at 390 and 1440 px', async () => {
    for (const width of [1440, 390]) {
      const page = await (await newContext(browser, { width })).newPage();
      await signIn(page, url, 'owner@demo.sapa.id');
      const shoot = async (language: string) => {
        await page.goto(`${url}/setting/store`);
        await page.getByRole('tab').first().waitFor();
        await page.getByRole('textbox').first().waitFor();
        const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
        expect(fits, `${language} ${width}`).toBe(true);
        await screenshot(page, `setting-store-${language}-${width}`);
        await page.getByRole('tab').nth(1).click();
        await page.getByRole('textbox').first().waitFor();
        await screenshot(page, `setting-store-schedule-${language}-${width}`);
      };
      await shoot('id');
      // English for the screenshots, then back: the owner's language is shared with the other journeys.
      await switchLanguage(page, 'en');
      await shoot('en');
      await switchLanguage(page, 'id');
      await page.context().close();
    }
  });
});
