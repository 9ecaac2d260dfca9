import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { customersWrite, openTicketsMatching, pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
/** A customer number no other journey uses (helper 1's range). */
const CUSTOMER = '6281277211001';
const NAME = 'Rina Riwayat';
let browser: Browser;
let owner: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
});
afterAll(() => browser.close());

describe("a ticket's change history in the chat details (000 §7 GET /auditLogs)", () => {
  it('shows who changed what and when, newest first, in Indonesian and English', async () => {
    await signIn(owner, url, 'owner@demo.sapa.id');
    await customersWrite(customerPageUrl, [{ waId: CUSTOMER, name: NAME, text: 'Halo, mau tanya stok' }]);
    await owner.goto(`${url}/customer-service/inbox`);
    const row = owner.getByRole('button', { name: new RegExp(`^${NAME}`) });
    await row.waitFor();
    await row.click();
    const details = owner.getByRole('complementary', { name: 'Detail chat' });
    await details.getByRole('button', { name: 'Tampilkan perubahan' }).click();
    await details.getByText('Belum ada perubahan.').waitFor();

    // A change made elsewhere (the API, as another tab would) appears without a reload.
    const [ticket] = await openTicketsMatching(owner, NAME);
    if (!ticket) throw new Error('no ticket');
    await pageApi(owner, 'PATCH', `/api/tickets/${ticket.id}`, { priority: 1, tags: ['stok'] });
    const log = details.getByTestId('ticket-audit');
    await log.getByText('Diubah').waitFor();
    await log.getByText('Normal → Tinggi').waitFor();
    await log.getByText('— → stok').waitFor();
    await log.getByText(/oleh Owner Demo/).waitFor();
    await screenshot(owner, 'ticket-audit-id-1440');

    await owner.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await owner.reload();
    const detailsEn = owner.getByRole('complementary', { name: 'Chat details' });
    await detailsEn.getByRole('button', { name: 'Show changes' }).click();
    const logEn = detailsEn.getByTestId('ticket-audit');
    await logEn.getByText('Updated').waitFor();
    await logEn.getByText('Normal → High').waitFor();
    await logEn.getByText(/by Owner Demo/).waitFor();
    await screenshot(owner, 'ticket-audit-en-1440');
    await owner.evaluate(() => localStorage.setItem('sapa.language', 'id'));
  });
});
