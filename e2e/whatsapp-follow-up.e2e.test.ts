import type { CreditMutation } from '@sapa/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
let browser: Browser;
let agent: Page;

/** The demo's expired WhatsApp chat (demo-templates.ts): Budi Santoso last wrote 26 hours ago. */
const EXPIRED_CUSTOMER = { name: 'Budi Santoso', phone: '6281234567890' };

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  await signIn(agent, url, 'owner@demo.sapa.id');
});
afterAll(() => browser.close());

/** The business's newest chat-credit mutations (001 §7 chat-credit list). */
async function creditMutations() {
  return (await pageApi<{ items: CreditMutation[] }>(agent, 'GET', '/api/wallet/chat-credit/mutations'))
    .items;
}

/** A credit amount as the header shows it in Indonesian (100.000, 99.488,5). */
const rupiah = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** The customer phone page of the simulator, opened as `waId`. */
async function customerPhone(waId: string) {
  const page = await (await newContext(browser, { locale: 'en-US' })).newPage();
  const target = new URL(customerPageUrl);
  target.searchParams.set('waId', waId);
  await page.goto(target.toString());
  return page;
}

async function pickOption(page: Page, label: string, option: string) {
  await page
    .locator('input')
    .and(page.getByLabel(new RegExp(`^${label}`)))
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('WhatsApp follow-up template and new chat', () => {
  it('an expired WhatsApp chat offers only the follow-up template; it is sent, charged and reaches the customer', async () => {
    await agent.goto(`${url}/customer-service/inbox`);
    // Other journeys (broadcasts) spend the demo wallet at the same time: the header is checked against the
    // newest mutation rather than a fixed starting balance.
    const balance = agent.getByTestId('chat-credit-balance');
    await expect.poll(async () => (await balance.textContent()) ?? '').toMatch(/^[\d.,]+$/);
    const chargesBefore = (await creditMutations()).filter((m) => m.amount === -511.5).length;
    await agent.getByRole('button', { name: new RegExp(`^${EXPIRED_CUSTOMER.name}`) }).click();

    // The composer is replaced by the expired banner with one action.
    const banner = agent.getByTestId('chat-expired');
    await banner.waitFor();
    expect(await agent.getByRole('textbox', { name: 'Tulis pesan' }).count()).toBe(0);
    expect(await banner.getByRole('button').allTextContents()).toEqual(['Kirim template follow-up']);
    await banner.getByRole('button', { name: 'Kirim template follow-up' }).click();

    const dialog = agent.getByRole('dialog', { name: 'Kirim template follow-up' });
    await dialog.waitFor();
    // Sending without a template is refused with the spec's message.
    await dialog.getByRole('button', { name: 'Kirim template' }).click();
    await dialog.getByText('Template follow-up wajib dipilih.').waitFor();
    await pickOption(agent, 'Template', 'follow_up_pelanggan');
    const variable = dialog.getByRole('textbox', { name: /Variabel 1: nama/ });
    expect(await variable.inputValue()).toBe(EXPIRED_CUSTOMER.name);
    const preview = dialog.getByTestId('template-preview');
    await preview.getByText(`Halo ${EXPIRED_CUSTOMER.name}, terima kasih sudah menghubungi`).waitFor();
    await screenshot(agent, 'follow-up-dialog-id-1440');
    await dialog.getByRole('button', { name: 'Kirim template' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The template shows in the chat with its ticks; the chat stays expired until the customer answers.
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    const sent = history
      .getByTestId('chat-message')
      .filter({ hasText: `Halo ${EXPIRED_CUSTOMER.name}, terima kasih` });
    await sent.getByRole('img', { name: /Terkirim|Diterima|Dibaca/ }).waitFor();
    await banner.waitFor();
    // One charge of 511,5 credits for the follow-up.
    await expect
      .poll(async () => (await creditMutations()).filter((m) => m.amount === -511.5).length)
      .toBe(chargesBefore + 1);
    // The header shows the balance after this charge, or after a charge made later by another journey.
    await expect
      .poll(async () => {
        const rows = await creditMutations();
        const since = rows.slice(0, rows.findIndex((m) => m.amount === -511.5) + 1);
        return since.map((m) => rupiah(m.balanceAfter)).includes((await balance.textContent()) ?? '');
      })
      .toBe(true);

    // The customer's phone shows it; their reading turns the ticks to read.
    const customer = await customerPhone(EXPIRED_CUSTOMER.phone);
    await customer
      .getByRole('listitem')
      .filter({ hasText: `follow_up_pelanggan (id): ${EXPIRED_CUSTOMER.name}` })
      .waitFor();
    await sent.getByRole('img', { name: 'Dibaca' }).waitFor();
    await screenshot(agent, 'follow-up-sent-id-1440');
    await customer.context().close();
  });

  it('a reply WhatsApp refuses with 131047 (its window closed first) fails with the reason and offers the follow-up template', async () => {
    const waId = '6281277009911';
    const customer = await customerPhone(waId);
    await customer.getByLabel('Your name').fill('Rudi Jendela');
    await customer.getByLabel('Message').fill('Halo, masih buka?');
    await customer.getByRole('button', { name: 'Send' }).click();
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('button', { name: /^Rudi Jendela/ }).click();

    // WhatsApp's clock closes the window before Sapa's does (the simulator's control, as a day passing there).
    const sim = new URL(customerPageUrl).origin;
    const numbers = (await (await fetch(`${sim}/customer/numbers`)).json()) as { phoneNumberId: string }[];
    const closed = await fetch(`${sim}/simulator/window-closed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: numbers[0]!.phoneNumberId, waId }),
    });
    expect(closed.status).toBe(200);

    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Masih, Kak.');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    const failed = agent
      .getByRole('log', { name: 'Riwayat chat' })
      .getByTestId('chat-message')
      .filter({ hasText: 'Masih, Kak.' });
    await failed.getByRole('alert').waitFor();
    await failed.getByRole('button', { name: 'Kirim template follow-up' }).click();
    await agent.getByRole('dialog', { name: 'Kirim template follow-up' }).waitFor();
    await screenshot(agent, 'reengagement-follow-up-id-1440');
    await agent.keyboard.press('Escape');
    await customer.context().close();
  });

  it('starts a new WhatsApp chat with a new-message template and opens its chat room', async () => {
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('button', { name: 'Chat baru' }).click();
    const modal = agent.getByRole('dialog', { name: 'Chat baru' });
    await modal.waitFor();
    const recipient = modal.getByRole('textbox', { name: 'Nomor WhatsApp pelanggan' });
    await recipient.fill('0812345');
    await modal.getByRole('button', { name: 'Mulai chat' }).click();
    await modal.getByText('Nomor telepon harus 9-13 digit dengan format 628xxx atau 08xxx.').waitFor();
    await recipient.fill('0812 9876 5432');
    await pickOption(agent, 'Template', 'sapaan_pelanggan_baru');
    await modal.getByTestId('template-preview').getByText('Halo! Ini Toko Sapa Demo.').waitFor();
    await screenshot(agent, 'new-chat-modal-id-1440');
    await modal.getByRole('button', { name: 'Mulai chat' }).click();
    await modal.waitFor({ state: 'hidden' });

    const room = agent.getByTestId('chat-room');
    await room.getByTestId('chat-handle').getByText('6281298765432', { exact: true }).waitFor();
    await agent.waitForURL(/tab=assigned/);
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history
      .getByTestId('chat-message')
      .filter({ hasText: 'Halo! Ini Toko Sapa Demo.' })
      .getByRole('img', { name: /Terkirim|Diterima|Dibaca/ })
      .waitFor();
    const customer = await customerPhone('6281298765432');
    await customer.getByRole('listitem').filter({ hasText: 'sapaan_pelanggan_baru' }).waitFor();
    await customer.context().close();

    // The same number again: it already has an active chat.
    await agent.getByRole('button', { name: 'Chat baru' }).click();
    await modal.waitFor();
    await recipient.fill('6281298765432');
    await pickOption(agent, 'Template', 'sapaan_pelanggan_baru');
    await modal.getByRole('button', { name: 'Mulai chat' }).click();
    await modal.getByText('Nomor ini sudah memiliki chat aktif.').waitFor();
    await modal.getByRole('button', { name: 'Batal' }).click();
  });

  it('shows the dialogs in English and on a phone-sized screen', async () => {
    const page = await (await newContext(browser, { width: 390 })).newPage();
    await signIn(page, url, 'admin@demo.sapa.id');
    await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await page.goto(`${url}/customer-service/inbox`);
    await page.getByRole('button', { name: 'New chat' }).click();
    const modal = page.getByRole('dialog', { name: 'New chat' });
    await modal.getByRole('textbox', { name: "Customer's WhatsApp number" }).fill('081211112222');
    await pickOption(page, 'Template', 'sapaan_pelanggan_baru');
    await modal.getByTestId('template-preview').waitFor();
    await screenshot(page, 'new-chat-modal-en-390');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: new RegExp(`^${EXPIRED_CUSTOMER.name}`) }).click();
    await page.getByRole('button', { name: 'Send follow-up template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-up template' });
    await pickOption(page, 'Template', 'update_pesanan');
    await dialog.getByRole('button', { name: 'Send template' }).click();
    await dialog.getByText('Fill in every template variable.').first().waitFor();
    await screenshot(page, 'follow-up-dialog-en-390');
    await page.context().close();
  });
});
