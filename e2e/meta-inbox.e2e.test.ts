import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
let browser: Browser;
let agent: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  await signIn(agent, url, 'owner@demo.sapa.id');
  await agent.goto(`${url}/customer-service/inbox`);
  await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();
});
afterAll(() => browser.close());

describe.each([
  ['Messenger', inject('messengerPageUrl'), 'Mira Messenger'],
  ['Instagram', inject('instagramPageUrl'), 'Indah Instagram'],
])('%s chat through the Meta simulator', (platform, pageUrl, name) => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    const customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
    await customer.goto(pageUrl);
    await customer.getByLabel('Your name').fill(name);
    await customer.getByLabel('Message').fill(`Halo dari ${platform}, tokonya buka?`);
    await customer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows it without a reload, named from Meta's user profile (the webhook carries only
    // the customer's Page- or Instagram-scoped id).
    const row = agent.getByRole('button', { name: new RegExp(`^${name}`) });
    await row.waitFor();
    await row.click();
    await agent
      .getByRole('log', { name: 'Riwayat chat' })
      .getByText(`Halo dari ${platform}, tokonya buka?`)
      .waitFor();

    // The agent replies; the customer's chat shows it.
    await agent
      .getByRole('textbox', { name: 'Tulis pesan' })
      .fill(`Buka, Kak. Terima kasih sudah menghubungi via ${platform}.`);
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer
      .getByRole('listitem')
      .filter({ hasText: `Buka, Kak. Terima kasih sudah menghubungi via ${platform}.` })
      .waitFor();
    // The customer's page shows it, so the customer has read it: Meta's read receipt reaches the agent.
    await agent.getByRole('log', { name: 'Riwayat chat' }).getByLabel('Dibaca').last().waitFor();
    await screenshot(agent, `inbox-${platform.toLowerCase()}-chat`);
    await screenshot(customer, `${platform.toLowerCase()}-simulator-customer-page`);
  });
});

describe('connecting an Instagram account in Business settings › Channels', () => {
  it('the owner disconnects the demo account, the form refuses a bad secret, then connects and shows the webhook', async () => {
    const simulator = new URL(inject('instagramPageUrl')).origin;
    const made = await fetch(`${simulator}/dashboard/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'instagram', name: 'Toko Kedua IG', username: 'tokokedua_ig' }),
    });
    const keys = (await made.json()) as { id: string; accessToken: string; appSecret: string };

    await agent.goto(`${url}/setting/store?tab=channels`);
    // 001 §9: one Instagram account per business — the form shows only once the demo account is disconnected.
    await agent.getByRole('button', { name: 'Putuskan Toko Sapa IG', exact: true }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Putuskan', exact: true }).click();
    const form = agent.getByRole('form', { name: 'Hubungkan akun profesional Instagram' });
    await form.waitFor();
    await form.getByLabel('ID akun Instagram').fill(keys.id);
    await form.getByLabel('Page access token').fill(keys.accessToken);
    await form.getByLabel('App secret').fill('bukan-secret');
    await form.getByLabel('URL dasar Graph API (demo)').fill(`${simulator}/v25.0`);
    await form.getByRole('button', { name: 'Hubungkan Instagram' }).click();
    await form.getByText('App secret tidak valid: 32 karakter heksadesimal').waitFor();
    await screenshot(agent, 'channels-instagram-form');
    await form.getByLabel('App secret').fill(keys.appSecret);
    await form.getByRole('button', { name: 'Hubungkan Instagram' }).click();
    await agent.getByText('Tempel URL webhook dan verify token ini', { exact: false }).waitFor();
    await agent.getByRole('cell', { name: '@tokokedua_ig' }).waitFor();
    await screenshot(agent, 'channels-instagram-connected');
  });
});
