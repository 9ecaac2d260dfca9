import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { customersWrite, openTicketsMatching, pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const RUN = `Tampil${Date.now().toString(36)}`;
const EMOJI_SWITCH = 'Tampilkan tombol emoji di ruang chat';
const ATTACH_SWITCH = 'Tampilkan tombol lampiran di ruang chat';
const COMPOSER = 'Tulis pesan';
let browser: Browser;
let owner: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  await signIn(owner, url, 'owner@demo.sapa.id');
});
afterAll(() => browser.close());

/** Turns one chat-room display switch of Chat settings › Assignment & privacy to `on` and saves (Indonesian UI). */
async function setDisplaySwitch(label: string, on: boolean) {
  await owner.goto(`${url}/customer-service/chat-setting?tab=assignment`);
  const toggle = owner.getByRole('switch', { name: label });
  if ((await toggle.isChecked()) !== on) {
    await toggle.click({ force: true });
    await owner.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect.poll(() => owner.getByText('Pengaturan disimpan').count()).toBeGreaterThan(0);
  }
}

describe('chat-room display settings (000 §3)', () => {
  it('the emoji and attachment buttons follow the business settings', async () => {
    await customersWrite(customerPageUrl, [{ waId: '6281377700001', name: RUN, text: 'Halo, ada stok?' }]);
    await expect
      .poll(async () => (await openTicketsMatching(owner, RUN)).length, { timeout: 20_000 })
      .toBe(1);
    const [ticket] = await openTicketsMatching(owner, RUN);
    const chat = `${url}/customer-service/inbox?referenceId=${ticket?.id}`;
    const emoji = owner.getByRole('button', { name: 'Emoji', exact: true });
    const attach = owner.getByRole('button', { name: 'Lampirkan file' });

    await setDisplaySwitch(EMOJI_SWITCH, true);
    await setDisplaySwitch(ATTACH_SWITCH, true);
    await owner.goto(chat);
    await expect.poll(() => emoji.count()).toBe(1);
    await expect.poll(() => attach.count()).toBe(1);

    await setDisplaySwitch(EMOJI_SWITCH, false);
    await setDisplaySwitch(ATTACH_SWITCH, false);
    const csMe = await pageApi<{ chatroom: unknown }>(owner, 'GET', '/api/cs/me');
    expect(csMe.chatroom).toMatchObject({ emoji: false, attachment: false });
    await owner.goto(chat);
    await owner.getByRole('textbox', { name: COMPOSER }).waitFor();
    await screenshot(owner, 'chat-display-off-id-1440');
    expect(await emoji.count()).toBe(0);
    expect(await attach.count()).toBe(0);

    // The demo's defaults again for the other journeys.
    await setDisplaySwitch(EMOJI_SWITCH, true);
    await setDisplaySwitch(ATTACH_SWITCH, true);
  });
});
