import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

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

const phone = `62814${String(Date.now()).slice(-8)}`;

describe('a WhatsApp catalogue order (issue 19 §4)', () => {
  it('sent from the customer’s phone page becomes the cart of the agent’s chat, kept across a reload', async () => {
    // The owner syncs the demo catalogue to the number's WhatsApp catalogue.
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/product/whatsapp-catalogue`);
    await agent.getByRole('button', { name: 'Sinkronkan ke WhatsApp' }).click();
    const items = agent.getByTestId('wa-catalogue-items');
    await items
      .getByRole('row')
      .filter({ hasText: 'MNM-001' })
      .getByText('Tersinkron', { exact: true })
      .waitFor();
    await screenshot(agent, 'wa-catalogue-id-1440');

    // The customer writes; the agent shows two products in a multi-product message.
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill(phone);
    await customer.getByLabel('Your name').fill('Sari Katalog');
    await customer.getByLabel('Message').fill('Kak, ada menu apa saja?');
    await customer.getByRole('button', { name: 'Send' }).click();
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('button', { name: /^Sari Katalog/ }).click();
    await agent.getByText('Kak, ada menu apa saja?').waitFor();
    const ticketId = new URL(agent.url()).searchParams.get('referenceId') ?? '';
    const catalogue = await pageApi<{ items: { productId: string; sku: string | null }[] }>(
      agent,
      'GET',
      '/api/whatsapp-catalogue',
    );
    const idOf = (sku: string) => catalogue.items.find((i) => i.sku === sku)?.productId;
    await pageApi(agent, 'POST', `/api/tickets/${ticketId}/product-messages`, {
      productIds: [idOf('MNM-002'), idOf('MKN-002')],
      header: 'Menu hari ini',
      body: 'Silakan dipilih',
      clientMessageId: crypto.randomUUID(),
    });

    // On the phone: add both products to the cart (one twice) and send the order.
    const products = customer.getByRole('listitem').filter({ hasText: 'Menu hari ini' });
    await products.getByRole('button', { name: 'Add Matcha Latte to cart' }).click();
    await products.getByRole('button', { name: 'Add Matcha Latte to cart' }).click();
    await products.getByRole('button', { name: 'Add Roti Bakar Cokelat Keju to cart' }).click();
    const cart = customer.getByRole('region', { name: 'Cart' });
    await cart.getByText('Cart (3)').waitFor();
    await screenshot(customer, 'wa-catalogue-customer-cart');
    await cart.getByRole('button', { name: 'Send order' }).click();
    await cart.waitFor({ state: 'hidden' });

    // The agent's chat: the order, and a cart of two lines waiting in the panel.
    await agent.getByTestId('order-message').waitFor();
    const button = agent.getByTestId('create-transaction');
    await expect.poll(() => button.textContent()).toBe('Keranjang (2)');
    await agent.reload();
    await expect.poll(() => button.textContent()).toBe('Keranjang (2)');
    await button.click();
    const panel = agent.getByTestId('transaction-panel');
    await panel.getByTestId('catalogue-order-notice').waitFor();
    const lines = panel.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    await expect
      .poll(() => lines.filter({ hasText: 'Matcha Latte' }).getByLabel('Jumlah').inputValue())
      .toBe('2');
    await screenshot(agent, 'wa-catalogue-draft-id-1440');

    // The same in English on a phone-sized screen.
    const small = await (await newContext(browser, { width: 390 })).newPage();
    await signIn(small, url, 'owner@demo.sapa.id');
    await small.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await small.goto(`${url}/product/whatsapp-catalogue`);
    await small.getByTestId('wa-catalogue-items').getByText('Synced', { exact: true }).first().waitFor();
    await screenshot(small, 'wa-catalogue-en-390');
    await small.goto(agent.url());
    await small.getByTestId('create-transaction').click();
    await small.getByTestId('catalogue-order-notice').waitFor();
    await screenshot(small, 'wa-catalogue-draft-en-390');
    await small.context().close();
  }, 240_000);
});
