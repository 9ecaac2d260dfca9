import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const viberPageUrl = inject('viberPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;
// A small PNG (48×48) the agent sends with a caption.
const PNG = readFileSync(resolve(import.meta.dirname, 'fixtures/katalog.png'));

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('Viber chat through the simulator', () => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The customer writes to the demo bot from the Viber simulator's chat page.
    await customer.goto(viberPageUrl);
    await customer.getByLabel('Your Viber user id').fill('vina123ABC=');
    await customer.getByLabel('Your name').fill('Vina Viber');
    await customer.getByLabel('Message').fill('Halo dari Viber, tokonya buka?');
    await customer.getByRole('button', { name: 'Send' }).click();

    // The agent's inbox shows it without a reload, under the name Viber gives.
    const row = agent.getByRole('button', { name: /^Vina Viber/ });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo dari Viber, tokonya buka?').waitFor();

    // The agent replies; the customer's chat shows it.
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Buka, Kak. Ada yang bisa dibantu?');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Buka, Kak. Ada yang bisa dibantu?' }).waitFor();

    // A photo with its caption (Viber fetches it from Sapa's signed link).
    await agent
      .getByLabel('Pilih file untuk dilampirkan')
      .setInputFiles([{ name: 'katalog.png', mimeType: 'image/png', buffer: PNG }]);
    await agent.getByRole('list', { name: 'File yang akan dikirim' }).getByRole('listitem').waitFor();
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ini katalognya, Kak');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' }).locator('img').waitFor();
    await screenshot(customer, 'viber-customer-page');
    await screenshot(agent, 'viber-agent-inbox');
  });
});
