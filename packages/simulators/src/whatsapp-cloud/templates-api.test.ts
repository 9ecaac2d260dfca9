import { timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { metaSignature } from '../signatures.js';
import { startWhatsappCloudSimulator } from './simulator.js';

const APP_SECRET = 'tpl-app-secret';
const TOKEN = 'tpl-token';
const WABA = '102290129349999';
// biome-ignore lint/suspicious/noExplicitAny: webhook JSON in assertions
type J = any;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup() {
  const received: { field: string; value: J; signatureOk: boolean }[] = [];
  const receiver = Fastify();
  receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
    done(null, body),
  );
  receiver.post('/webhook', async (req) => {
    const raw = req.body as Buffer;
    const expected = Buffer.from(metaSignature(APP_SECRET, raw));
    const given = Buffer.from(String(req.headers['x-hub-signature-256'] ?? ''));
    const signatureOk = given.length === expected.length && timingSafeEqual(given, expected);
    for (const e of JSON.parse(raw.toString()).entry)
      for (const c of e.changes) received.push({ field: c.field, value: c.value, signatureOk });
    return 'ok';
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => receiver.close());
  const addr = receiver.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const sim = await startWhatsappCloudSimulator({ webhookRetry: { attempts: 2, baseDelayMs: 5 } });
  cleanups.push(() => sim.close());
  sim.registerNumber({
    phoneNumberId: '106540352249999',
    wabaId: WABA,
    displayPhoneNumber: '6281100009999',
    accessToken: TOKEN,
    appSecret: APP_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/webhook`,
  });
  const graph = async (method: string, path: string, body?: unknown, token = TOKEN) => {
    const res = await fetch(`${sim.graphBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as J };
  };
  const control = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const waitFor = async <T>(fn: () => T | undefined, what: string): Promise<T> => {
    const start = Date.now();
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { sim, graph, control, received, waitFor };
}

const template = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  language: 'id',
  category: 'UTILITY',
  allow_category_change: true,
  components: [{ type: 'BODY', text: 'Halo {{1}}', example: { body_text: [['Budi']] } }],
  ...extra,
});

describe('template management API', () => {
  it('creates a pending template, approves it after the delay with a signed status webhook, lists it', async () => {
    const { graph, control, received, waitFor } = await setup();
    expect((await control('/simulator/template-review', { delayMs: 20, outcome: 'approve' })).status).toBe(
      200,
    );
    const created = await graph('POST', `/${WABA}/message_templates`, template('info_pesanan'));
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^\d+$/),
      status: 'PENDING',
      category: 'UTILITY',
    });
    const update = await waitFor(
      () => received.find((r) => r.field === 'message_template_status_update'),
      'status webhook',
    );
    expect(update.signatureOk).toBe(true);
    expect(update.value).toMatchObject({
      event: 'APPROVED',
      message_template_id: Number(created.json.id),
      message_template_name: 'info_pesanan',
      message_template_language: 'id',
      reason: 'NONE',
      message_template_category: 'UTILITY',
    });
    const list = await graph('GET', `/${WABA}/message_templates?limit=10`);
    expect(list.json.data).toEqual([
      expect.objectContaining({
        id: created.json.id,
        name: 'info_pesanan',
        status: 'APPROVED',
        category: 'UTILITY',
      }),
    ]);
    expect(list.json.paging.cursors).toBeDefined();
  });

  it('rejects with the configured reason; a per-name review overrides the default', async () => {
    const { graph, control, received, waitFor } = await setup();
    await control('/simulator/template-review', { delayMs: 5, outcome: 'approve' });
    await control('/simulator/template-review', {
      name: 'promo_buruk',
      delayMs: 5,
      outcome: 'reject',
      reason: 'ABUSIVE_CONTENT',
    });
    await graph('POST', `/${WABA}/message_templates`, template('promo_buruk', { category: 'MARKETING' }));
    const update = await waitFor(
      () => received.find((r) => r.field === 'message_template_status_update'),
      'status',
    );
    expect(update.value).toMatchObject({ event: 'REJECTED', reason: 'ABUSIVE_CONTENT' });
    const list = await graph('GET', `/${WABA}/message_templates?status=REJECTED`);
    expect(list.json.data[0]).toMatchObject({ name: 'promo_buruk', rejected_reason: 'ABUSIVE_CONTENT' });
  });

  it('changes the category: template_category_update, then APPROVED in the new category', async () => {
    const { graph, control, received, waitFor } = await setup();
    await control('/simulator/template-review', {
      delayMs: 5,
      outcome: 'change_category',
      category: 'MARKETING',
    });
    await graph('POST', `/${WABA}/message_templates`, template('diskon_akhir'));
    await waitFor(() => received.find((r) => r.field === 'message_template_status_update'), 'status');
    const category = received.find((r) => r.field === 'template_category_update');
    expect(category?.value).toMatchObject({ previous_category: 'UTILITY', new_category: 'MARKETING' });
    expect(received.find((r) => r.field === 'message_template_status_update')?.value).toMatchObject({
      event: 'APPROVED',
      message_template_category: 'MARKETING',
    });
  });

  it.each([
    ['an uppercase name', template('Promo'), 100],
    ['no category', template('tanpa_kategori', { category: 'PROMO' }), 100],
    ['no body', template('tanpa_isi', { components: [{ type: 'FOOTER', text: 'x' }] }), 100],
    [
      'a variable without an example',
      template('tanpa_contoh', { components: [{ type: 'BODY', text: 'Halo {{1}}' }] }),
      100,
    ],
  ])('refuses %s with a Graph error', async (_name, body, code) => {
    const { graph } = await setup();
    const res = await graph('POST', `/${WABA}/message_templates`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(code);
  });

  it('refuses a duplicate name and language, a deleted name for 30 days, and another WABA token', async () => {
    const { graph, control } = await setup();
    await control('/simulator/template-review', { delayMs: 60_000 });
    expect((await graph('POST', `/${WABA}/message_templates`, template('sekali'))).status).toBe(200);
    const dup = await graph('POST', `/${WABA}/message_templates`, template('sekali'));
    expect(dup.json.error.error_subcode).toBe(2388024);
    expect((await graph('DELETE', `/${WABA}/message_templates?name=sekali`)).json).toEqual({ success: true });
    const again = await graph('POST', `/${WABA}/message_templates`, template('sekali'));
    expect(again.json.error.error_subcode).toBe(2388023);
    expect((await graph('DELETE', `/${WABA}/message_templates?name=tidak_ada`)).status).toBe(400);
    expect((await graph('GET', `/${WABA}/message_templates`, undefined, 'other-token')).status).toBe(401);
  });

  it('an edit goes back to PENDING and is reviewed again', async () => {
    const { graph, control, received, waitFor } = await setup();
    await control('/simulator/template-review', { delayMs: 5, outcome: 'reject' });
    const created = await graph('POST', `/${WABA}/message_templates`, template('ubah_saya'));
    await waitFor(() => received.find((r) => r.value.event === 'REJECTED'), 'rejected');
    await control('/simulator/template-review', { delayMs: 5, outcome: 'approve' });
    const edited = await graph('POST', `/${created.json.id}`, {
      components: [{ type: 'BODY', text: 'Halo, terima kasih' }],
    });
    expect(edited.json).toEqual({ success: true });
    await waitFor(() => received.find((r) => r.value.event === 'APPROVED'), 'approved after edit');
  });

  it('a control route pauses a template now', async () => {
    const { graph, control, received, waitFor } = await setup();
    await control('/simulator/template-review', { delayMs: 60_000 });
    await graph('POST', `/${WABA}/message_templates`, template('dijeda'));
    const res = await control('/simulator/templates/status', {
      wabaId: WABA,
      name: 'dijeda',
      status: 'PAUSED',
    });
    expect(res.status).toBe(200);
    await waitFor(() => received.find((r) => r.value.event === 'PAUSED'), 'paused');
    expect(
      (await control('/simulator/templates/status', { wabaId: WABA, name: 'x', status: 'PAUSED' })).status,
    ).toBe(404);
  });

  it.each([
    ['PENDING', 132001],
    ['PAUSED', 132015],
    ['DISABLED', 132016],
  ])(
    'refuses to send a %s template (%i); sends it once approved; unknown templates pass',
    async (status, code) => {
      const { graph, control } = await setup();
      await control('/simulator/template-review', { delayMs: 60_000 });
      await graph('POST', `/${WABA}/message_templates`, template('kirim_uji'));
      if (status !== 'PENDING')
        await control('/simulator/templates/status', { wabaId: WABA, name: 'kirim_uji', status });
      const send = (name: string) =>
        graph('POST', '/106540352249999/messages', {
          messaging_product: 'whatsapp',
          to: '6281277260009',
          type: 'template',
          template: { name, language: { code: 'id' } },
        });
      const refused = await send('kirim_uji');
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe(code);
      await control('/simulator/templates/status', { wabaId: WABA, name: 'kirim_uji', status: 'APPROVED' });
      expect((await send('kirim_uji')).status).toBe(200);
      expect((await send('tidak_dikenal')).status).toBe(200);
    },
  );
});
