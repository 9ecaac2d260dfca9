import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { signIn } from './support/journey.js';

const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
/** A customer number no other journey uses. */
const CUSTOMER = '6281277005566';
let browser: Browser;
let supervisor: Page;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  supervisor = await (await newContext(browser, { width: 1440 })).newPage();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

async function inEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('sapa.language', 'en'));
  await page.reload();
}

describe('a supervisor hands a chat to an agent (000 §6 CS positions)', () => {
  it('Supervisor 1 assigns the chat; Customer Service 2 sees it only then and answers the customer', async () => {
    // Agen Satu (Customer Service 2) sees only chats assigned to them.
    await signIn(agent, url, 'agent1@demo.sapa.id');
    await agent.goto(`${url}/customer-service/inbox?tab=assigned`);
    await agent.getByRole('tab', { name: 'Ditugaskan', exact: true }).waitFor();
    await agent.getByRole('switch', { name: 'Status Anda' }).waitFor();

    // Supervisor Demo is Supervisor 1: sees every chat and assigns, never replies.
    await signIn(supervisor, url, 'supervisor@demo.sapa.id');
    await supervisor.goto(`${url}/customer-service/inbox`);
    await supervisor.getByRole('tab', { name: 'Belum ditugaskan', exact: true }).waitFor();

    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill(CUSTOMER);
    await customer.getByLabel('Your name').fill('Sari Penugasan');
    await customer.getByLabel('Message').fill('Halo, pesanan saya belum sampai');
    await customer.getByRole('button', { name: 'Send' }).click();

    const row = supervisor.getByRole('button', { name: /^Sari Penugasan/ });
    await row.waitFor();
    await row.click();
    await supervisor.getByRole('button', { name: 'Tugaskan', exact: true }).click();
    const dialog = supervisor.getByRole('dialog', { name: /^Tugaskan chat/ });
    await dialog.waitFor();
    // Supervisor 1 cannot be assigned: no "assign to me", and not offered in the list.
    expect(await dialog.getByRole('button', { name: 'Tugaskan ke saya' }).count()).toBe(0);
    await dialog.getByLabel('Tugaskan ke', { exact: true }).click();
    await supervisor.getByRole('option', { name: /^Agen Satu/ }).waitFor();
    expect(await supervisor.getByRole('option', { name: /^Supervisor Demo/ }).count()).toBe(0);
    await screenshot(supervisor, 'supervisor-assign-dialog-id-1440');
    await supervisor.getByRole('option', { name: /^Agen Satu/ }).click();
    await dialog.getByRole('button', { name: 'Tugaskan', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await supervisor.getByRole('button', { name: 'Alihkan', exact: true }).waitFor();

    // The transfer history in the chat details says who handed it to whom.
    const details = supervisor.getByRole('complementary', { name: 'Detail chat' });
    await details.getByText('→ Agen Satu').waitFor();
    await details.getByText('oleh Supervisor Demo').waitFor();
    // Supervisor 1 writes internal notes only.
    expect(await supervisor.getByRole('radio', { name: 'Pesan' }).isDisabled()).toBe(true);
    expect(await supervisor.getByRole('radio', { name: 'Catatan internal' }).isChecked()).toBe(true);
    await screenshot(supervisor, 'supervisor-assigned-id-1440');

    // The agent's Assigned tab shows it without a reload; they open it and answer.
    const mine = agent.getByRole('button', { name: /^Sari Penugasan/ });
    await mine.waitFor();
    await mine.click();
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo, pesanan saya belum sampai').waitFor();
    await agent.getByRole('textbox', { name: 'Tulis pesan' }).fill('Baik Kak, saya cek resinya dulu ya.');
    await agent.getByRole('button', { name: 'Kirim', exact: true }).click();
    await customer.getByRole('listitem').filter({ hasText: 'Baik Kak, saya cek resinya dulu ya.' }).waitFor();
    // Customer Service 2 does not hand chats out.
    expect(await agent.getByRole('button', { name: 'Alihkan', exact: true }).count()).toBe(0);
    await screenshot(agent, 'agent-assigned-chat-id-1440');

    // Going offline is one switch in the inbox header (no new chats are handed to an offline agent).
    const status = agent.getByRole('switch', { name: 'Status Anda' });
    await status.click({ force: true });
    await agent.getByText('Offline', { exact: true }).waitFor();
    await status.click({ force: true });
    await agent.getByText('Online', { exact: true }).waitFor();
  });

  it('shows the assign dialog and the group settings in English and on a phone', async () => {
    await inEnglish(supervisor);
    await supervisor.getByRole('button', { name: 'Reassign', exact: true }).click();
    const dialog = supervisor.getByRole('dialog', { name: /^Assign chat/ });
    await dialog.getByText('Group', { exact: true }).click();
    await dialog.getByText(/waits in the group/).waitFor();
    await screenshot(supervisor, 'supervisor-assign-dialog-en-1440');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The owner manages groups in the chat settings.
    const owner = await (await newContext(browser, { width: 1440 })).newPage();
    await signIn(owner, url, 'owner@demo.sapa.id');
    await owner.goto(`${url}/customer-service/chat-setting?tab=groups`);
    await owner.getByRole('button', { name: 'Tambah grup' }).click();
    const form = owner.getByRole('dialog', { name: 'Tambah grup' });
    await form.getByRole('textbox', { name: 'Nama grup' }).fill('Grup dengan nama panjang');
    await form.getByRole('button', { name: 'Simpan' }).click();
    // The hint says the same words; the refusal is the field's error.
    await form
      .locator('.mantine-InputWrapper-error')
      .getByText('Maksimal 15 karakter', { exact: true })
      .waitFor();
    await form.getByRole('textbox', { name: 'Nama grup' }).fill('Penjualan');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.waitFor({ state: 'hidden' });
    const group = owner.getByRole('listitem').filter({ hasText: 'Penjualan' });
    await group.getByText('Default').waitFor();
    await group.getByRole('button', { name: 'Anggota Penjualan' }).click();
    const members = owner.getByRole('dialog', { name: 'Anggota Penjualan' });
    await members.getByLabel('Tambah anggota', { exact: true }).click();
    await owner.getByRole('option', { name: /^Agen Satu/ }).click();
    await members.getByRole('button', { name: 'Tambah', exact: true }).click();
    await members.getByRole('cell', { name: /^Agen Satu agent1@/ }).waitFor();
    await screenshot(owner, 'groups-members-id-1440');
    await members.getByRole('button', { name: 'Tutup' }).click();

    await owner.setViewportSize({ width: 390, height: 860 });
    await screenshot(owner, 'groups-id-390');
    await inEnglish(owner);
    await owner.getByRole('tab', { name: 'Groups' }).waitFor();
    await screenshot(owner, 'groups-en-390');
    await owner.setViewportSize({ width: 1440, height: 860 });
    await owner.getByRole('tab', { name: 'Assignment & privacy' }).click();
    await owner.getByText('Automatic assignment', { exact: true }).waitFor();
    await screenshot(owner, 'assignment-settings-en-1440');
    await owner.context().close();
  });
});
