import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

/** The answer to the ticket PATCH that sent `field`. */
function isPatchOf(res: Response, field: string): boolean {
  const request = res.request();
  return (
    request.method() === 'PATCH' &&
    res.url().includes('/api/tickets/') &&
    res.ok() &&
    field in (request.postDataJSON() ?? {})
  );
}

/** Waits until the page's transitions (drawer, navbar) have ended, for the screenshot. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('ticket properties and the contact panel in the chat room', () => {
  it('sets priority, a tag and remarks, renames the contact; a reload and the ticket list show them', async () => {
    // A customer writes from the simulator's phone page.
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill('6281277001122');
    await customer.getByLabel('Your name').fill('Dewi Properti');
    await customer.getByLabel('Message').fill('Pesanan saya belum sampai');
    await customer.getByRole('button', { name: 'Send' }).click();

    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    const row = agent.getByRole('button', { name: /^Dewi Properti/ });
    await row.click();
    const panel = agent.getByRole('complementary', { name: 'Detail chat' });
    await panel.getByRole('heading', { name: /^Tiket T-\d+/ }).waitFor();

    // Priority High.
    await panel.getByLabel('Prioritas', { exact: true }).click();
    await agent.getByRole('option', { name: 'Tinggi' }).click();
    await row.getByText('Tinggi').waitFor();

    // A tag (Enter adds it).
    const tags = panel.getByLabel('Tag', { exact: true });
    await tags.fill('pengiriman');
    await tags.press('Enter');
    await row.getByTestId('ticket-row-tag').filter({ hasText: 'pengiriman' }).waitFor();

    // Remarks, saved with Enter.
    const remarks = panel.getByLabel('Catatan', { exact: true });
    await remarks.fill('Cek resi JNE besok pagi');
    const saved = agent.waitForResponse((res) => isPatchOf(res, 'remarks'));
    await remarks.press('Enter');
    expect((await (await saved).json()).remarks).toBe('Cek resi JNE besok pagi');

    // A category, added from the panel's category manager.
    await panel.getByRole('button', { name: 'Kelola kategori' }).click();
    const manager = agent.getByRole('dialog', { name: 'Kategori chat' });
    await manager.getByLabel('Kategori baru').fill('Komplain Pengiriman');
    await manager.getByRole('button', { name: 'Tambah' }).click();
    await manager.getByText('Komplain Pengiriman').waitFor();
    await screenshot(agent, 'ticket-categories-id-1440');
    await manager.getByRole('button', { name: 'Tutup' }).click();
    await panel.getByLabel('Kategori', { exact: true }).click();
    const categorised = agent.waitForResponse((res) => isPatchOf(res, 'categoryId'));
    await agent.getByRole('option', { name: 'Komplain Pengiriman' }).click();
    expect((await (await categorised).json()).categoryName).toBe('Komplain Pengiriman');

    // The contact's name, edited in place.
    await panel.getByRole('button', { name: 'Ubah kontak Dewi Properti' }).click();
    const name = panel.getByLabel('Nama');
    await name.fill('Dewi Lestari');
    await panel.getByRole('button', { name: 'Simpan', exact: true }).click();
    await panel.getByRole('button', { name: 'Ubah kontak Dewi Lestari' }).waitFor();
    await agent.getByTestId('chat-contact-name').filter({ hasText: 'Dewi Lestari' }).waitFor();
    await screenshot(agent, 'ticket-panel-id-1440');

    // After a reload everything is still there.
    await agent.reload();
    const again = agent.getByRole('complementary', { name: 'Detail chat' });
    await again.getByRole('button', { name: 'Ubah kontak Dewi Lestari' }).waitFor();
    expect(await again.getByLabel('Prioritas', { exact: true }).inputValue()).toBe('Tinggi');
    expect(await again.getByLabel('Catatan', { exact: true }).inputValue()).toBe('Cek resi JNE besok pagi');
    expect(await again.getByLabel('Kategori', { exact: true }).inputValue()).toBe('Komplain Pengiriman');
    await again.getByText('pengiriman', { exact: true }).waitFor();
    await again.getByText('6281277001122').first().waitFor();
    const listed = agent.getByRole('button', { name: /^Dewi Lestari/ });
    await listed.getByText('Tinggi').waitFor();
    await listed.getByTestId('ticket-row-tag').filter({ hasText: 'pengiriman' }).waitFor();
  });

  it('shows the panel as a drawer on a phone, in Indonesian and English', async () => {
    await agent.setViewportSize({ width: 390, height: 844 });
    await agent.getByRole('button', { name: 'Tampilkan detail chat' }).click();
    const drawer = agent.getByRole('dialog', { name: 'Detail chat' });
    await drawer.getByRole('button', { name: 'Ubah kontak Dewi Lestari' }).waitFor();
    await settled(agent);
    await screenshot(agent, 'ticket-panel-id-390');

    await agent.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await agent.reload();
    await agent.getByRole('button', { name: 'Show chat details' }).click();
    const english = agent.getByRole('dialog', { name: 'Chat details' });
    await english.getByRole('button', { name: 'Edit contact Dewi Lestari' }).waitFor();
    expect(await english.getByLabel('Priority', { exact: true }).inputValue()).toBe('High');
    await settled(agent);
    await screenshot(agent, 'ticket-panel-en-390');
    await english.getByRole('button', { name: 'Close' }).click();

    await agent.setViewportSize({ width: 1440, height: 860 });
    const aside = agent.getByRole('complementary', { name: 'Chat details' });
    await aside.getByRole('button', { name: 'Edit contact Dewi Lestari' }).waitFor();
    await settled(agent);
    await screenshot(agent, 'ticket-panel-en-1440');
  });

  it("shows another agent's changes live, without a reload", async () => {
    const colleague = await (await newContext(browser, { width: 1440 })).newPage();
    // Supervisor 2 sees every chat (a Customer Service 2 agent would only see chats assigned to them).
    await signIn(colleague, url, 'admin@demo.sapa.id');
    await colleague.goto(agent.url());
    const theirs = colleague.getByRole('complementary', { name: 'Detail chat' });
    await theirs.getByLabel('Catatan', { exact: true }).waitFor();

    const mine = agent.getByRole('complementary', { name: 'Chat details' });
    await mine.getByLabel('Priority', { exact: true }).click();
    await agent.getByRole('option', { name: 'Medium' }).click();
    const remarks = mine.getByLabel('Remarks', { exact: true });
    await remarks.fill('Resi sudah dikirim ke pelanggan');
    await remarks.blur();

    await expect
      .poll(() => theirs.getByLabel('Catatan', { exact: true }).inputValue(), { timeout: 30_000 })
      .toBe('Resi sudah dikirim ke pelanggan');
    expect(await theirs.getByLabel('Prioritas', { exact: true }).inputValue()).toBe('Menengah');
    await colleague
      .getByRole('button', { name: /^Dewi Lestari/ })
      .getByText('Menengah')
      .waitFor();
    await colleague.context().close();
  });
});
