import { randomUUID } from 'node:crypto';
import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type makeBusiness } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { openWhatsappTicket, startInboxPanelServer } from '../../../test/ticket-fixtures.js';

/** Ticket forms, fields, a ticket's form state (000 §3, §5 email Cc, §7, §8) and time tracking (000 §3, §7). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;

beforeAll(async () => {
  ({
    server,
    biz,
    owner,
    agent,
    otherOwner,
    accountId,
    extraMember: contactOnly,
  } = await startInboxPanelServer('Formulir', {
    featureAccess: featureStringFrom(['CONTACT']),
    csPosition: null,
  }));
});
afterAll(() => server.close());

function api(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  tokens: TokenPair,
  payload?: unknown,
  lang = 'en',
) {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function field(body: Record<string, unknown>, tokens = owner) {
  const res = await api('POST', '/api/ticket-fields', tokens, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; title: string; type: string; options: string[] };
}

const newTicket = () =>
  openWhatsappTicket(server.deps.db, { clientId: biz.clientId, channelAccountId: accountId });

describe('ticket fields', () => {
  it('are created with their type and options, paged, read and edited (the type is fixed)', async () => {
    const kinds = [
      { title: 'Nomor pesanan', type: 'text' },
      { title: 'Jumlah barang', type: 'number' },
      { title: 'Tanggal kirim', type: 'date' },
      { title: 'Kurir', type: 'select', options: ['JNE', 'SiCepat'] },
      { title: 'Masalah', type: 'multi-select', options: ['Rusak', 'Telat', 'Salah'] },
      { title: 'Sudah refund', type: 'checkbox', options: ['diabaikan'] },
    ];
    const created = [];
    for (const k of kinds) created.push(await field(k));
    expect(created.at(-1)).toMatchObject({ type: 'checkbox', options: [] });
    const page = await api('GET', '/api/ticket-fields?page=2&pageSize=4', agent);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 2, totalRecord: 6, totalPages: 2 });
    expect(page.json().contents).toHaveLength(2);
    const one = await api('GET', `/api/ticket-fields/${created[3]!.id}`, agent);
    expect(one.json()).toEqual(created[3]);
    const edited = await api('PUT', `/api/ticket-fields/${created[3]!.id}`, owner, {
      title: 'Kurir pengiriman',
      type: 'select',
      options: ['JNE', 'SiCepat', 'AnterAja'],
    });
    expect(edited.json()).toMatchObject({
      title: 'Kurir pengiriman',
      options: ['JNE', 'SiCepat', 'AnterAja'],
    });
    const retyped = await api('PUT', `/api/ticket-fields/${created[0]!.id}`, owner, {
      title: 'X',
      type: 'number',
    });
    expect(retyped.json()).toMatchObject({ statusCode: 400, code: 'ticketForm.typeFixed' });
  });

  it('refuses a select without options, a duplicate title (409), agents (403) and other businesses (404)', async () => {
    const noOptions = await api('POST', '/api/ticket-fields', owner, { title: 'Pilih', type: 'select' });
    expect(noOptions.json()).toMatchObject({ statusCode: 400, message: 'Add at least one option' });
    const twice = await api('POST', '/api/ticket-fields', owner, {
      title: 'Pilih',
      type: 'select',
      options: ['a', 'A'],
    });
    expect(twice.json()).toMatchObject({ statusCode: 400, message: 'An option is listed twice' });
    const f = await field({ title: 'Catatan gudang', type: 'text' });
    const dup = await api('POST', '/api/ticket-fields', owner, { title: 'CATATAN GUDANG', type: 'number' });
    expect(dup.json()).toMatchObject({ statusCode: 409, code: 'library.titleTaken' });
    expect((await api('POST', '/api/ticket-fields', agent, { title: 'Agen', type: 'text' })).statusCode).toBe(
      403,
    );
    expect((await api('GET', '/api/ticket-fields', contactOnly)).statusCode).toBe(403);
    expect((await api('GET', `/api/ticket-fields/${f.id}`, otherOwner)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/api/ticket-fields/${f.id}`, otherOwner, { title: 'X', type: 'text' })).statusCode,
    ).toBe(404);
  });
});

describe('ticket forms and a ticket form state', () => {
  it('a form groups fields; an agent saves a ticket form with priority, category, email CC and values', async () => {
    const order = await field({ title: 'No. order', type: 'text' });
    const qty = await field({ title: 'Qty', type: 'number' });
    const courier = await field({ title: 'Ekspedisi', type: 'select', options: ['JNE', 'J&T'] });
    const issues = await field({ title: 'Kendala', type: 'multi-select', options: ['Rusak', 'Telat'] });
    const created = await api('POST', '/api/ticket-forms', owner, {
      title: 'Komplain pengiriman',
      description: 'Untuk paket bermasalah',
      fields: [
        { fieldId: order.id, mandatory: true },
        { fieldId: qty.id, mandatory: false },
        { fieldId: courier.id, mandatory: true },
        { fieldId: issues.id, mandatory: false },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const form = created.json();
    expect(form.fields.map((f: { title: string; mandatory: boolean }) => [f.title, f.mandatory])).toEqual([
      ['No. order', true],
      ['Qty', false],
      ['Ekspedisi', true],
      ['Kendala', false],
    ]);
    const list = await api('GET', '/api/ticket-forms', agent);
    expect(list.json().items).toContainEqual({
      id: form.id,
      title: 'Komplain pengiriman',
      description: 'Untuk paket bermasalah',
      fieldCount: 4,
    });
    expect((await api('GET', `/api/ticket-forms/${form.id}`, agent)).json()).toEqual(form);
    const category = (await api('POST', '/api/ticket-categories', owner, { name: 'Pengiriman form' })).json();

    const { ticketId } = await newTicket();
    const empty = await api('GET', `/api/tickets/${ticketId}/form`, agent);
    expect(empty.json()).toEqual({
      ticketId,
      form: null,
      chatPriority: 3,
      chatCategoryId: null,
      emailCc: '',
      values: {},
      updatedAt: null,
    });
    const saved = await api('PUT', `/api/tickets/${ticketId}/form`, agent, {
      ticketFormId: form.id,
      chatPriority: 1,
      chatCategoryId: category.id,
      emailCc: ' gudang@toko.id, Admin@Toko.id ,, admin@toko.id ',
      values: {
        [order.id]: 'INV-001',
        [qty.id]: 2,
        [courier.id]: 'J&T',
        [issues.id]: ['Rusak'],
        [randomUUID()]: 'x',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      form: { id: form.id },
      chatPriority: 1,
      chatCategoryId: category.id,
      emailCc: 'gudang@toko.id, Admin@Toko.id',
      values: { [order.id]: 'INV-001', [qty.id]: 2, [courier.id]: 'J&T', [issues.id]: ['Rusak'] },
    });
    expect(Object.keys(saved.json().values)).toHaveLength(4);
    const ticket = await api('GET', `/api/tickets/${ticketId}`, owner);
    expect(ticket.json()).toMatchObject({ priority: 1, categoryId: category.id });

    // Removing a field from the form keeps the form; a deleted form leaves the ticket without one.
    expect((await api('DELETE', `/api/ticket-forms/${form.id}`, owner)).json()).toEqual({ ok: true });
    const after = await api('GET', `/api/tickets/${ticketId}/form`, agent);
    expect(after.json()).toMatchObject({ form: null, chatPriority: 1 });
  });

  it('refuses a bad email CC, empty mandatory fields and values that do not fit (400, nothing saved)', async () => {
    const must = await field({ title: 'Wajib isi', type: 'text' });
    const day = await field({ title: 'Tanggal', type: 'date' });
    const form = (
      await api('POST', '/api/ticket-forms', owner, {
        title: 'Form wajib',
        fields: [
          { fieldId: must.id, mandatory: true },
          { fieldId: day.id, mandatory: false },
        ],
      })
    ).json();
    const { ticketId } = await newTicket();
    const base = { ticketFormId: form.id, chatPriority: 2, chatCategoryId: null };
    const cc = await api('PUT', `/api/tickets/${ticketId}/form`, agent, {
      ...base,
      emailCc: 'ok@toko.id, bukan-email',
      values: { [must.id]: 'ada' },
    });
    expect(cc.statusCode).toBe(400);
    expect(cc.json()).toMatchObject({
      code: 'ticketForm.emailCcInvalid',
      fields: { emailCc: 'Email Cc format is invalid: separate up to 20 addresses with commas.' },
    });
    const missing = await api(
      'PUT',
      `/api/tickets/${ticketId}/form`,
      agent,
      { ...base, emailCc: '', values: {} },
      'id',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'ticketForm.saveFailed',
      message: 'Gagal menyimpan info formulir. Periksa kolom lalu coba lagi.',
      fields: { [`values.${must.id}`]: 'Kolom ini wajib diisi' },
    });
    const badDate = await api('PUT', `/api/tickets/${ticketId}/form`, agent, {
      ...base,
      values: { [must.id]: 'ada', [day.id]: '2026-02-30' },
    });
    expect(badDate.json()).toMatchObject({
      statusCode: 400,
      fields: { [`values.${day.id}`]: 'This value does not fit the field' },
    });
    const gone = await api('PUT', `/api/tickets/${ticketId}/form`, agent, {
      ...base,
      ticketFormId: randomUUID(),
    });
    expect(gone.json()).toMatchObject({ statusCode: 400, code: 'ticketForm.formNotFound' });
    const unchanged = await api('GET', `/api/tickets/${ticketId}/form`, agent);
    expect(unchanged.json()).toMatchObject({ form: null, chatPriority: 3, updatedAt: null });
  });

  it('refuses agents managing forms (403), users without inbox (403), other businesses (404), duplicates (409)', async () => {
    const f = await field({ title: 'Form lain field', type: 'checkbox' });
    const body = { title: 'Form A', fields: [{ fieldId: f.id, mandatory: false }] };
    const form = (await api('POST', '/api/ticket-forms', owner, body)).json();
    expect((await api('POST', '/api/ticket-forms', owner, { ...body, title: 'form a' })).statusCode).toBe(
      409,
    );
    expect((await api('POST', '/api/ticket-forms', agent, { ...body, title: 'Agen' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/ticket-forms/${form.id}`, agent, body)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/ticket-forms/${form.id}`, agent)).statusCode).toBe(403);
    expect((await api('GET', '/api/ticket-forms', contactOnly)).statusCode).toBe(403);
    expect((await api('GET', `/api/ticket-forms/${form.id}`, otherOwner)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/ticket-forms/${form.id}`, otherOwner)).statusCode).toBe(404);
    // Another business's field cannot be put on a form.
    const theirs = (
      await api('POST', '/api/ticket-fields', otherOwner, { title: 'Milik lain', type: 'text' })
    ).json();
    const foreignField = await api('POST', '/api/ticket-forms', owner, {
      title: 'Curang',
      fields: [{ fieldId: theirs.id, mandatory: false }],
    });
    expect(foreignField.json()).toMatchObject({ statusCode: 400, code: 'ticketForm.fieldNotFound' });
    const { ticketId } = await newTicket();
    const save = { ticketFormId: null, chatPriority: 1, chatCategoryId: null, emailCc: '', values: {} };
    expect((await api('PUT', `/api/tickets/${ticketId}/form`, otherOwner, save)).statusCode).toBe(404);
    expect((await api('PUT', `/api/tickets/${ticketId}/form`, contactOnly, save)).statusCode).toBe(403);
    expect((await api('GET', `/api/tickets/${ticketId}/form`, otherOwner)).statusCode).toBe(404);
  });
});

describe('time tracking', () => {
  it('records seconds per ticket and agent once per entry, and answers the totals', async () => {
    const { ticketId } = await newTicket();
    const start = Date.now() - 90_000;
    const entry = {
      id: randomUUID(),
      kind: 'update_ticket',
      startedAt: start,
      endedAt: start + 60_000,
      durationInSecond: 45,
    };
    const first = await api('POST', `/api/tickets/${ticketId}/time-tracking`, agent, entry);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ totalSeconds: 45, mySeconds: 45 });
    // The same entry again (a retried request) is counted once.
    expect((await api('POST', `/api/tickets/${ticketId}/time-tracking`, agent, entry)).json()).toEqual({
      totalSeconds: 45,
      mySeconds: 45,
    });
    const byOwner = await api('POST', `/api/tickets/${ticketId}/time-tracking`, owner, {
      ...entry,
      id: randomUUID(),
      kind: 'create_ticket',
      durationInSecond: 30,
    });
    expect(byOwner.json()).toEqual({ totalSeconds: 75, mySeconds: 30 });
    expect((await api('GET', `/api/tickets/${ticketId}/time-tracking`, agent)).json()).toEqual({
      totalSeconds: 75,
      mySeconds: 45,
    });
  });

  it('refuses a duration longer than the time between start and end, other businesses and non-agents', async () => {
    const { ticketId } = await newTicket();
    const start = Date.now() - 10_000;
    const entry = {
      id: randomUUID(),
      kind: 'update_ticket',
      startedAt: start,
      endedAt: start + 5_000,
      durationInSecond: 60,
    };
    expect((await api('POST', `/api/tickets/${ticketId}/time-tracking`, agent, entry)).statusCode).toBe(400);
    const ok = { ...entry, durationInSecond: 5 };
    expect((await api('POST', `/api/tickets/${ticketId}/time-tracking`, otherOwner, ok)).statusCode).toBe(
      404,
    );
    expect((await api('POST', `/api/tickets/${ticketId}/time-tracking`, contactOnly, ok)).statusCode).toBe(
      403,
    );
    expect((await api('GET', `/api/tickets/${ticketId}/time-tracking`, otherOwner)).statusCode).toBe(404);
  });
});
