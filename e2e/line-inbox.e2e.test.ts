import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
const linePageUrl = inject('linePageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;
const CUSTOMER_ID = `U${'1234abcd'.repeat(4)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('LINE chat through the simulator', () => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    await ownerOnInbox(agent, url);
    // The customer writes to the demo Official Account from the LINE simulator's chat page.
    await customerWritesOnSimulator(
      customer,
      linePageUrl,
      { 'Your LINE user id': CUSTOMER_ID, 'Your display name': 'Lina LINE' },
      'Halo dari LINE, tokonya buka?',
    );
    // The agent's inbox shows it without a reload (LINE gives no name: the contact is its user id).
    await agentOpensArrivedChat(agent, new RegExp(`^${CUSTOMER_ID}`), 'Halo dari LINE, tokonya buka?');
    // The reply goes by the reply token, within its minute.
    await agentRepliesAndCustomerSees(agent, customer, 'Buka, Kak. Ada yang bisa dibantu?');

    // A photo with a caption: over LINE's 512 characters (000 §5) the composer refuses it whole.
    await attachCataloguePhoto(agent);
    await sendPhotoWithin512Caption(agent, 'Ini katalognya, Kak');
    // LINE has no captions: the photo (fetched by LINE from Sapa's signed link), then the text.
    await customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' }).waitFor();
    // The page shows the photo once LINE has fetched it (its bubble is drawn again then).
    await customerSeesAPhoto(customer);
    await screenshot(agent, 'inbox-line-chat');
    await screenshot(customer, 'line-simulator-customer-page');
  });

  it('Business settings › Channels shows the demo LINE account connected, its webhook verified', async () => {
    await agent.goto(`${url}/setting/store?tab=channels`);
    const row = agent
      .getByRole('row')
      .filter({ has: agent.getByRole('cell', { name: '@tokosapademo', exact: true }) });
    await row.waitFor();
    await row.getByText('Terhubung', { exact: true }).waitFor();
    expect(await row.getByText('Verifikasi webhook tertunda').count()).toBe(0);
    // 001 §4 refresh: Sapa asks LINE again (bot info, webhook endpoint); LINE still knows the token.
    await row.getByRole('button', { name: 'Segarkan Toko Sapa LINE' }).click();
    await row.getByText('Terhubung', { exact: true }).waitFor();
    expect(await row.getByText('Gagal terhubung').count()).toBe(0);
  });

  it('the owner swaps the LINE account in Business settings › Channels: disconnect, connect a new one; its chats arrive', async () => {
    // A new Official Account, made the way the LINE Developers console makes one (on the simulator).
    const simulator = new URL(linePageUrl).origin;
    const made = await fetch(`${simulator}/console/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ basicId: '@tokokedua', displayName: 'Toko Kedua' }),
    });
    const { channelSecret, accessToken } = (await made.json()) as {
      channelSecret: string;
      accessToken: string;
    };

    await agent.goto(`${url}/setting/store?tab=channels`);
    // 001 §9: one LINE account per business — the form shows only once the demo account is disconnected.
    await agent.getByRole('button', { name: 'Putuskan Toko Sapa LINE', exact: true }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Putuskan', exact: true }).click();
    const form = agent.getByRole('form', { name: 'Hubungkan LINE Official Account' });
    await form.waitFor();
    await form.getByLabel('Channel secret').fill(channelSecret);
    await form.getByLabel('URL dasar Messaging API (demo)').fill(simulator);
    await form.getByLabel('URL dasar konten (demo)').fill(simulator);
    // A token LINE does not know is refused with the spec's message.
    await form.getByLabel('Channel access token').fill('bukan-token-line');
    await form.getByRole('button', { name: 'Hubungkan LINE' }).click();
    await form.getByRole('alert').filter({ hasText: 'Token tidak valid' }).waitFor();
    await form.getByLabel('Channel access token').fill(accessToken);
    await form.getByRole('button', { name: 'Hubungkan LINE' }).click();
    // LINE's verification call came while connecting: connected, not pending.
    await agent.getByText('Pelanggan yang menulis ke @tokokedua di LINE kini masuk ke inbox.').waitFor();
    await agent.getByRole('cell', { name: '@tokokedua', exact: true }).waitFor();
    await screenshot(agent, 'channels-line-connected');

    await customer.goto(`${simulator}/?account=${encodeURIComponent('@tokokedua')}`);
    await customer.getByLabel('Message').fill('Halo akun kedua');
    await customer.getByRole('button', { name: 'Send' }).click();
    await agent.goto(`${url}/customer-service/inbox`);
    await agent
      .getByRole('button', { name: new RegExp(`^${CUSTOMER_ID}`) })
      .first()
      .click();
    await agent.getByRole('log', { name: 'Riwayat chat' }).getByText('Halo akun kedua').waitFor();

    // The token is reissued in LINE's console: refresh shows the account in error with the 001 §8 message.
    await fetch(`${simulator}/console/channels/reissue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ basicId: '@tokokedua' }),
    });
    await agent.goto(`${url}/setting/store?tab=channels`);
    const row = agent
      .getByRole('row')
      .filter({ has: agent.getByRole('cell', { name: '@tokokedua', exact: true }) });
    await row.getByRole('button', { name: 'Segarkan Toko Kedua' }).click();
    await row.getByText('Gagal terhubung', { exact: true }).waitFor();
    await row.getByText('Token tidak valid').waitFor();
    await screenshot(agent, 'channels-line-error');
  });
});
