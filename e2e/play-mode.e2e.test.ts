import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
let browser: Browser;
let agent: Page;
let owner: Page;

/** Customers of this journey only (no other e2e file writes from these numbers). */
const CUSTOMERS = [
  { phone: '6281277007101', name: 'Putri Antrian' },
  { phone: '6281277007102', name: 'Dodi Antrian' },
  { phone: '6281277007103', name: 'Wulan Antrian' },
] as const;
const OURS: readonly string[] = CUSTOMERS.map((c) => c.name);

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  // Agen Dua is a Customer Service 1: works the chats Auto Assign hands out (000 §6).
  await signIn(agent, url, 'agent2@demo.sapa.id');
  await signIn(owner, url, 'owner@demo.sapa.id');
});
afterAll(() => browser.close());

/** Whether the owner's inbox has an open ticket from `phone` (through the page's own session). */
function ticketArrived(page: Page, phone: string): Promise<boolean> {
  return page.evaluate(async (search) => {
    const session = JSON.parse(localStorage.getItem('sapa.session') ?? '{}') as { accessToken?: string };
    const res = await fetch(`/api/inbox/tickets?search=${search}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const body = (await res.json()) as { items?: unknown[] };
    return (body.items?.length ?? 0) > 0;
  }, phone);
}

/** A customer writes from the simulator's customer phone page; waits until the ticket is open in Sapa. */
async function customerWrites(customer: (typeof CUSTOMERS)[number], text: string) {
  const page = await (await newContext(browser, { locale: 'en-US' })).newPage();
  await page.goto(customerPageUrl);
  await page.getByLabel('Your phone number').fill(customer.phone);
  await page.getByLabel('Your name').fill(customer.name);
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => ticketArrived(owner, customer.phone), { timeout: 30_000 }).toBe(true);
  await page.context().close();
}

/** Picks an option of a select inside a dialog. */
async function pickOption(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const bar = () => agent.getByTestId('play-bar');
const current = () => agent.getByTestId('play-current').textContent();
const next = () => agent.getByTestId('play-next').textContent();
const room = () => agent.getByTestId('chat-contact-name').textContent();

async function skipCurrent(note: string) {
  await bar().getByRole('button', { name: 'Lewati', exact: true }).click();
  const dialog = agent.getByRole('dialog', { name: 'Lewati tiket' });
  await dialog.getByRole('textbox', { name: /Catatan/ }).fill(note);
  await dialog.getByRole('button', { name: 'Lewati tiket' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Auto Assign (play mode)', () => {
  it('an agent plays the WhatsApp channel: the room follows the current ticket through Next and Skip, then Stop after confirming', async () => {
    for (const [i, customer] of CUSTOMERS.entries())
      await customerWrites(customer, `Halo, pesanan nomor ${i + 1} kapan dikirim?`);

    await agent.goto(`${url}/customer-service/inbox`);
    await agent.getByRole('button', { name: 'Auto Assign', exact: true }).click();
    const start = agent.getByRole('dialog', { name: 'Mulai Auto Assign' });
    await pickOption(agent, start, 'Kanal', 'WhatsApp');
    await screenshot(agent, 'play-start-id-1440');
    // Issue 16 §8: a channel whose account went away after the picker loaded (here: the request names
    // Lazada, which the demo has not connected) is refused by the server, shown on the channel picker.
    await agent.route(
      '**/api/play/start',
      (route) => route.continue({ postData: JSON.stringify({ channel: 'LZD' }) }),
      { times: 1 },
    );
    await start.getByRole('button', { name: 'Mulai', exact: true }).click();
    await start.getByText('Belum ada akun yang terhubung di kanal ini.', { exact: false }).waitFor();
    await screenshot(agent, 'play-start-not-connected-id-1440');
    await start.getByRole('button', { name: 'Mulai', exact: true }).click();
    await start.waitFor({ state: 'hidden' });
    await bar().waitFor();

    // Chats still waiting from other journeys are older: hand them back until ours come up.
    for (let i = 0; i < 10; i++) {
      await expect.poll(current).not.toBe('Sekarang:Tidak ada');
      const text = (await current()) ?? '';
      if (OURS.some((name) => text.includes(name))) break;
      await skipCurrent('bukan antrian tes ini');
    }

    // Oldest waiting first; the chat room is forced onto the current ticket.
    await expect.poll(current).toContain(CUSTOMERS[0].name);
    await expect.poll(next).toContain(CUSTOMERS[1].name);
    await expect.poll(room).toBe(CUSTOMERS[0].name);
    expect(new URL(agent.url()).searchParams.get('referenceId')).not.toBeNull();
    await agent
      .getByRole('log', { name: 'Riwayat chat' })
      .getByText('Halo, pesanan nomor 1 kapan dikirim?')
      .waitFor();
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Pesanan Kakak dikirim hari ini.');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await screenshot(agent, 'play-current-id-1440');

    // Next: the first stays with the agent, the second becomes current.
    const stepped = agent.waitForResponse((r) => r.url().endsWith('/api/play/next'));
    await bar().getByRole('button', { name: 'Berikutnya', exact: true }).click();
    const nextReply = await stepped;
    expect(nextReply.status(), await nextReply.text()).toBe(200);
    await expect.poll(current).toContain(CUSTOMERS[1].name);
    await expect.poll(next).toContain(CUSTOMERS[2].name);
    await expect.poll(room).toBe(CUSTOMERS[1].name);
    // On a phone the forced room shows with the bar, without the list.
    await agent.setViewportSize({ width: 390, height: 860 });
    await bar().getByRole('button', { name: 'Berhenti', exact: true }).waitFor();
    await screenshot(agent, 'play-bar-id-390');
    await agent.setViewportSize({ width: 1440, height: 860 });

    // Opening another chat while playing asks to stop first; cancelling keeps the room.
    await agent.getByRole('tab', { name: 'Ditugaskan', exact: true }).click();
    await agent.getByRole('button', { name: new RegExp(`^${CUSTOMERS[0].name}`) }).click();
    const leave = agent.getByRole('dialog', { name: 'Hentikan Auto Assign?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Batal' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await room()).toBe(CUSTOMERS[1].name);

    // Skip with notes: the third becomes current.
    await bar().getByRole('button', { name: 'Lewati', exact: true }).click();
    const skip = agent.getByRole('dialog', { name: 'Lewati tiket' });
    await skip.getByRole('button', { name: 'Lewati tiket' }).click();
    await skip.getByText('Catatan wajib diisi').waitFor();
    await skip.getByRole('textbox', { name: /Catatan/ }).fill('follow up done');
    await screenshot(agent, 'play-skip-id-1440');
    await skip.getByRole('button', { name: 'Lewati tiket' }).click();
    await skip.waitFor({ state: 'hidden' });
    await expect.poll(current).toContain(CUSTOMERS[2].name);
    await expect.poll(room).toBe(CUSTOMERS[2].name);

    await screenshot(agent, 'play-third-id-1440');

    // Stop after confirming: the bar goes, the start button is back, the ticket in hand stays open.
    await bar().getByRole('button', { name: 'Berhenti', exact: true }).click();
    const stop = agent.getByRole('dialog', { name: 'Hentikan Auto Assign?' });
    await stop.getByRole('button', { name: 'Hentikan', exact: true }).click();
    await bar().waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: 'Auto Assign', exact: true }).waitFor();
    expect(await room()).toBe(CUSTOMERS[2].name);
  });

  it('a supervisor with the view feature saves a view and reads its tickets on the ticket-view page', async () => {
    await owner.goto(`${url}/customer-service/ticket-view`);
    await owner
      .getByText('Belum ada view')
      .or(owner.getByRole('navigation', { name: 'Daftar view' }))
      .first()
      .waitFor();
    await owner.getByRole('button', { name: 'Tambah view' }).click();
    const form = owner.getByRole('dialog', { name: 'Tambah view' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Nama wajib diisi').waitFor();
    await form.getByRole('textbox', { name: 'Nama view' }).fill('Antrian WhatsApp');
    await pickOption(owner, form, 'Kanal', 'WhatsApp');
    await form.getByRole('textbox', { name: 'Nama view' }).click();
    await screenshot(owner, 'ticket-view-form-id-1440');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.waitFor({ state: 'hidden' });

    const table = owner.getByRole('table', { name: 'Tiket di view Antrian WhatsApp' });
    for (const customer of CUSTOMERS) await table.getByText(customer.name).waitFor();
    await screenshot(owner, 'ticket-view-id-1440');
    await owner.setViewportSize({ width: 390, height: 860 });
    await owner.reload();
    await owner.getByRole('table', { name: 'Tiket di view Antrian WhatsApp' }).waitFor();
    await screenshot(owner, 'ticket-view-id-390');
    await owner.setViewportSize({ width: 1440, height: 860 });

    // The same page in English.
    await owner.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await owner.reload();
    await owner.getByRole('table', { name: 'Tickets in view Antrian WhatsApp' }).waitFor();
    await screenshot(owner, 'ticket-view-en-1440');
    await owner.evaluate(() => localStorage.setItem('sapa.language', 'id'));
    await owner.reload();

    await owner.getByRole('button', { name: 'Hapus view Antrian WhatsApp' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Hapus view' });
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await owner.getByText('Belum ada view').first().waitFor();
  });
});
