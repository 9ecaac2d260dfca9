import type { AdvancedBroadcastInput, TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { AppError } from '../../platform/http/errors.js';
import { chatCreditWallets } from '../billing/billing.schema.js';
import {
  contactGroupMembers,
  contactGroups,
  contactTagLinks,
  contactTags,
} from '../contacts/contact-groups.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { whatsappTemplates } from '../templates/templates.schema.js';
import { advancedBroadcastRuns, advancedBroadcasts } from './advanced-broadcasts.schema.js';
import { requestIdOf, sendThroughBroadcasts } from './advanced-broadcasts.sending.js';
import {
  type AdvancedBroadcastSending,
  refreshStaleEstimates,
  sendDueAdvancedBroadcasts,
} from './advanced-broadcasts.service.js';

/** Advanced broadcasts (001 §2, §3, §4, §5, §8). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
let contactTemplate: string;
let staticTemplate: string;
let pendingTemplate: string;
let otherTemplate: string;
let vipGroup: string;
const api = apiClient(() => server.app);
const DAY = 86_400_000;

async function template(clientId: string, name: string, contactVariables: boolean, status = 'approved') {
  const id = uuidv7();
  await server.deps.db.insert(whatsappTemplates).values({
    clientId,
    id,
    name,
    language: 'id',
    category: 'MARKETING',
    body: contactVariables ? 'Halo {{1}}, ada promo untukmu' : 'Promo minggu ini',
    variables: contactVariables ? [{ name: 'nama', sample: 'Budi', contactField: 'name' }] : [],
    templateType: contactVariables ? 'contact_variables' : 'static',
    status,
  });
  return id;
}

async function contact(
  clientId: string,
  c: { name: string; phone: string | null; email?: string; birthDate?: string; createdAt?: Date },
) {
  const id = uuidv7();
  await server.deps.db.insert(contacts).values({ clientId, id, ...c });
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Siaran Lanjut');
  other = await makeBusiness(server.deps.db, 'Siaran Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
  contactTemplate = await template(biz.clientId, 'promo_nama', true);
  staticTemplate = await template(biz.clientId, 'promo_statis', false);
  pendingTemplate = await template(biz.clientId, 'promo_tunggu', true, 'pending');
  otherTemplate = await template(other.clientId, 'promo_lain', true);
  const db = server.deps.db;
  const budi = await contact(biz.clientId, {
    name: 'Budi Santoso',
    phone: '6281277280001',
    email: 'budi@contoh.id',
    birthDate: '1990-05-01',
    createdAt: new Date(Date.now() - 40 * DAY),
  });
  const bunga = await contact(biz.clientId, {
    name: 'Bunga Lestari',
    phone: '6281277280002',
    birthDate: '2001-02-03',
  });
  const citra = await contact(biz.clientId, {
    name: 'Citra',
    phone: '6281277280003',
    email: 'citra@contoh.id',
  });
  await contact(biz.clientId, { name: 'Budi Tanpa Nomor', phone: null });
  await contact(other.clientId, { name: 'Budi Lain', phone: '6281277280009' });
  vipGroup = uuidv7();
  await db
    .insert(contactGroups)
    .values({ clientId: biz.clientId, id: vipGroup, name: 'VIP', description: 'Pelanggan VIP' });
  await db.insert(contactGroupMembers).values([
    { clientId: biz.clientId, groupId: vipGroup, contactId: budi },
    { clientId: biz.clientId, groupId: vipGroup, contactId: citra },
  ]);
  const tag = uuidv7();
  await db.insert(contactTags).values({ clientId: biz.clientId, id: tag, name: 'Reseller' });
  await db.insert(contactTagLinks).values({ clientId: biz.clientId, contactId: bunga, tagId: tag });
});
afterAll(async () => {
  await server?.close();
});

const tomorrow = () => new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
const input = (extra: Partial<AdvancedBroadcastInput> = {}): AdvancedBroadcastInput => ({
  name: `Promo ${uuidv7().slice(-6)}`,
  templateId: contactTemplate,
  channelAccountId: accountId,
  rules: [{ variable: 'name', rule: 'contains', value: 'bu' }],
  schedule: { frequency: 'once', date: tomorrow(), time: '09:00' },
  ...extra,
});

describe('recipient rules select contacts with a WhatsApp number (001 §3)', () => {
  it.each<[string, AdvancedBroadcastInput['rules'], number]>([
    ['name contains', [{ variable: 'name', rule: 'contains', value: 'bu' }], 2],
    ['name starts with', [{ variable: 'name', rule: 'starts_with', value: 'bunga' }], 1],
    ['name equals (any case)', [{ variable: 'name', rule: 'equals', value: 'citra' }], 1],
    ['name not equals', [{ variable: 'name', rule: 'not_equals', value: 'citra' }], 2],
    ['email contains', [{ variable: 'email', rule: 'contains', value: 'contoh.id' }], 2],
    ['phone starts with 08…', [{ variable: 'phone', rule: 'starts_with', value: '0812772800' }], 3],
    ['in a group', [{ variable: 'group', rule: 'is', value: '' }], 2],
    ['not in a group', [{ variable: 'group', rule: 'is_not', value: '' }], 1],
    ['has a tag', [{ variable: 'tag', rule: 'is', value: 'reseller' }], 1],
    ['born before', [{ variable: 'birthDate', rule: 'before', value: '2000-01-01' }], 1],
    ['created within 7 days', [{ variable: 'createdAt', rule: 'within_days', value: '7' }], 2],
    [
      'created before',
      [
        {
          variable: 'createdAt',
          rule: 'before',
          value: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10),
        },
      ],
      1,
    ],
    [
      'rules combine',
      [
        { variable: 'name', rule: 'contains', value: 'bu' },
        { variable: 'group', rule: 'is', value: '' },
      ],
      1,
    ],
  ])('%s', async (_, rules, expected) => {
    const filled = rules.map((r) => (r.variable === 'group' ? { ...r, value: vipGroup } : r));
    const res = await api('POST', '/api/advanced-broadcasts/estimate', owner, { rules: filled });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipients).toBe(expected);
  });
});

describe('advanced broadcasts', () => {
  it('validates with the spec messages (001 §5, §8)', async () => {
    const cases: [Partial<AdvancedBroadcastInput>, number, string, string][] = [
      [{ name: 'x'.repeat(31) }, 400, 'name', 'Max 30 Characters'],
      [{ templateId: staticTemplate }, 400, 'templateId', 'The template must contain contact variables.'],
      [{ templateId: otherTemplate }, 400, 'templateId', 'Template is required'],
      [{ rules: [] }, 400, 'rules', 'Add at least one recipient rule.'],
      [
        {
          rules: [
            { variable: 'name', rule: 'contains', value: 'a' },
            { variable: 'name', rule: 'contains', value: 'b' },
          ],
        },
        400,
        'rules.1.rule',
        'The same variable and rule cannot be used twice.',
      ],
      [
        { rules: [{ variable: 'name', rule: 'contains', value: '' }] },
        400,
        'rules.0.value',
        'This field is required',
      ],
      [
        { schedule: { frequency: 'repeat', date: tomorrow(), time: '09:00' } },
        400,
        'schedule.intervalType',
        'This field is required',
      ],
    ];
    for (const [extra, status, field, message] of cases) {
      const res = await api('POST', '/api/advanced-broadcasts', owner, input(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json().fields?.[field], res.body).toBe(message);
    }
    const id = await api(
      'POST',
      '/api/advanced-broadcasts',
      owner,
      input({ templateId: staticTemplate }),
      'id',
    );
    expect(id.json().message).toBe('Template harus berisi variabel kontak.');
  });

  it('is saved inactive with its estimate; names are unique ignoring case', async () => {
    const res = await api('POST', '/api/advanced-broadcasts', owner, input({ name: 'Ulang Tahun' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ulang Tahun',
      status: 'inactive',
      nextRunAt: null,
      estimatedRecipients: 2,
      syncNeeded: false,
      editable: true,
      template: { id: contactTemplate, name: 'promo_nama' },
    });
    const twice = await api('POST', '/api/advanced-broadcasts', owner, input({ name: 'ulang tahun' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Advanced broadcast name already exists.');
    const list = await api('GET', '/api/advanced-broadcasts?search=ulang', owner);
    expect(list.json().items.map((x: { name: string }) => x.name)).toEqual(['Ulang Tahun']);
  });

  it('is activated (next sending scheduled) and deactivated (schedule cancelled); a pending template cannot be activated', async () => {
    const created = (await api('POST', '/api/advanced-broadcasts', owner, input())).json();
    const on = await api('POST', `/api/advanced-broadcasts/${created.id}/activate`, owner);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().status).toBe('waiting');
    expect(on.json().nextRunAt).toBe(Date.parse(`${tomorrow()}T09:00:00+07:00`));
    const today = await api('GET', '/api/advanced-broadcasts?view=today', owner);
    expect(today.json().items.map((x: { id: string }) => x.id)).not.toContain(created.id);
    const off = await api('POST', `/api/advanced-broadcasts/${created.id}/deactivate`, owner);
    expect(off.json()).toMatchObject({ status: 'inactive', nextRunAt: null });

    const pending = (
      await api('POST', '/api/advanced-broadcasts', owner, input({ templateId: pendingTemplate }))
    ).json();
    const refused = await api('POST', `/api/advanced-broadcasts/${pending.id}/activate`, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only an approved template can be broadcast.');
  });

  it('a past one-time schedule cannot be activated or edited (001 §4)', async () => {
    const created = (await api('POST', '/api/advanced-broadcasts', owner, input())).json();
    await server.deps.db
      .update(advancedBroadcasts)
      .set({
        schedule: {
          frequency: 'once',
          intervalType: null,
          interval: 1,
          days: [],
          date: '2020-01-01',
          time: '09:00',
          endDate: null,
        },
      })
      .where(eq(advancedBroadcasts.id, created.id));
    const got = await api('GET', `/api/advanced-broadcasts/${created.id}`, owner);
    expect(got.json().editable).toBe(false);
    const on = await api('POST', `/api/advanced-broadcasts/${created.id}/activate`, owner);
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe('The schedule has passed and cannot be activated.');
    const edit = await api('PUT', `/api/advanced-broadcasts/${created.id}`, owner, input());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('One-time broadcasts and past schedules cannot be edited.');
    expect((await api('DELETE', `/api/advanced-broadcasts/${created.id}`, owner)).json()).toEqual({
      ok: true,
    });
  });

  it('a contact change prompts a sync; sync recounts; the daily refresh recounts stale estimates', async () => {
    const created = (
      await api(
        'POST',
        '/api/advanced-broadcasts',
        owner,
        input({ rules: [{ variable: 'name', rule: 'starts_with', value: 'dewi' }] }),
      )
    ).json();
    expect(created).toMatchObject({ estimatedRecipients: 0, syncNeeded: false });
    await contact(biz.clientId, { name: 'Dewi Sartika', phone: '6281277280004' });
    const prompted = (await api('GET', `/api/advanced-broadcasts/${created.id}`, owner)).json();
    expect(prompted.syncNeeded).toBe(true);
    const synced = (await api('POST', `/api/advanced-broadcasts/${created.id}/sync`, owner)).json();
    expect(synced).toMatchObject({ estimatedRecipients: 1, syncNeeded: false });
    const eligible = (await api('GET', `/api/advanced-broadcasts/${created.id}/contacts`, owner)).json();
    expect(eligible).toEqual({
      total: 1,
      items: [expect.objectContaining({ name: 'Dewi Sartika', phone: '6281277280004' })],
    });

    // Yesterday's estimate is refreshed after 00:00 Asia/Jakarta.
    await contact(biz.clientId, { name: 'Dewi Kedua', phone: '6281277280005' });
    await server.deps.db
      .update(advancedBroadcasts)
      .set({ estimatedAt: new Date(Date.now() - DAY) })
      .where(eq(advancedBroadcasts.id, created.id));
    while (await refreshStaleEstimates(server.deps)) {}
    const refreshed = (await api('GET', `/api/advanced-broadcasts/${created.id}`, owner)).json();
    expect(refreshed.estimatedRecipients).toBe(2);
  });

  it('sends each due occurrence once, then waits for the next or ends as sent / credits insufficient', async () => {
    const sent: AdvancedBroadcastSending[] = [];
    let creditsLeft = true;
    const send = async (s: AdvancedBroadcastSending) => {
      if (!creditsLeft) throw new AppError(402, 'broadcast.creditsInsufficient');
      sent.push(s);
      return { broadcastId: null };
    };
    const once = (await api('POST', '/api/advanced-broadcasts', owner, input())).json();
    const daily = (
      await api(
        'POST',
        '/api/advanced-broadcasts',
        owner,
        input({
          schedule: {
            frequency: 'repeat',
            intervalType: 'daily',
            interval: 1,
            date: tomorrow(),
            time: '08:00',
          },
        }),
      )
    ).json();
    for (const x of [once, daily]) await api('POST', `/api/advanced-broadcasts/${x.id}/activate`, owner);
    const due = new Date(Date.now() - 60_000);
    await server.deps.db
      .update(advancedBroadcasts)
      .set({ nextRunAt: due })
      .where(eq(advancedBroadcasts.clientId, biz.clientId));
    // Two dispatchers at once (two processes) and a second pass: every occurrence goes out once.
    await Promise.all([
      sendDueAdvancedBroadcasts(server.deps, send),
      sendDueAdvancedBroadcasts(server.deps, send),
    ]);
    await sendDueAdvancedBroadcasts(server.deps, send);
    const mine = sent.filter((s) => s.advancedBroadcastId === once.id || s.advancedBroadcastId === daily.id);
    expect(mine).toHaveLength(2);
    expect(mine.every((s) => s.contactIds.length === 2 && s.clientId === biz.clientId)).toBe(true);
    const afterOnce = (await api('GET', `/api/advanced-broadcasts/${once.id}`, owner)).json();
    expect(afterOnce).toMatchObject({
      status: 'sent',
      nextRunAt: null,
      lastRunAt: due.getTime(),
      editable: false,
    });
    const afterDaily = (await api('GET', `/api/advanced-broadcasts/${daily.id}`, owner)).json();
    expect(afterDaily.status).toBe('waiting');
    expect(afterDaily.nextRunAt).toBeGreaterThan(Date.now());
    const runs = await server.deps.db
      .select()
      .from(advancedBroadcastRuns)
      .where(
        and(
          eq(advancedBroadcastRuns.clientId, biz.clientId),
          eq(advancedBroadcastRuns.advancedBroadcastId, once.id),
        ),
      );
    expect(runs).toMatchObject([{ status: 'sent', recipients: 2 }]);

    // Out of credits: the last sending ends as 'chat credits insufficient'.
    creditsLeft = false;
    const poor = (await api('POST', '/api/advanced-broadcasts', owner, input())).json();
    await api('POST', `/api/advanced-broadcasts/${poor.id}/activate`, owner);
    await server.deps.db
      .update(advancedBroadcasts)
      .set({ nextRunAt: due })
      .where(eq(advancedBroadcasts.id, poor.id));
    await sendDueAdvancedBroadcasts(server.deps, send);
    const afterPoor = (await api('GET', `/api/advanced-broadcasts/${poor.id}`, owner)).json();
    expect(afterPoor).toMatchObject({
      status: 'credits_insufficient',
      lastError: 'broadcast.creditsInsufficient',
    });
  });

  it('hands a sending to the broadcasts module once per occurrence, as its creator', async () => {
    await server.deps.db
      .insert(chatCreditWallets)
      .values({ clientId: biz.clientId, balance: '100000' })
      .onConflictDoUpdate({ target: chatCreditWallets.clientId, set: { balance: '100000' } });
    const wakes: number[] = [];
    const send = sendThroughBroadcasts(server.deps, { wake: () => wakes.push(1) });
    const ab = (await api('POST', '/api/advanced-broadcasts', owner, input({ name: 'Ke Siaran' }))).json();
    await api('POST', `/api/advanced-broadcasts/${ab.id}/activate`, owner);
    const due = new Date(Date.now() - 60_000);
    await server.deps.db
      .update(advancedBroadcasts)
      .set({ nextRunAt: due })
      .where(eq(advancedBroadcasts.id, ab.id));
    await sendDueAdvancedBroadcasts(server.deps, send);
    const after = (await api('GET', `/api/advanced-broadcasts/${ab.id}`, owner)).json();
    expect(after, JSON.stringify(after)).toMatchObject({ status: 'sent', lastError: null });
    expect(after.lastBroadcastId).toBeTruthy();
    const broadcast = (await api('GET', `/api/broadcasts/${after.lastBroadcastId}`, owner)).json();
    expect(broadcast).toMatchObject({
      template: { id: contactTemplate },
      totals: { recipients: 2 },
      note: 'Ke Siaran',
    });
    expect(wakes.length).toBe(1);
    // The same occurrence again (a retry after a crash) is the same broadcast.
    const [one] = await server.deps.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.clientId, biz.clientId))
      .limit(1);
    const again = await send({
      clientId: biz.clientId,
      advancedBroadcastId: ab.id,
      name: 'Ke Siaran',
      createdBy: biz.userIds[biz.owner.email]!,
      templateId: contactTemplate,
      channelAccountId: accountId,
      contactIds: [one!.id],
      scheduledFor: due,
    });
    expect(again.broadcastId).toBe(after.lastBroadcastId);
    expect(requestIdOf(ab.id, due)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a user without ADVANCED_BROADCAST (403)', async () => {
    expect((await api('GET', '/api/advanced-broadcasts', agent)).statusCode).toBe(403);
    const res = await api('POST', '/api/advanced-broadcasts', agent, input());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You have no permission to access this menu.');
  });

  it('never shows, counts or changes another business’s advanced broadcasts or contacts', async () => {
    const mine = (await api('POST', '/api/advanced-broadcasts', owner, input({ name: 'Rahasia A' }))).json();
    expect((await api('GET', '/api/advanced-broadcasts', otherOwner)).json().items).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/advanced-broadcasts/${mine.id}`],
      ['POST', `/api/advanced-broadcasts/${mine.id}/activate`],
      ['POST', `/api/advanced-broadcasts/${mine.id}/deactivate`],
      ['POST', `/api/advanced-broadcasts/${mine.id}/sync`],
      ['GET', `/api/advanced-broadcasts/${mine.id}/contacts`],
      ['DELETE', `/api/advanced-broadcasts/${mine.id}`],
    ] as const)
      expect((await api(method, url, otherOwner)).statusCode, url).toBe(404);
    const put = await api(
      'PUT',
      `/api/advanced-broadcasts/${mine.id}`,
      otherOwner,
      input({ templateId: otherTemplate }),
    );
    expect(put.statusCode).toBe(404);
    // The same name is free in another business; its estimate counts only its own contacts.
    const theirs = await api('POST', '/api/advanced-broadcasts/estimate', otherOwner, {
      rules: [{ variable: 'name', rule: 'contains', value: 'bu' }],
    });
    expect(theirs.json().recipients).toBe(1);
    expect((await api('GET', `/api/advanced-broadcasts/${mine.id}`, owner)).json().name).toBe('Rahasia A');
  });
});
