import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { openTicketsMatching, pageApi } from './support/customers.js';
import { signIn } from './support/journey.js';

/**
 * 001 §3 quick replies, 000 §2 macros: the owner creates a quick reply and a macro in the chat settings; an
 * agent in a WhatsApp chat inserts the quick reply with "/" and applies the macro (reply sent to the
 * customer, priority and tag set, chat resolved).
 */
const url = inject('sapaUrl');
const customerPageUrl = inject('customerPageUrl');
const CUSTOMER = '6281277008899';
let browser: Browser;
let owner: Page;
let agent: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, { width: 1440 })).newPage();
  agent = await (await newContext(browser, { width: 1440 })).newPage();
  customer = await (await newContext(browser, { locale: 'en-US' })).newPage();
});
afterAll(() => browser.close());

describe('quick replies and macros', () => {
  it('the owner creates a quick reply and a macro; an agent inserts the reply with "/" and applies the macro', async () => {
    // The owner: chat settings → quick replies.
    await signIn(owner, url, 'owner@demo.sapa.id');
    await owner.goto(`${url}/customer-service/chat-setting`);
    await owner.getByRole('tab', { name: 'Balasan cepat' }).waitFor();
    await owner.getByRole('button', { name: 'Tambah balasan cepat' }).click();
    const replyForm = owner.getByRole('dialog', { name: 'Balasan cepat baru' });
    await replyForm.getByLabel('Judul').fill('Ongkir Jakarta');
    await replyForm.getByLabel('Isi').fill('Halo {{name}}, ongkir ke Jakarta Rp10.000 ya.');
    await replyForm.getByRole('button', { name: 'Simpan' }).click();
    await replyForm.waitFor({ state: 'hidden' });
    await owner.getByRole('listitem').filter({ hasText: '/Ongkir Jakarta' }).waitFor();
    // A second one with the same title in another case is refused.
    await owner.getByRole('button', { name: 'Tambah balasan cepat' }).click();
    await replyForm.getByLabel('Judul').fill('ongkir jakarta');
    await replyForm.getByLabel('Isi').fill('Lain');
    await replyForm.getByRole('button', { name: 'Simpan' }).click();
    await replyForm.getByText('Judul duplikat: entri lain sudah memakai judul ini.').waitFor();
    await screenshot(owner, 'chat-setting-quick-reply-duplicate-id');
    await replyForm.getByRole('button', { name: 'Batal' }).click();
    await screenshot(owner, 'chat-setting-quick-replies-id');

    // Macros: reply, priority High, tag, resolve.
    await owner.getByRole('tab', { name: 'Makro' }).click();
    await owner.getByRole('button', { name: 'Tambah makro' }).click();
    const macroForm = owner.getByRole('dialog', { name: 'Makro baru' });
    await macroForm.getByLabel('Nama').fill('Pesanan dikirim');
    await macroForm.getByLabel('Deskripsi').fill('Kabari pelanggan lalu selesaikan');
    await macroForm
      .getByRole('textbox', { name: 'Teks pesan' })
      .fill('Pesanan {{name}} sudah dikirim, terima kasih!');
    // Issue 16 §9: trying another type and coming back keeps what was typed.
    const messageAction = macroForm.getByTestId('macro-action').first();
    await messageAction.getByLabel('Aksi', { exact: true }).click();
    await owner.getByRole('option', { name: 'Atur prioritas' }).click();
    await messageAction.getByLabel('Aksi', { exact: true }).click();
    await owner.getByRole('option', { name: 'Kirim pesan atau catatan' }).click();
    expect(await macroForm.getByRole('textbox', { name: 'Teks pesan' }).inputValue()).toBe(
      'Pesanan {{name}} sudah dikirim, terima kasih!',
    );
    await macroForm.getByRole('button', { name: 'Tambah aksi' }).click(); // priority (High by default)
    await macroForm.getByRole('button', { name: 'Tambah aksi' }).click();
    const tagAction = macroForm.getByTestId('macro-action').nth(2);
    await tagAction.getByLabel('Aksi', { exact: true }).click();
    await owner.getByRole('option', { name: 'Tambah tag' }).click();
    await tagAction.getByLabel('Tag', { exact: true }).fill('dikirim');
    await tagAction.getByLabel('Tag', { exact: true }).press('Enter');
    await macroForm.getByRole('button', { name: 'Tambah aksi' }).click();
    const resolveAction = macroForm.getByTestId('macro-action').nth(3);
    await resolveAction.getByLabel('Aksi', { exact: true }).click();
    await owner.getByRole('option', { name: 'Selesaikan chat' }).click();
    await screenshot(owner, 'chat-setting-macro-editor-id');
    await macroForm.getByRole('button', { name: 'Simpan' }).click();
    await macroForm.waitFor({ state: 'hidden' });
    await owner.getByRole('listitem').filter({ hasText: 'Pesanan dikirim' }).waitFor();
    await screenshot(owner, 'chat-setting-macros-id');

    // The customer writes in.
    await customer.goto(customerPageUrl);
    await customer.getByLabel('Your phone number').fill(CUSTOMER);
    await customer.getByLabel('Your name').fill('Dewi Makro');
    await customer.getByLabel('Message').fill('Halo, ongkir ke Jakarta berapa?');
    await customer.getByRole('button', { name: 'Send' }).click();

    // The chat goes to the agent (a CS agent replies to chats assigned to them).
    await signIn(agent, url, 'agent1@demo.sapa.id');
    const me = await pageApi<{ user: { id: string } }>(agent, 'GET', '/api/users/me');
    let ticketId = '';
    await expect
      .poll(async () => {
        ticketId = (await openTicketsMatching(owner, 'Dewi Makro'))[0]?.id ?? '';
        return ticketId;
      })
      .not.toBe('');
    await pageApi(owner, 'POST', `/api/tickets/${ticketId}/assign`, { assigneeId: me.user.id });

    await agent.goto(`${url}/customer-service/inbox?referenceId=${ticketId}`);
    const history = agent.getByRole('log', { name: 'Riwayat chat' });
    await history.getByText('Halo, ongkir ke Jakarta berapa?').waitFor();

    // "/" opens the quick replies; arrows and Enter insert the content with the contact's name.
    const composer = agent
      .getByRole('combobox', { name: 'Tulis pesan' })
      .or(agent.getByRole('textbox', { name: 'Tulis pesan' }));
    await composer.fill('/ongkir');
    const menu = agent.getByTestId('quick-reply-menu');
    await menu.getByRole('option', { name: /Ongkir Jakarta/ }).waitFor();
    await screenshot(agent, 'inbox-quick-reply-menu-id');
    await composer.press('ArrowDown');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('Halo Dewi Makro, ongkir ke Jakarta Rp10.000 ya.');
    await menu.waitFor({ state: 'hidden' });
    await composer.press('Enter');
    await customer
      .getByRole('listitem')
      .filter({ hasText: 'Halo Dewi Makro, ongkir ke Jakarta Rp10.000 ya.' })
      .waitFor();

    // On a phone the composer keeps its buttons and the "/" menu fits.
    await agent.setViewportSize({ width: 390, height: 844 });
    await composer.fill('/');
    await menu.getByRole('option', { name: /Ongkir Jakarta/ }).waitFor();
    await screenshot(agent, 'inbox-quick-reply-menu-390-id');
    await composer.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await composer.fill('');
    await agent.setViewportSize({ width: 1440, height: 860 });

    // The macro: search, preview, apply; each action's result is shown.
    await agent.getByRole('button', { name: 'Terapkan makro' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Terapkan makro' });
    await dialog.getByRole('textbox', { name: 'Cari makro' }).fill('dikirim');
    await dialog.getByRole('option', { name: /Pesanan dikirim/ }).click();
    const preview = dialog.getByTestId('macro-preview');
    await preview.getByText('Atur prioritas ke Tinggi').waitFor();
    await preview.getByText('Selesaikan chat').waitFor();
    // Issue 16 §9: the preview shows the message as it will go, {{name}} filled for this chat.
    await preview.getByText('Kirim: Pesanan Dewi Makro sudah dikirim, terima kasih!').waitFor();
    await screenshot(agent, 'inbox-macro-preview-id');
    await dialog.getByRole('button', { name: 'Terapkan Pesanan dikirim' }).click();
    // Each action's result is reported (in a notification: the resolved chat closes its composer).
    const result = agent.getByTestId('macro-result');
    await result.waitFor();
    expect(await result.getByRole('listitem').count()).toBe(4);
    await screenshot(agent, 'inbox-macro-result-id');

    await customer
      .getByRole('listitem')
      .filter({ hasText: 'Pesanan Dewi Makro sudah dikirim, terima kasih!' })
      .waitFor();
    const ticket = await pageApi<{ status: string; priority: number; tags: string[] }>(
      owner,
      'GET',
      `/api/tickets/${ticketId}`,
    );
    expect(ticket).toMatchObject({ status: 'resolved', priority: 1, tags: ['dikirim'] });
  });

  it('the owner builds a ticket form; in a chat its mandatory field and email CC are checked, then it is saved', async () => {
    await owner.goto(`${url}/customer-service/chat-setting?tab=fields`);
    const addField = async (title: string, type: string, options: string[] = []) => {
      await owner.getByRole('button', { name: 'Tambah kolom' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Kolom baru' });
      await dialog.getByLabel('Judul').fill(title);
      await dialog.getByLabel('Tipe', { exact: true }).click();
      await owner.getByRole('option', { name: type, exact: true }).click();
      for (const option of options) {
        await dialog.getByLabel(/^Pilihan/).fill(option);
        await dialog.getByLabel(/^Pilihan/).press('Enter');
      }
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addField('No. pesanan', 'Teks');
    await addField('Kurir', 'Pilihan tunggal', ['JNE', 'SiCepat']);
    await owner.getByRole('listitem').filter({ hasText: 'Kurir' }).waitFor();
    await owner.getByRole('tab', { name: 'Formulir tiket' }).click();
    await owner.getByRole('button', { name: 'Tambah formulir' }).click();
    const formDialog = owner.getByRole('dialog', { name: 'Formulir baru' });
    await formDialog.getByLabel('Nama').fill('Pengiriman');
    for (const field of ['No. pesanan', 'Kurir']) {
      await formDialog.getByLabel('Tambah kolom', { exact: true }).click();
      await owner.getByRole('option', { name: new RegExp(`^${field.replace('.', '\\.')}`) }).click();
    }
    await formDialog.getByRole('checkbox', { name: 'Wajib' }).first().check();
    await screenshot(owner, 'chat-setting-form-editor-id');
    await formDialog.getByRole('button', { name: 'Simpan' }).click();
    await formDialog.waitFor({ state: 'hidden' });
    await owner.getByRole('listitem').filter({ hasText: 'Pengiriman' }).waitFor();

    // The customer writes again: a new chat, which the owner handles.
    await customer.getByLabel('Message').fill('Paket saya belum sampai');
    await customer.getByRole('button', { name: 'Send' }).click();
    let ticketId = '';
    await expect
      .poll(async () => {
        const list = await pageApi<{ items: { id: string; status: string }[] }>(
          owner,
          'GET',
          '/api/inbox/tickets?tab=unassigned&search=Dewi%20Makro',
        );
        ticketId = list.items[0]?.id ?? '';
        return ticketId;
      })
      .not.toBe('');
    await owner.goto(`${url}/customer-service/inbox?referenceId=${ticketId}`);
    const section = owner.getByTestId('ticket-form-section');
    await section.getByLabel('Formulir', { exact: true }).click();
    await owner.getByRole('option', { name: 'Pengiriman' }).click();
    await section.getByLabel('No. pesanan').waitFor();
    await section.getByLabel('Email Cc').fill('gudang@toko.id, bukan-email');
    await section.getByRole('button', { name: 'Simpan formulir' }).click();
    await section.getByText('Format Email Cc tidak valid: pisahkan hingga 20 alamat dengan koma.').waitFor();
    await section.getByText('Kolom ini wajib diisi').waitFor();
    await screenshot(owner, 'inbox-ticket-form-errors-id');
    await section.getByLabel('Email Cc').fill('gudang@toko.id, admin@toko.id');
    await section.getByLabel('No. pesanan').fill('INV-2026-001');
    await section.getByLabel('Kurir').click();
    await owner.getByRole('option', { name: 'SiCepat' }).click();
    await section.getByRole('button', { name: 'Simpan formulir' }).click();
    await owner.getByText('Info formulir disimpan').waitFor();
    await screenshot(owner, 'inbox-ticket-form-saved-id');
    const state = await pageApi<{
      form: { title: string } | null;
      emailCc: string;
      values: Record<string, unknown>;
    }>(owner, 'GET', `/api/tickets/${ticketId}/form`);
    expect(state.form?.title).toBe('Pengiriman');
    expect(state.emailCc).toBe('gudang@toko.id, admin@toko.id');
    expect(Object.values(state.values).sort()).toEqual(['INV-2026-001', 'SiCepat']);
    // Leave no open chat behind for the journeys that follow (play mode takes the oldest waiting chat).
    await pageApi(owner, 'POST', `/api/tickets/${ticketId}/resolve`, {});
  });

  it('the chat settings read well in English and on a phone', async () => {
    await owner.evaluate(() => localStorage.setItem('sapa.language', 'en'));
    await owner.goto(`${url}/customer-service/chat-setting?tab=macros`);
    await owner.getByRole('tab', { name: 'Macros' }).waitFor();
    await owner.getByRole('listitem').filter({ hasText: 'Pesanan dikirim' }).waitFor();
    await screenshot(owner, 'chat-setting-macros-en');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.goto(`${url}/customer-service/chat-setting`);
    await owner.getByRole('listitem').filter({ hasText: '/Ongkir Jakarta' }).waitFor();
    await screenshot(owner, 'chat-setting-quick-replies-390-en');
    await owner.evaluate(() => localStorage.setItem('sapa.language', 'id'));
    await owner.goto(`${url}/customer-service/chat-setting?tab=forms`);
    await owner.getByRole('listitem').filter({ hasText: 'Pengiriman' }).waitFor();
    await screenshot(owner, 'chat-setting-forms-390-id');
  });
});
