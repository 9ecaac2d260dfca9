import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { customersWrite, openTicketsMatching, pageApi } from './support/customers.js';
import { signIn, signOut } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const page = await openPage({ width: 1440 });
/** Lists answer within a request or two; a cold page load with a new language takes longer. */
const WAIT = { timeout: 30_000, interval: 200 };
// A per-file prefix: journeys run in parallel and another file's tag made in the same millisecond must not match.
const RUN = `ch${Date.now().toString(36).slice(-5)}`;
/** This journey's customer numbers: 6281277240000–6281277249999 (the upper half; the ticket list uses the lower). */
const BASE_NUMBER = 6281277249600 + (Date.now() % 100) * 4;
const nameOf = (key: string) => `Riwayat ${key} ${RUN}`;

const rowNames = async () =>
  (await page.getByTestId('result-row').allTextContents()).map((text) => /Riwayat [A-C]/.exec(text)?.[0]);

describe('chat history (000 §2 Chat history; §1 redirect to the ticket list)', () => {
  it('lists resolved chats with their filters; a user who can search is sent to the ticket list', {
    timeout: 120_000,
  }, async () => {
    // Three customers write; the supervisor resolves two, one with remarks and a tag.
    await signIn(page, url, 'supervisor@demo.sapa.id');
    const texts = { A: 'Barang rusak, mohon dibantu', B: 'Kapan restock?', C: 'Halo' };
    await customersWrite(
      customerPageUrl,
      Object.entries(texts).map(([key, text], i) => ({
        waId: String(BASE_NUMBER + i),
        name: nameOf(key),
        text,
      })),
    );
    const find = () => openTicketsMatching(page, RUN);
    await expect.poll(async () => (await find()).length, { timeout: 60_000, interval: 500 }).toBe(3);
    for (const ticket of await find()) {
      if (ticket.contact.name === nameOf('C')) continue;
      if (ticket.contact.name === nameOf('A'))
        await pageApi(page, 'PATCH', `/api/tickets/${ticket.id}`, {
          remarks: `Retur ${RUN}`,
          tags: ['retur'],
        });
      const note = ticket.contact.name === nameOf('A') ? { note: `Barang diretur ${RUN}` } : {};
      await pageApi(page, 'POST', `/api/tickets/${ticket.id}/resolve`, note);
    }

    // The supervisor (history, no advanced search) sees the history page itself.
    await page.goto(`${url}/customer-service/chat-history`);
    const contact = page.getByRole('textbox', { name: 'Kontak', exact: true });
    await contact.waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer-service/chat-history');
    await contact.fill(RUN);
    await contact.press('Enter');
    // Only resolved chats: A and B, newest resolved first; C is still open.
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Riwayat A', 'Riwayat B']);
    const rowA = page.getByTestId('result-row').filter({ hasText: nameOf('A') });
    expect(await rowA.textContent()).toContain(`Retur ${RUN}`);
    expect(await rowA.textContent()).toContain('Supervisor Demo');
    // Issue 16 §5: the note typed when resolving is in the list, not only in the change log.
    expect(await rowA.textContent()).toContain(`Barang diretur ${RUN}`);
    await screenshot(page, 'chat-history-id-1440');

    // Remarks and tag filters narrow it to A.
    await page.getByRole('textbox', { name: 'Catatan', exact: true }).fill(`retur ${RUN}`);
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect.poll(rowNames, WAIT).toEqual(['Riwayat A']);
    await page.getByRole('textbox', { name: 'Catatan', exact: true }).fill('');
    await page.getByRole('combobox', { name: 'Tag', exact: true }).fill('retur');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect.poll(rowNames, WAIT).toEqual(['Riwayat A']);

    // A row opens the chat; its timeline ends with the resolve note.
    await page.getByTestId('result-row').first().click();
    await page.waitForURL(/\/customer-service\/inbox\?referenceId=[0-9a-f-]{36}$/);
    await page
      .getByTestId('chat-resolved')
      .getByText(`Catatan penyelesaian: Barang diretur ${RUN}`)
      .waitFor();

    // The owner can READ ADVANCE_SEARCH: the history route sends them to the ticket list, query kept.
    await signOut(page);
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/customer-service/chat-history?customerInfo=${RUN}`);
    await page.waitForURL(/\/customer-service\/ticket-list\?customerInfo=/);
    await expect.poll(async () => (await rowNames()).sort(), WAIT).toEqual(['Riwayat A', 'Riwayat B']);
  });
});
