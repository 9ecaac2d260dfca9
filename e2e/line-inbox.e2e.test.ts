import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const linePageUrl = inject('linePageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;
// A small PNG (48×48) the agent sends with a caption.
const PNG = readFileSync(resolve(import.meta.dirname, 'fixtures/katalog.png'));
const CUSTOMER_ID = `U${'1234abcd'.repeat(4)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('LINE chat through the simulator', () => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The customer writes to the demo Official Account from the LINE simulator's chat page.
    await customer.goto(linePageUrl);
    await customer.getByLabel('Your LINE user id').fill(CUSTOMER_ID);
    await customer.getByLabel('Your display name').fill('Lina LINE');
    await customer.getByLabel('Message').fill('Halo dari LINE, tokonya buka?');
    await customer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows it without a reload (LINE gives no name: the contact is its user id).
    const row = agent.getByRole('button', { name: new RegExp(`^${CUSTOMER_ID}`) });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo dari LINE, tokonya buka?').waitFor();

    // The agent replies (by the reply token, within its minute); the customer's chat shows it.
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Buka, Kak. Ada yang bisa dibantu?');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Buka, Kak. Ada yang bisa dibantu?' }).waitFor();

    // A photo with a caption: over LINE's 512 characters (000 §5) the composer refuses it whole.
    await agent
      .getByLabel('Pilih file untuk dilampirkan')
      .setInputFiles([{ name: 'katalog.png', mimeType: 'image/png', buffer: PNG }]);
    await agent.getByRole('list', { name: 'File yang akan dikirim' }).getByRole('listitem').waitFor();
    const box = agent.getByRole('textbox', { name: 'Tulis pesan' });
    await box.fill(`${'Katalog '.repeat(64)}x`);
    await agent.getByText('513 / 512 karakter').waitFor();
    expect(await agent.getByRole('button', { name: 'Kirim', exact: true }).isDisabled()).toBe(true);
    await box.fill('Ini katalognya, Kak');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    // LINE has no captions: the photo (fetched by LINE from Sapa's signed link), then the text.
    await customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' }).waitFor();
    // The page shows the photo once LINE has fetched it (its bubble is drawn again then).
    await customer.waitForFunction(() =>
      Array.from(document.querySelectorAll('[role=listitem] img')).some(
        (img) => (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
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
