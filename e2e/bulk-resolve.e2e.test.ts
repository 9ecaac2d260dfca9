import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const TICKETS = 500;
/** Names unique to this run: the inbox search finds exactly these customers. */
const RUN = `Massal${Date.now().toString(36)}`;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { width: 1440 })).newPage();
});
afterAll(() => browser.close());

/**
 * 500 customers write to the demo business's WhatsApp number through the simulator's customer API (the
 * simulator signs each webhook like Meta and delivers it to the running Sapa): 500 open tickets.
 */
async function customersWrite(): Promise<void> {
  const sim = new URL(customerPageUrl).origin;
  const numbers = (await (await fetch(`${sim}/customer/numbers`)).json()) as { phoneNumberId: string }[];
  const phoneNumberId = numbers[0]?.phoneNumberId;
  if (!phoneNumberId) throw new Error('the simulator has no business number');
  const base = 6281370000000 + (Date.now() % 1_000_000) * 1000;
  const send = async (i: number) => {
    const res = await fetch(`${sim}/customer/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phoneNumberId,
        waId: String(base + i),
        name: `${RUN} ${String(i).padStart(3, '0')}`,
        text: `Halo, pesanan nomor ${i} sudah dikirim?`,
      }),
    });
    if (!res.ok) throw new Error(`customer ${i}: HTTP ${res.status} ${await res.text()}`);
  };
  const queue = Array.from({ length: TICKETS }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await send(i);
    }),
  );
}

/** GET /api/bulk-jobs/matching for this run's customers, with the signed-in page's token. */
function matchingCount(p: Page): Promise<number> {
  return p.evaluate(async (search) => {
    const session = JSON.parse(localStorage.getItem('sapa.session') ?? '{}') as { accessToken?: string };
    const res = await fetch(`/api/bulk-jobs/matching?tab=unassigned&search=${encodeURIComponent(search)}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    return ((await res.json()) as { count: number }).count;
  }, RUN);
}

describe('bulk resolve', () => {
  it('resolves 500 chats matching a search with a progress bar that survives a reload', {
    timeout: 240_000,
  }, async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await customersWrite();
    // Every customer's chat has arrived: the count the selection uses, read through the page's session.
    await expect.poll(() => matchingCount(page), { timeout: 120_000, interval: 500 }).toBe(TICKETS);
    await page.goto(`${url}/customer-service/inbox?q=${RUN}`);
    await page.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pembaruan massal' }).click();
    const toolbar = page.getByTestId('bulk-toolbar');
    const selectAll = toolbar.getByRole('button', { name: `Pilih semua ${TICKETS} yang cocok` });
    await selectAll.waitFor();
    // The page's own checkbox first (keyboard: Space), then every matching chat.
    const firstCheck = page.getByTestId('bulk-check').first();
    await firstCheck.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toolbar.getByTestId('bulk-selected-count').textContent()).toBe('1 chat dipilih');
    await selectAll.click();
    await expect
      .poll(() => toolbar.getByTestId('bulk-selected-count').textContent())
      .toBe(`Semua ${TICKETS} chat yang cocok dipilih`);
    await screenshot(page, 'bulk-selection-id-1440');

    await toolbar.getByRole('button', { name: 'Tindakan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Pembaruan massal: ${TICKETS} chat`).waitFor();
    await dialog.getByLabel('Selesaikan chat').check();
    await dialog.getByLabel('Tambah tag').fill('promo-selesai');
    await page.keyboard.press('Enter');
    await screenshot(page, 'bulk-action-dialog-id-1440');
    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    // Destructive: a confirmation first.
    await dialog.getByText(`Perubahan akan diterapkan ke ${TICKETS} chat.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: `Terapkan ke ${TICKETS} chat` }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The progress shows, and again after a reload (it comes from the server).
    const job = page.getByTestId('bulk-job').first();
    await job.waitFor();
    await page.reload();
    await job.waitFor();
    await expect.poll(() => job.getByTestId('bulk-percent').textContent(), { timeout: 60_000 }).toBe('100 %');
    await job.getByText(`Selesai: ${TICKETS} chat diperbarui.`).waitFor();
    await expect.poll(() => job.getAttribute('data-status')).toBe('COMPLETED');
    // The resolved chats left the open list.
    await page.getByText('Tidak ada chat yang cocok').waitFor();
    await screenshot(page, 'bulk-progress-done-id-1440');

    // English and a phone-sized screen.
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/customer-service/inbox?q=${RUN}`);
    await page.getByTestId('bulk-job').first().getByText(`Done: ${TICKETS} chats updated.`).waitFor();
    await page.getByRole('button', { name: 'Bulk update' }).click();
    await page.getByTestId('bulk-toolbar').waitFor();
    await screenshot(page, 'bulk-progress-done-en-390');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'id'));
  });
});
