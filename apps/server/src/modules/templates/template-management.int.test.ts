import type { ManagedTemplate, TemplateInput, TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import type { makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { startSimulatedBusiness } from '../../../test/whatsapp-simulator.js';
import { broadcastCounters, broadcasts } from '../broadcasts/broadcasts.schema.js';
import { insertTemplates, listApprovedTemplates } from './templates.repository.js';
import { whatsappTemplates } from './templates.schema.js';

/**
 * WhatsApp template management against the simulator's template API (001 §2, §3, §4, §5, §8): create →
 * the simulator reviews → the signed status webhook sets the status; rejected; category changed; edit;
 * delete and the 30-day name block; sync; permissions; another business never sees them.
 */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
const api = apiClient(() => server.app);
const number = {
  phoneNumberId: '106540352246001',
  wabaId: '102290129346001',
  displayPhoneNumber: '6281100006001',
  accessToken: 'sim-access-token-tplmgmt',
  appSecret: 'sim-app-secret-tplmgmt',
};

beforeAll(async () => {
  ({ server, sim, biz, owner, contactOnly, otherOwner, accountId } = await startSimulatedBusiness(
    'Templat Kelola',
    'Templat Lain',
    number,
  ));
  await review({ delayMs: 30, outcome: 'approve' });
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: simulator control JSON in assertions
const simTemplates = (): Promise<any> => fetch(`${sim.url}/simulator/templates`).then((r) => r.json());

async function review(body: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/simulator/template-review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const input = (name: string, patch: Partial<TemplateInput> = {}): TemplateInput => ({
  channelAccountId: accountId,
  name,
  language: 'id',
  category: 'UTILITY',
  subCategory: 'custom',
  body: 'Halo {{nama}}, pesanan {{nomor}} sudah dikirim.',
  templateType: 'manual_variables',
  variables: [
    { name: 'nama', sample: 'Budi', contactField: 'name' },
    { name: 'nomor', sample: '#1042', contactField: null },
  ],
  buttons: [{ type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak' }],
  ...patch,
});

async function create(name: string, patch: Partial<TemplateInput> = {}) {
  const res = await api('POST', '/api/whatsapp-templates', owner, input(name, patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ManagedTemplate;
}

const get = async (id: string) =>
  (await api('GET', `/api/whatsapp-templates/${id}`, owner)).json() as ManagedTemplate;
const untilStatus = (id: string, status: string) =>
  waitFor(async () => {
    const t = await get(id);
    return t.status === status ? t : undefined;
  });

describe('create → review → status webhook', () => {
  it('submits the template pending, then the simulator approves it through the signed webhook', async () => {
    const created = await create('info_pengiriman');
    expect(created).toMatchObject({
      status: 'pending',
      body: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
      providerTemplateId: expect.stringMatching(/^\d+$/),
      templateType: 'manual_variables',
    });
    const submitted = await simTemplates();
    expect(submitted.data).toContainEqual(
      expect.objectContaining({
        name: 'info_pengiriman',
        components: expect.arrayContaining([
          {
            type: 'BODY',
            text: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
            example: { body_text: [['Budi', '#1042']] },
          },
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak' }] },
        ]),
      }),
    );
    const approved = await untilStatus(created.id, 'approved');
    expect(approved.rejectionReason).toBeNull();
    // Broadcasts read approved templates with their variables.
    const forBroadcast = await listApprovedTemplates(server.deps.db, biz.clientId, accountId);
    expect(forBroadcast.map((t) => t.name)).toContain('info_pengiriman');
  });

  it('stores a rejection with its reason; an edit is reviewed again', async () => {
    await review({ name: 'promo_ditolak', delayMs: 20, outcome: 'reject', reason: 'ABUSIVE_CONTENT' });
    const created = await create('promo_ditolak', { category: 'MARKETING' });
    const rejected = await untilStatus(created.id, 'rejected');
    expect(rejected.rejectionReason).toBe('ABUSIVE_CONTENT');

    await review({ name: 'promo_ditolak', delayMs: 20, outcome: 'approve' });
    const edited = await api(
      'PUT',
      `/api/whatsapp-templates/${created.id}`,
      owner,
      input('promo_ditolak', { category: 'MARKETING', body: 'Halo {{1}}, promo {{2}}.' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'pending', body: 'Halo {{1}}, promo {{2}}.' });
    await untilStatus(created.id, 'approved');
  });

  it('keeps the submitted category when the provider changes it', async () => {
    await review({
      name: 'kategori_berubah',
      delayMs: 20,
      outcome: 'change_category',
      category: 'MARKETING',
    });
    const created = await create('kategori_berubah');
    const approved = await untilStatus(created.id, 'approved');
    expect(approved).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
  });

  it('takes a later status change (paused) from the provider', async () => {
    await review({ name: 'akan_dijeda', delayMs: 10, outcome: 'approve' });
    const created = await create('akan_dijeda');
    await untilStatus(created.id, 'approved');
    await fetch(`${sim.url}/simulator/templates/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wabaId: number.wabaId, name: 'akan_dijeda', status: 'PAUSED' }),
    });
    await untilStatus(created.id, 'paused');
  });

  it('ignores a template webhook with a wrong signature', async () => {
    const created = await create('tanda_tangan', { name: 'tanda_tangan' });
    const forged = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: number.wabaId,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'DISABLED',
                message_template_name: 'tanda_tangan',
                message_template_language: 'id',
              },
            },
          ],
        },
      ],
    });
    const res = await server.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${accountId}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: forged,
    });
    expect(res.statusCode).toBe(401);
    expect((await untilStatus(created.id, 'approved')).status).toBe('approved');
  });
});

describe('001 §5 rules at the API', () => {
  it.each([
    [
      { buttons: [{ type: 'URL', text: 'Chat', url: 'https://wa.me/6281234567' }] },
      'buttons.0.url',
      'Tautan langsung wa.me tidak diizinkan',
    ],
    [
      { buttons: [{ type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: '0812345678' }] },
      'buttons.0.phoneNumber',
      'Nomor telepon harus diawali 62 dan terdiri dari 9-13 digit',
    ],
    [{ name: 'Nama Salah' }, 'name', 'Gunakan hanya huruf kecil, angka, dan garis bawah'],
    [{ body: 'x'.repeat(1025), variables: [], templateType: 'static' }, 'body', 'Maksimal 1024 karakter'],
    [
      {
        variables: [
          { name: 'nama', sample: '', contactField: null },
          { name: 'nomor', sample: '1', contactField: null },
        ],
      },
      'variables.0.sample',
      'Contoh isi variabel wajib diisi',
    ],
  ] as const)('%j → 400 %s', async (patch, field, message) => {
    const res = await api(
      'POST',
      '/api/whatsapp-templates',
      owner,
      input('aturan_uji', patch as Partial<TemplateInput>),
      'id',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a duplicate name (409)', async () => {
    await create('nama_ganda');
    const res = await api('POST', '/api/whatsapp-templates', owner, input('nama_ganda', { language: 'en' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'template.nameTaken', message: 'Duplicate template name' });
  });

  it('refuses a name change on edit', async () => {
    const created = await create('nama_tetap');
    const res = await api('PUT', `/api/whatsapp-templates/${created.id}`, owner, input('nama_lain'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('template.nameFixed');
  });
});

describe('delete and the 30-day name block', () => {
  it('deletes at the provider, hides it, and blocks its name', async () => {
    const created = await create('hapus_saya');
    const res = await api('DELETE', `/api/whatsapp-templates/${created.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await api('GET', '/api/whatsapp-templates', owner)).json().items as ManagedTemplate[];
    expect(list.map((t) => t.name)).not.toContain('hapus_saya');
    const atProvider = await simTemplates();
    expect(atProvider.data.map((t: { name: string }) => t.name)).not.toContain('hapus_saya');
    const again = await api('POST', '/api/whatsapp-templates', owner, input('hapus_saya'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'template.nameBlocked',
      message: 'Duplicate template name (wait 30 days after deleting).',
    });
  });

  it.each([
    [29, 409],
    [31, 200],
  ])('a name deleted %i days ago → %i', async (days, status) => {
    const name = `lama_${days}`;
    await insertTemplates(server.deps.db, [
      {
        clientId: biz.clientId,
        id: uuidv7(),
        name,
        language: 'id',
        category: 'UTILITY',
        body: 'x',
        status: 'approved',
        deletedAt: new Date(Date.now() - days * 86_400_000),
      },
    ]);
    const res = await api('POST', '/api/whatsapp-templates', owner, input(name));
    expect(res.statusCode, res.body).toBe(status);
  });
});

describe('sync', () => {
  it('adds templates made at the provider and refreshes statuses', async () => {
    await review({ name: 'dibuat_di_meta', delayMs: 5, outcome: 'approve' });
    const made = await fetch(`${sim.graphBaseUrl}/${number.wabaId}/message_templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${number.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'dibuat_di_meta',
        language: 'id',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Diskon {{1}}!', example: { body_text: [['50%']] } }],
      }),
    });
    expect(made.status).toBe(200);
    await waitFor(async () => {
      const list = await simTemplates();
      return list.data.some(
        (t: { name: string; status: string }) => t.name === 'dibuat_di_meta' && t.status === 'APPROVED',
      );
    });
    const res = await api('POST', '/api/whatsapp-templates/sync', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBeGreaterThanOrEqual(1);
    const [row] = await server.deps.db
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.clientId, biz.clientId), eq(whatsappTemplates.name, 'dibuat_di_meta')));
    expect(row).toMatchObject({
      status: 'approved',
      category: 'MARKETING',
      body: 'Diskon {{1}}!',
      variables: [{ name: 'var1', sample: '50%', contactField: null }],
      templateType: 'manual_variables',
    });
    // A second sync changes nothing it already knows.
    expect((await api('POST', '/api/whatsapp-templates/sync', owner)).json().created).toBe(0);
  });
});

describe('who may manage templates', () => {
  it('refuses a user without WHATSAPP_TEMPLATE (403)', async () => {
    expect((await api('GET', '/api/whatsapp-templates', contactOnly)).statusCode).toBe(403);
    expect((await api('POST', '/api/whatsapp-templates', contactOnly, input('tidak_boleh'))).statusCode).toBe(
      403,
    );
    expect((await api('POST', '/api/whatsapp-templates/sync', contactOnly)).statusCode).toBe(403);
  });

  it('another business sees none of them and cannot touch them (404), nor submit on this account', async () => {
    const mine = await create('milik_sendiri');
    const list = (await api('GET', '/api/whatsapp-templates', otherOwner)).json().items as ManagedTemplate[];
    expect(list).toEqual([]);
    expect((await api('GET', `/api/whatsapp-templates/${mine.id}`, otherOwner)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/api/whatsapp-templates/${mine.id}`, otherOwner, input('milik_sendiri'))).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/api/whatsapp-templates/${mine.id}`, otherOwner)).statusCode).toBe(404);
    const onMyAccount = await api('POST', '/api/whatsapp-templates', otherOwner, input('pinjam_akun'));
    expect(onMyAccount.statusCode).toBe(400);
    expect(onMyAccount.json().code).toBe('template.accountRequired');
    expect((await get(mine.id)).name).toBe('milik_sendiri');
  });
});

describe('template insight per campaign', () => {
  it("gives a campaign's totals and rates; another business and a user without the permission get none", async () => {
    const template = await create('wawasan_kampanye');
    const campaignId = uuidv7();
    await server.deps.db.insert(broadcasts).values({
      clientId: biz.clientId,
      id: campaignId,
      campaignCode: 'WAW',
      channelAccountId: accountId,
      templateId: template.id,
      templateName: template.name,
      templateLanguage: 'id',
      category: 'UTILITY',
      subCategory: 'custom',
      status: 'sent',
      clientRequestId: uuidv7(),
      total: 4,
      startedAt: new Date(),
    });
    await server.deps.db.insert(broadcastCounters).values({
      clientId: biz.clientId,
      broadcastId: campaignId,
      source: 'engine',
      sent: 1,
      delivered: 1,
      read: 1,
      failed: 1,
    });
    const res = await api('GET', `/api/whatsapp-templates/insight?campaignId=${campaignId}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      campaignCode: 'WAW',
      template: { id: template.id, name: 'wawasan_kampanye' },
      totals: { recipients: 4, sent: 3, delivered: 2, read: 1, failed: 1, pending: 0 },
      rates: { delivered: 50, read: 25, failed: 25 },
    });
    expect(
      (await api('GET', `/api/whatsapp-templates/insight?campaignId=${campaignId}`, otherOwner)).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', `/api/whatsapp-templates/insight?campaignId=${campaignId}`, contactOnly)).statusCode,
    ).toBe(403);
    expect(
      (await api('GET', `/api/whatsapp-templates/insight?campaignId=${uuidv7()}`, owner)).statusCode,
    ).toBe(404);
  });
});
