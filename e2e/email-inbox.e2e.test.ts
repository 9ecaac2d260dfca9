import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const webmailPageUrl = inject('webmailPageUrl');
let browser: Browser;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('email through the webmail simulator', () => {
  it("reaches the agent's inbox without a reload as an email; the reply reaches the webmail; the customer's answer lands in the same ticket", async () => {
    await signIn(agent, url, 'owner@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    // The customer writes from the webmail page to the demo business's address.
    const page = new URL(webmailPageUrl);
    page.searchParams.set('me', 'sari@pelanggan.test');
    page.searchParams.set('name', 'Sari Surel');
    await customer.goto(page.toString());
    await customer.getByLabel('To').fill('halo@demo.sapa.id');
    await customer.getByLabel('Cc (comma separated)').fill('adik@pelanggan.test');
    await customer.getByLabel('Subject').fill('Tanya ukuran gamis');
    await customer.getByLabel('Message').fill('Halo, gamis ukuran L masih ada?');
    await customer.getByRole('button', { name: 'Send' }).click();
    await customer.getByRole('button', { name: /Tanya ukuran gamis/ }).waitFor();

    // The agent's inbox shows it without a reload, read as an email: subject, from, to, Cc.
    const row = agent.getByRole('button', { name: /^Sari Surel/ });
    await row.waitFor();
    await row.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo, gamis ukuran L masih ada?').waitFor();
    await history.getByText('Tanya ukuran gamis').first().waitFor();
    await history.getByText('Cc: adik@pelanggan.test').first().waitFor();

    // The agent replies with two files: one email carries the text and both files (000 §5); the webmail shows
    // the reply live, threaded under the customer's subject, with the files (their names renamed per 000 §9).
    await agent.getByLabel('Pilih file untuk dilampirkan').setInputFiles([
      { name: 'ukuran gamis.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 ukuran') },
      { name: 'katalog.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 katalog') },
    ]);
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Masih ada, Kak. Mau dikirim ke mana?');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await history
      .getByRole('list', { name: 'Lampiran' })
      .getByText(/ukuran_gamis\.pdf/)
      .waitFor();
    const reply = customer.getByRole('button', { name: /Re: Tanya ukuran gamis \[#T-\d+\]/ });
    await reply.waitFor();
    await reply.click();
    await customer.getByText('Masih ada, Kak. Mau dikirim ke mana?').waitFor();
    await customer.getByRole('link', { name: /_ukuran_gamis\.pdf/ }).waitFor();
    await customer.getByRole('link', { name: /_katalog\.pdf/ }).waitFor();
    await screenshot(customer, 'webmail-simulator');

    // The customer answers it; the answer lands in the same ticket.
    await customer.getByRole('button', { name: 'Reply' }).click();
    await customer.getByLabel('Message').fill('Ke Bandung ya, Kak.');
    await customer.getByRole('button', { name: 'Send' }).click();
    await history.getByText('Ke Bandung ya, Kak.').waitFor();
    await screenshot(agent, 'inbox-email-chat');

    // Email settings: the address can also read a mailbox over IMAP (fields shown once switched on).
    await agent.goto(`${url}/setting/store?tab=channels`);
    await agent.getByRole('link', { name: 'Toko Sapa Email' }).click();
    const imapOn = async () => {
      await agent.getByRole('switch', { name: 'Baca juga kotak surat lewat IMAP' }).check({ force: true });
      await agent.getByRole('textbox', { name: 'Server IMAP' }).fill('imap.tokosapa.id');
    };
    await imapOn();
    await screenshot(agent, 'email-settings-imap-id-1440');
    await agent.setViewportSize({ width: 390, height: 844 });
    await agent.reload();
    await imapOn();
    await screenshot(agent, 'email-settings-imap-id-390');
  });
});
