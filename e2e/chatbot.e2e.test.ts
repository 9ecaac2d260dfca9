import type { AutoChatState, Chatbot } from '@sapa/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { pageApi, pageCall } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const RUN = Date.now().toString(36);
let browser: Browser;
let owner: Page;
let customer: Page;
let autoChat: AutoChatState | undefined;
let bot: Chatbot | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(async () => {
  // The demo business is shared with the other journeys: the chatbot goes off, the automatic chat back.
  if (bot?.flow)
    await pageApi(owner, 'PUT', `/api/chatbot/${bot.channelAccountId}`, { enabled: false, flow: bot.flow });
  if (autoChat) await pageApi(owner, 'PUT', '/api/settings/store/auto-chat', autoChat.settings);
  await browser.close();
});

async function customerSends(text: string) {
  await customer.getByLabel('Message').fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
}

describe('chatbot (000 §2 /chatbot)', () => {
  it('is built and tried in the editor, answers the customer’s menu on WhatsApp and hands over to an agent', async () => {
    await signIn(owner, url, 'owner@demo.sapa.id');
    // 001 §4: the chatbot and the automatic chat are exclusive; the automatic chat goes off for the journey.
    autoChat = await pageApi<AutoChatState>(owner, 'GET', '/api/settings/store/auto-chat');
    if (autoChat.settings.enabled)
      await pageApi(owner, 'PUT', '/api/settings/store/auto-chat', { ...autoChat.settings, enabled: false });

    await owner.goto(`${url}/chatbot`);
    await owner.locator('input').and(owner.getByLabel('Akun channel')).click();
    await owner.getByRole('option', { name: /^WhatsApp Demo \(WAP\)/ }).click();
    const start = owner.getByRole('group', { name: 'Langkah q1' });
    const greeting = `Halo {{name}}! Ada yang bisa kami bantu? (${RUN})`;
    await start.getByLabel('Pesan').fill(greeting);

    // The preview runs the flow as the customer would.
    const preview = owner.getByRole('region', { name: 'Pratinjau' });
    await preview.getByLabel('Tulis sebagai pelanggan').fill('halo');
    await preview.getByRole('button', { name: 'Kirim' }).click();
    await preview.getByText(`Halo Budi! Ada yang bisa kami bantu? (${RUN})`).waitFor();
    await preview.getByRole('button', { name: 'Jam buka' }).click();
    await preview.getByText('Kami buka 08.00–17.00 WIB, Senin sampai Jumat.').waitFor();

    await owner.getByRole('switch', { name: 'Chatbot membalas pelanggan' }).check();
    await owner.getByRole('button', { name: 'Simpan', exact: true }).click();
    await owner.getByText('Chatbot disimpan').first().waitFor();
    await screenshot(owner, 'chatbot-editor-id');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('region', { name: 'Pratinjau' }).waitFor();
    // The layout follows the new width once the page has re-rendered for it.
    await expect
      .poll(() => owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1))
      .toBe(true);
    await screenshot(owner, 'chatbot-editor-390-id');
    await owner.setViewportSize({ width: 1440, height: 900 });
    bot = (await pageApi<{ items: Chatbot[] }>(owner, 'GET', '/api/chatbot')).items.find(
      (b) => b.accountName === 'WhatsApp Demo',
    );
    expect(bot?.enabled).toBe(true);

    // The customer writes from the simulator's phone page: the menu as WhatsApp reply buttons, a tap, the hand-over.
    const name = `Bot ${RUN}`;
    await customer.goto(customerPageUrl);
    // The page fills its business list (and the remembered fields) once it has loaded: wait for it.
    await expect.poll(() => customer.getByLabel('Business number').inputValue()).not.toBe('');
    await customer.getByLabel('Your phone number').fill(`62814${String(Date.now()).slice(-8)}`);
    await customer.getByLabel('Your name').fill(name);
    await customerSends('Halo');
    const menu = customer.getByRole('listitem').filter({ hasText: `Ada yang bisa kami bantu? (${RUN})` });
    await menu.getByRole('button', { name: 'Bicara dengan CS' }).click();
    await customer
      .getByRole('listitem')
      .filter({ hasText: 'Mohon ditunggu, customer service kami segera membalas.' })
      .waitFor();
    await screenshot(customer, 'chatbot-customer-page');

    // Handed over: the chat is in the inbox for a person, with the bot's messages in it.
    await expect
      .poll(async () => {
        for (const tab of ['unassigned', 'assigned']) {
          const res = await pageCall<{ items: { contact: { name: string } }[] }>(
            owner,
            'GET',
            `/api/inbox/tickets?tab=${tab}&search=${encodeURIComponent(name)}&limit=5`,
          );
          if (res.json.items.length > 0) return tab;
        }
        return null;
      })
      .not.toBeNull();
  });
});
