import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
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

    // The buyer picks the demo store on the Shopee buyer page and writes.
    await buyer.goto(shopeePageUrl);
    await buyer
      .getByLabel('Shop', { exact: true })
      .selectOption({ label: 'Toko Sapa Shopee (tokosapademo)' });
    await buyer.getByLabel('Your Shopee username').fill(BUYER);
    await buyer.getByLabel('Message').fill('Kak, sepatu ukuran 40 ready?');
    await buyer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows the chat without a reload, named by the buyer's Shopee username.
    const row = agent.getByRole('button', { name: new RegExp(`^${BUYER.replace('.', '\\.')}`) });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Kak, sepatu ukuran 40 ready?').waitFor();

    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ready, Kak. Silakan dipesan.');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await buyer.getByRole('listitem').filter({ hasText: 'Ready, Kak. Silakan dipesan.' }).waitFor();
    await screenshot(agent, 'inbox-shopee-chat');
    await screenshot(buyer, 'shopee-simulator-buyer-page');
  });
});
