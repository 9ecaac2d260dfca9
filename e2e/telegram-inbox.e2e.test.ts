import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import {
  agentOpensArrivedChat,
  agentRepliesAndCustomerSees,
  attachCataloguePhoto,
  customerSeesAPhoto,
  customerWritesOnSimulator,
  ownerOnInbox,
  sendPhotoWithin512Caption,
} from './support/channel-chat.js';

const url = inject('sapaUrl');
const telegramPageUrl = inject('telegramPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('Telegram chat through the simulator', () => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    await ownerOnInbox(agent, url);
    // The customer writes to the demo bot from the Telegram simulator's chat page.
    await customerWritesOnSimulator(
      customer,
      telegramPageUrl,
      { 'Your Telegram user id': '555123456', 'Your first name': 'Tegar Telegram' },
      'Halo dari Telegram, tokonya buka?',
    );
    await agentOpensArrivedChat(agent, /^Tegar Telegram/, 'Halo dari Telegram, tokonya buka?');
    await agentRepliesAndCustomerSees(agent, customer, 'Buka, Kak. Ada yang bisa dibantu?');

    // A photo with a caption: over Telegram's 512 characters (000 §5) the composer refuses it whole.
    await attachCataloguePhoto(agent);
    await sendPhotoWithin512Caption(agent, 'Ini katalognya, Kak');
    await customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' }).locator('img').waitFor();
    await customerSeesAPhoto(customer);
    await screenshot(agent, 'inbox-telegram-chat');
    await screenshot(customer, 'telegram-simulator-customer-page');
  });

  it('the owner swaps the bot in Business settings › Channels: disconnect, then connect a new token; its chats arrive', async () => {
    // A new bot, made the way @BotFather makes one (on the simulator).
    const simulator = new URL(telegramPageUrl).origin;
    const made = await fetch(`${simulator}/botfather/newbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Toko Kedua', username: 'TokoKeduaBot' }),
    });
    const { token } = (await made.json()) as { token: string };

    await agent.goto(`${url}/setting/store?tab=channels`);
    // 001 §9: one Telegram bot per business — the form shows only once the demo bot is disconnected.
    await agent.getByRole('button', { name: 'Putuskan Toko Sapa Demo', exact: true }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Putuskan', exact: true }).click();
    const form = agent.getByRole('form', { name: 'Hubungkan bot Telegram' });
    await form.waitFor();
    // A token Telegram does not know is refused with the spec's message.
    await form.getByLabel('Token bot').fill('7999999999:AAH-not-a-bot-at-telegram-xxxxxx');
    await form.getByLabel('URL dasar Bot API (demo)').fill(simulator);
    await form.getByRole('button', { name: 'Hubungkan bot' }).click();
    await form.getByRole('alert').filter({ hasText: 'Token tidak valid' }).waitFor();
    await form.getByLabel('Token bot').fill(token);
    await form.getByRole('button', { name: 'Hubungkan bot' }).click();
    await agent
      .getByText('Pelanggan yang menulis ke @TokoKeduaBot di Telegram kini masuk ke inbox.')
      .waitFor();
    await agent.getByRole('cell', { name: '@TokoKeduaBot' }).waitFor();
    await screenshot(agent, 'channels-telegram-connected');

    await customer.goto(`${simulator}/?bot=TokoKeduaBot`);
    await customer.getByLabel('Message').fill('Halo bot kedua');
    await customer.getByRole('button', { name: 'Send' }).click();
    await agent.goto(`${url}/customer-service/inbox`);
    await agent
      .getByRole('button', { name: /^Tegar Telegram/ })
      .first()
      .click();
    await agent.getByRole('log', { name: 'Riwayat chat' }).getByText('Halo bot kedua').waitFor();
  });
});
