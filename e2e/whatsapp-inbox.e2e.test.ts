import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

// A tiny valid PNG (1×1), attached by the customer.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('WhatsApp chat through the simulator', () => {
  it('reaches the agent without a reload, and the reply comes back with delivered and read ticks; a customer image shows', async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The customer writes from the simulator's customer phone page.
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill('6281299887766');
    await customer.getByLabel('Your name').fill('Rina Pelanggan');
    await customer.getByLabel('Message').fill('Halo, apakah sepatu ukuran 40 masih ada?');
    await customer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows it without a reload.
    const row = agent.getByRole('button', { name: /^Rina Pelanggan/ });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo, apakah sepatu ukuran 40 masih ada?').waitFor();

    // The agent replies; the customer sees it; the ticks go to read once the customer page shows it.
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Masih ada, Kak. Mau dikirim ke mana?');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer
      .getByRole('listitem')
      .filter({ hasText: 'Masih ada, Kak. Mau dikirim ke mana?' })
      .waitFor();
    const reply = history.getByTestId('chat-message').filter({ hasText: 'Masih ada, Kak.' });
    await reply.getByRole('img', { name: 'Dibaca' }).waitFor();

    // Issue 16 §7: at 1440 px the header shows the whole number and ticket id, never cut.
    for (const id of ['chat-handle', 'chat-ticket-id']) {
      const text = agent.getByTestId(id);
      expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(true);
    }
    expect(await agent.getByTestId('chat-handle').textContent()).toContain('6281299887766');

    // Issue 16 §3: a reply over 4,096 characters is refused whole with a counter, never cut and sent.
    const messages = await history.getByTestId('chat-message').count();
    const box = agent.getByRole('textbox', { name: 'Tulis pesan' });
    await box.fill(`${'Kak, '.repeat(819)}terima kasih`);
    await agent.getByText('4.107 / 4.096 karakter').waitFor();
    await agent.getByText(/^Maksimal 4\.096 karakter/).waitFor();
    expect(await agent.getByRole('button', { name: 'Kirim', exact: true }).isDisabled()).toBe(true);
    await box.press('Enter');
    expect((await box.inputValue()).length).toBe(4107);
    expect(await history.getByTestId('chat-message').count()).toBe(messages);
    await box.fill('');

    // An image from the customer arrives in the chat room.
    await customer
      .getByLabel('Attach image')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await customer.getByLabel('Message').fill('Ini fotonya');
    await customer.getByRole('button', { name: 'Send' }).click();
    await history.getByText('Ini fotonya').waitFor();
    // The picture itself shows, fetched with the agent's session (media is never public).
    const picture = history.locator('img[src^="blob:"]').first();
    await picture.waitFor();
    await agent.waitForFunction(
      (img) => (img as HTMLImageElement).naturalWidth > 0,
      await picture.elementHandle(),
    );
    expect(await history.getByTestId('chat-message').count()).toBeGreaterThanOrEqual(3);
    await screenshot(agent, 'inbox-whatsapp-chat-id');
    await screenshot(customer, 'simulator-customer-page');
  });
});
