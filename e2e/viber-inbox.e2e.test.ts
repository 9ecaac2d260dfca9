import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import {
  agentOpensArrivedChat,
  agentRepliesAndCustomerSees,
  attachCataloguePhoto,
  customerWritesOnSimulator,
  ownerOnInbox,
} from './support/channel-chat.js';

const url = inject('sapaUrl');
const viberPageUrl = inject('viberPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('Viber chat through the simulator', () => {
  it("reaches the agent's inbox without a reload, and the agent's reply reaches the customer's chat", async () => {
    await ownerOnInbox(agent, url);
    // The customer writes to the demo bot from the Viber simulator's chat page.
    await customerWritesOnSimulator(
      customer,
      viberPageUrl,
      { 'Your Viber user id': 'vina123ABC=', 'Your name': 'Vina Viber' },
      'Halo dari Viber, tokonya buka?',
    );
    // The agent's inbox shows it without a reload, under the name Viber gives.
    await agentOpensArrivedChat(agent, /^Vina Viber/, 'Halo dari Viber, tokonya buka?');
    await agentRepliesAndCustomerSees(agent, customer, 'Buka, Kak. Ada yang bisa dibantu?');

    // A photo with its caption (Viber fetches it from Sapa's signed link).
    await attachCataloguePhoto(agent);
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Ini katalognya, Kak');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Ini katalognya, Kak' }).locator('img').waitFor();
    await screenshot(customer, 'viber-customer-page');
    await screenshot(agent, 'viber-agent-inbox');
  });
});
