import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const shopeePageUrl = inject('shopeePageUrl');
let browser: Browser;
let agent: Page;
let buyer: Page;
const BUYER = `pembeli.e2e${Date.now() % 100_000}`;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  buyer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('Shopee buyer chat through the simulator', () => {
  it("a buyer's message reaches the agent's inbox; the agent's reply reaches the buyer page", async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The buyer has ordered at the demo store (the marketplace's checkout, on the simulator).
    const simulator = new URL(shopeePageUrl).origin;
    const shops = (await (await fetch(`${simulator}/buyer/shops`)).json()) as {
      shopId: number;
      username: string;
    }[];
    const shopId = shops.find((s) => s.username === 'tokosapademo')!.shopId;
    const cards = (await (await fetch(`${simulator}/buyer/cards?shopId=${shopId}`)).json()) as {
      value: string;
    }[];
    const itemId = cards.find((c) => c.value.startsWith('item:'))!.value.slice(5);
    const ordered = await fetch(`${simulator}/console/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shopId, buyer: BUYER, itemId, quantity: 2 }),
    });
    const { orderSn } = (await ordered.json()) as { orderSn: string };

    // The buyer picks the demo store on the Shopee buyer page and writes about the order.
    await buyer.goto(shopeePageUrl);
    await buyer
      .getByLabel('Shop', { exact: true })
      .selectOption({ label: 'Toko Sapa Shopee (tokosapademo)' });
    await buyer.getByLabel('Your Shopee username').fill(BUYER);
    await buyer.getByLabel('Ask about').focus();
    await buyer.getByLabel('Ask about').selectOption({ label: `My order ${orderSn}` });
    await buyer.getByLabel('Message').fill('Kak, sepatu ukuran 40 ready?');
    await buyer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows the chat without a reload, named by the buyer's Shopee username.
    const row = agent.getByRole('button', { name: new RegExp(`^${BUYER.replace('.', '\\.')}`) });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Kak, sepatu ukuran 40 ready?').waitFor();
    // Beside the chat: the buyer's order, read from Shopee.
    const order = agent.getByTestId('marketplace-order');
    await order.getByText(`Pesanan ${orderSn}`).waitFor();
    await order.getByText('Perlu dikirim').waitFor();

    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ready, Kak. Silakan dipesan.');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await buyer.getByRole('listitem').filter({ hasText: 'Ready, Kak. Silakan dipesan.' }).waitFor();
    await screenshot(agent, 'inbox-shopee-chat');
    await screenshot(buyer, 'shopee-simulator-buyer-page');
  });

  it("the owner connects a second store through the dialog and Shopee's consent, then disconnects it", async () => {
    const simulator = new URL(shopeePageUrl).origin;
    const made = await fetch(`${simulator}/console/shops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tokokedua', name: 'Toko Shopee Kedua' }),
    });
    expect(made.status).toBe(200);

    await agent.goto(`${url}/setting/store?tab=channels`);
    const form = agent.getByRole('form', { name: 'Hubungkan toko Shopee' });
    await form.waitFor();
    // 001 §5: the username or link is required; a link that names no store is refused with 001 §8's message.
    await form.getByRole('button', { name: 'Lanjut ke Shopee' }).click();
    await form.getByText('Username atau link marketplace wajib diisi').waitFor();
    await form.getByLabel('Username atau link toko').fill('https://shopee.co.id/');
    await form.getByRole('button', { name: 'Lanjut ke Shopee' }).click();
    await form.getByText('Toko tidak ditemukan.').waitFor();
    await form.getByLabel('Username atau link toko').fill('https://shopee.co.id/tokokedua');
    await form.getByRole('button', { name: 'Lanjut ke Shopee' }).click();

    // Shopee's page: the seller logs in as the store and authorises Sapa; the browser comes back connected.
    await agent
      .getByLabel('Log in as the seller of')
      .selectOption({ label: 'Toko Shopee Kedua (shopee.co.id/tokokedua)' });
    await screenshot(agent, 'shopee-simulator-consent-page');
    await agent.getByRole('button', { name: 'Confirm authorization' }).click();
    await agent
      .getByText('Toko Shopee terhubung. Pembeli yang menulis ke toko ini di Shopee kini masuk ke inbox.')
      .waitFor();
    const row = agent
      .getByRole('row')
      .filter({ has: agent.getByRole('cell', { name: 'tokokedua', exact: true }) });
    await row.getByText('Terhubung', { exact: true }).waitFor();
    await screenshot(agent, 'channels-shopee-connected');

    // Disconnecting asks first; then the store's row says it is disconnected.
    await agent.getByRole('button', { name: 'Putuskan Toko Shopee Kedua', exact: true }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Putuskan', exact: true }).click();
    await agent
      .getByRole('button', { name: 'Putuskan Toko Shopee Kedua', exact: true })
      .waitFor({ state: 'detached' });
  });
});
