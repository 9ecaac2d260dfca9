import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Broadcast, TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import type { makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { startSimulatedBusiness } from '../../../test/whatsapp-simulator.js';
import { chatCreditMutations, chatCreditWallets } from '../billing/billing.schema.js';
import { contactGroupMembers, contactGroups } from '../contacts/contact-groups.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { insertTemplates } from '../templates/templates.repository.js';
import { broadcastRecipients } from './broadcasts.schema.js';

/**
 * WhatsApp broadcasts end to end against the simulator (001 §2-§6, §8, §9): create with numbers, contacts
 * and groups, personalised variables, the engine sending through the Graph API, status webhooks moving the
 * recipients and totals, credits, daily quota, schedule and cancel, maker/checker, permissions and tenant
 * isolation.
 */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let admin: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
const api = apiClient(() => server.app);
const number = {
  phoneNumberId: '106540352270001',
  wabaId: '102290129370001',
  displayPhoneNumber: '6281100000777',
  accessToken: 'sim-access-token-bc',
  appSecret: 'sim-app-secret-bc',
};
const T = { promo: uuidv7(), plain: uuidv7(), pending: uuidv7() };
let groupId: string;
let sariId: string;
const P = (n: number) => `62812772700${String(n).padStart(2, '0')}`;

async function setBalance(clientId: string, balance: string) {
  await server.deps.db
    .insert(chatCreditWallets)
    .values({ clientId, balance })
    .onConflictDoUpdate({ target: chatCreditWallets.clientId, set: { balance } });
}

const create = (tokens: TokenPair, body: Record<string, unknown>) =>
  api('POST', '/api/broadcasts', tokens, {
    channelAccountId: accountId,
    templateId: T.promo,
    variables: [{ source: 'contact', field: 'name', fallback: 'Pelanggan' }],
    clientRequestId: randomUUID(),
    ...body,
  });

async function until(id: string, tokens: TokenPair, done: (b: Broadcast) => boolean, timeoutMs = 20_000) {
  return waitFor(async () => {
    const b = (await api('GET', `/api/broadcasts/${id}`, tokens)).json() as Broadcast;
    return done(b) ? b : undefined;
  }, timeoutMs);
}

beforeAll(async () => {
  // `agent` here is the member who may use CONTACT only.
  ({
    server,
    sim,
    biz,
    other,
    owner,
    contactOnly: agent,
    otherOwner,
    accountId,
  } = await startSimulatedBusiness('Siaran', 'Lain', number));
  admin = await signInFresh(server.app, biz.admin.email);
  await setBalance(biz.clientId, '100000');
  await insertTemplates(server.deps.db, [
    {
      clientId: biz.clientId,
      id: T.promo,
      name: 'promo_akhir_tahun',
      language: 'id',
      category: 'MARKETING',
      body: 'Halo {{1}}, diskon akhir tahun menunggu!',
      variables: [{ name: 'nama', sample: 'Budi', contactField: 'name' }],
      status: 'approved',
    },
    {
      clientId: biz.clientId,
      id: T.plain,
      name: 'info_toko',
      language: 'id',
      category: 'UTILITY',
      body: 'Toko buka jam 9.',
      status: 'approved',
    },
    {
      clientId: biz.clientId,
      id: T.pending,
      name: 'menunggu',
      language: 'id',
      category: 'MARKETING',
      body: 'x',
      status: 'pending',
    },
  ]);
  const db = server.deps.db;
  const people = [
    { id: uuidv7(), name: 'Sari', phone: P(11) },
    { id: uuidv7(), name: 'Joko', phone: P(12) },
    { id: uuidv7(), name: 'Tanpa Nomor', phone: null },
  ];
  await db.insert(contacts).values(people.map((p) => ({ clientId: biz.clientId, ...p })));
  sariId = people[0]!.id;
  groupId = uuidv7();
  await db
    .insert(contactGroups)
    .values({ clientId: biz.clientId, id: groupId, name: 'Pelanggan Setia', description: '' });
  await db
    .insert(contactGroupMembers)
    .values(people.map((p) => ({ clientId: biz.clientId, groupId, contactId: p.id })));
});

afterAll(async () => {
  // The simulator first: its webhooks stop and its kept-alive connections to the server close with it.
  await sim?.close();
  await server?.close();
});

describe('create and send', () => {
  it('sends a personalised template to typed numbers and a contact group, once each, and follows the statuses', async () => {
    const res = await create(owner, {
      // P(11) is typed and also in the group: one message.
      recipients: { numbers: [P(1), `0${P(2).slice(2)}`, P(11)], groupIds: [groupId] },
      note: 'Promo Desember',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as Broadcast;
    expect(created.totals.recipients).toBe(4);
    expect(created.template.name).toBe('promo_akhir_tahun');
    expect(created.campaignCode).toMatch(/^[0-9A-Z]{3}$/);
    expect(created.cost).toBe(4 * 511.5);

    const done = await until(created.id, owner, (b) => b.totals.delivered === 4);
    expect(done.status).toBe('delivered');
    expect(done.totals).toMatchObject({ recipients: 4, sent: 4, delivered: 4, failed: 0, pending: 0 });
    for (const [phone, name] of [
      [P(1), 'Pelanggan'],
      [P(2), 'Pelanggan'],
      [P(11), 'Sari'],
      [P(12), 'Joko'],
    ] as const) {
      const got = sim.conversation(number.phoneNumberId, phone);
      expect(got, phone).toHaveLength(1);
      expect(got[0]!.request).toMatchObject({
        type: 'template',
        template: { name: 'promo_akhir_tahun', components: [{ parameters: [{ type: 'text', text: name }] }] },
      });
    }
    // Read by one customer: the recipient and the totals follow the status webhook.
    sim.customerReads(number.phoneNumberId, P(12));
    await until(created.id, owner, (b) => b.totals.read === 1);
    const page = (await api('GET', `/api/broadcasts/${created.id}/recipients?limit=3`, owner)).json();
    expect(page.items.map((r: { phone: string }) => r.phone)).toEqual([P(1), P(2), P(11)]);
    expect(page.items[0]).toMatchObject({ status: 'delivered', error: null });
    expect(page.items[0].sentAt).toBeTypeOf('number');
    expect(page.items[0].deliveredAt).toBeTypeOf('number');
    const next = (
      await api('GET', `/api/broadcasts/${created.id}/recipients?limit=3&cursor=${page.nextCursor}`, owner)
    ).json();
    expect(next.items).toEqual([expect.objectContaining({ phone: P(12), name: 'Joko', status: 'read' })]);
    expect(next.nextCursor).toBeNull();
    // One charge for the broadcast.
    const charges = await server.deps.db
      .select()
      .from(chatCreditMutations)
      .where(
        and(eq(chatCreditMutations.clientId, biz.clientId), eq(chatCreditMutations.referenceId, created.id)),
      );
    expect(charges.map((c) => Number(c.amount))).toEqual([-2046]);
    // The history lists it with its sender and maker.
    const list = (await api('GET', '/api/broadcasts', owner)).json();
    expect(list.items[0]).toMatchObject({
      id: created.id,
      note: 'Promo Desember',
      category: 'MARKETING',
      sender: { channelAccountId: accountId },
      createdBy: { name: 'Owner' },
    });
  });

  it('is idempotent on clientRequestId', async () => {
    const clientRequestId = randomUUID();
    const body = { templateId: T.plain, variables: [], recipients: { numbers: [P(3)] }, clientRequestId };
    const a = await create(owner, body);
    const b = await create(owner, body);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    await until(a.json().id, owner, (x) => x.status === 'delivered');
    expect(sim.conversation(number.phoneNumberId, P(3))).toHaveLength(1);
  });

  it.each([
    [
      { recipients: { numbers: [P(4), `0${P(4).slice(2)}`] } },
      'recipients.numbers.1',
      'Duplicate phone number.',
    ],
    [{ recipients: { numbers: ['12345'] } }, 'recipients.numbers.0', 'Phone number must be 10-13 digits.'],
    [
      { recipients: { numbers: ['62812abc4567'] } },
      'recipients.numbers.0',
      'Phone number must contain digits only.',
    ],
    [
      { recipients: { numbers: [P(4)] }, scheduledAt: Date.now() - 60_000 },
      'scheduledAt',
      'Selected time has passed current time.',
    ],
  ])('refuses %j', async (body, field, message) => {
    const res = await create(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a template that is not approved and a wrong number of variables', async () => {
    const pending = await create(owner, {
      templateId: T.pending,
      variables: [],
      recipients: { numbers: [P(4)] },
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().code).toBe('broadcast.templateNotApproved');
    const mismatch = await create(owner, { variables: [], recipients: { numbers: [P(4)] } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('broadcast.variablesMismatch');
  });

  it('stops on insufficient credits and an exhausted daily quota with the spec messages, storing nothing', async () => {
    await setBalance(biz.clientId, '100');
    const poor = await create(owner, { recipients: { numbers: [P(5)] } });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Insufficient chat credits. Please top up to continue.');
    await setBalance(biz.clientId, '100000');

    const limits = await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
      throughputPerSecond: 80,
      dailyQuota: 1,
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const quota = await create(owner, { recipients: { numbers: [P(5), P(6)] } });
    expect(quota.statusCode).toBe(409);
    expect(quota.json().message).toBe('Daily quota has been exhausted. Please try again tomorrow.');
    await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
      throughputPerSecond: 80,
      dailyQuota: 100_000,
    });
    expect(sim.conversation(number.phoneNumberId, P(5))).toHaveLength(0);
    const rows = await server.deps.db
      .select()
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.clientId, biz.clientId), eq(broadcastRecipients.phone, P(6))));
    expect(rows).toHaveLength(0);
  });

  it('a scheduled broadcast waits and can be cancelled once', async () => {
    const res = await create(owner, { recipients: { numbers: [P(7)] }, scheduledAt: Date.now() + 3_600_000 });
    expect(res.json().status).toBe('scheduled');
    const id = res.json().id;
    const cancelled = await api('POST', `/api/broadcasts/${id}/cancel`, owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await api('POST', `/api/broadcasts/${id}/cancel`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a scheduled broadcast can be cancelled.');
  });

  it('a scheduled broadcast starts at its time', async () => {
    const res = await create(owner, { recipients: { numbers: [P(8)] }, scheduledAt: Date.now() + 1_500 });
    expect(res.json().status).toBe('scheduled');
    const done = await until(res.json().id, owner, (b) => b.status === 'delivered');
    expect(done.startedAt).toBeGreaterThanOrEqual(done.scheduledAt!);
    expect(sim.conversation(number.phoneNumberId, P(8))).toHaveLength(1);
  });
});

describe('recipient sheet', () => {
  it('reads numbers, names and values from an uploaded sheet and sends with them', async () => {
    const csv = `nomor,nama,panggilan\n${P(30)},Ani,Kak Ani\n${P(31)},Budi,\n12345,Salah,\n${P(30)},Dobel,\n`;
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/broadcasts/recipient-sheets?name=penerima.csv',
      headers: {
        authorization: `Bearer ${owner.accessToken}`,
        'content-type': 'text/csv',
        'accept-language': 'en',
      },
      payload: csv,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const sheet = upload.json();
    expect(sheet.rows).toBe(2);
    expect(sheet.problems).toEqual([
      { row: 4, value: '12345', problem: 'broadcast.phoneLength' },
      { row: 5, value: P(30), problem: 'broadcast.phoneDuplicate' },
    ]);
    const res = await create(owner, { recipients: { sheetId: sheet.id } });
    expect(res.statusCode, res.body).toBe(200);
    await until(res.json().id, owner, (b) => b.totals.sent === 2);
    const text = (phone: string) =>
      (
        sim.conversation(number.phoneNumberId, phone)[0]!.request as {
          template: { components: { parameters: { text: string }[] }[] };
        }
      ).template.components[0]!.parameters[0]!.text;
    expect(text(P(30))).toBe('Kak Ani');
    expect(text(P(31))).toBe('Budi');
  });

  it('refuses an empty or foreign file, and a sheet of another business', async () => {
    const post = (tokens: TokenPair, name: string, payload: string | Buffer) =>
      server.app.inject({
        method: 'POST',
        url: `/api/broadcasts/recipient-sheets?name=${name}`,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'content-type': 'application/octet-stream',
          'accept-language': 'en',
        },
        payload,
      });
    expect((await post(owner, 'a.csv', '')).json().message).toBe('Please upload file to continue');
    expect((await post(owner, 'a.pdf', '%PDF-1.4')).json().message).toBe('Invalid file format');
    const theirs = (await post(otherOwner, 'b.csv', `${P(32)},X\n`)).json();
    const res = await create(owner, { recipients: { sheetId: theirs.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('broadcast.sheetNotFound');
    expect((await post(agent, 'a.csv', `${P(33)}\n`)).statusCode).toBe(403);
  });
});

/** A real PNG of `width` x `height` (grey pixels). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('broadcast image (001 §5: at most 2 MB and 500x500)', () => {
  const post = (payload: Buffer, type = 'image/png') =>
    server.app.inject({
      method: 'POST',
      url: '/api/broadcasts/images?name=promo.png',
      headers: {
        authorization: `Bearer ${owner.accessToken}`,
        'content-type': type,
        'accept-language': 'en',
      },
      payload,
    });

  it('takes a small png and sends it as the template image header', async () => {
    const up = await post(png(10, 20));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ mime: 'image/png', width: 10, height: 20 });
    const res = await create(owner, {
      templateId: T.plain,
      variables: [],
      imageId: up.json().id,
      recipients: { numbers: [P(40)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasImage).toBe(true);
    await until(res.json().id, owner, (b) => b.totals.sent === 1);
    const sent = sim.conversation(number.phoneNumberId, P(40))[0]!.request as {
      template: { components: { type: string; parameters: { type: string; image?: { id: string } }[] }[] };
    };
    expect(sent.template.components[0]).toMatchObject({
      type: 'header',
      parameters: [{ type: 'image', image: { id: expect.any(String) } }],
    });
  });

  it.each([
    [png(501, 10), 'image/png', 'Image must be at most 2 MB and 500x500.'],
    [Buffer.from('%PDF-1.4 not an image'), 'application/pdf', 'Invalid file format'],
  ])('refuses %#', async (bytes, type, message) => {
    const res = await post(bytes, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("sends a media-header template without an upload with the template's sample, and refuses one with no sample", async () => {
    const withSample = uuidv7();
    const withoutSample = uuidv7();
    const base = {
      clientId: biz.clientId,
      language: 'id',
      category: 'MARKETING',
      body: 'Promo baru!',
      status: 'approved' as const,
      headerType: 'image' as const,
    };
    await insertTemplates(server.deps.db, [
      { ...base, id: withSample, name: 'promo_bergambar', headerMediaUrl: 'https://contoh.id/promo.png' },
      { ...base, id: withoutSample, name: 'promo_tanpa_contoh', headerMediaUrl: null },
    ]);
    const refused = await create(owner, {
      templateId: withoutSample,
      variables: [],
      recipients: { numbers: [P(43)] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This template has a media header: upload an image to continue.');
    const res = await create(owner, {
      templateId: withSample,
      variables: [],
      recipients: { numbers: [P(42)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(res.json().id, owner, (b) => b.totals.sent === 1);
    const sent = sim.conversation(number.phoneNumberId, P(42))[0]!.request as {
      template: { components: { type: string; parameters: unknown[] }[] };
    };
    expect(sent.template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://contoh.id/promo.png' } }],
    });
  });

  it('refuses an image id that is not one of the business', async () => {
    const res = await create(owner, { imageId: randomUUID(), recipients: { numbers: [P(41)] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('broadcast.imageNotFound');
  });
});

describe('recipients of another business (foreign ids are refused, never dropped)', () => {
  it('refuses contacts and groups that are not of the business, with the field and a translated message', async () => {
    const db = server.deps.db;
    const theirs = { contact: uuidv7(), group: uuidv7() };
    await db
      .insert(contacts)
      .values({ clientId: other.clientId, id: theirs.contact, name: 'Asing', phone: P(51) });
    await db
      .insert(contactGroups)
      .values({ clientId: other.clientId, id: theirs.group, name: 'Grup Asing', description: '' });
    for (const [recipients, field, code, message] of [
      [
        { numbers: [P(52)], contactIds: [theirs.contact] },
        'recipients.contactIds',
        'contacts.contactNotFound',
        'A chosen contact no longer exists.',
      ],
      [
        { numbers: [P(52)], contactIds: [randomUUID()] },
        'recipients.contactIds',
        'contacts.contactNotFound',
        'A chosen contact no longer exists.',
      ],
      [
        { groupIds: [groupId, theirs.group] },
        'recipients.groupIds',
        'contacts.groupNotFound',
        'This group no longer exists.',
      ],
    ] as const) {
      for (const url of ['/api/broadcasts', '/api/broadcasts/estimate']) {
        const res =
          url === '/api/broadcasts'
            ? await create(owner, { recipients })
            : await api('POST', url, owner, { channelAccountId: accountId, templateId: T.promo, recipients });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code, fields: { [field]: message } });
      }
    }
  });
});

describe('maker/checker (001 §4, §6)', () => {
  it('only Makers send; a checker approves, rejects and resets selected or all items', async () => {
    const on = await api('PUT', '/api/maker-checker/settings', owner, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    for (const [email, position] of [
      [biz.admin.email, 'MAKER'],
      [biz.owner.email, 'CHECKER'],
    ] as const) {
      const r = await api('POST', '/api/maker-checker/accounts', owner, {
        email,
        name: position,
        mediaType: 'WHATSAPP',
        position,
        active: true,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await api('GET', '/api/broadcasts/role', admin)).json()).toEqual({
      makerCheckerEnabled: true,
      maker: true,
      checker: false,
    });
    const notMaker = await create(owner, { recipients: { numbers: [P(9)] } });
    expect(notMaker.statusCode).toBe(403);
    expect(notMaker.json().message).toBe('Only a Maker user can send broadcasts.');

    const a = (await create(admin, { recipients: { numbers: [P(9)] } })).json() as Broadcast;
    const b = (await create(admin, { recipients: { numbers: [P(10)] } })).json() as Broadcast;
    expect(a.status).toBe('need_approval');
    const makerReviews = await api('POST', '/api/broadcasts/review', admin, { action: 'approve', all: true });
    expect(makerReviews.statusCode).toBe(403);

    const rejected = await api('POST', '/api/broadcasts/review', owner, { action: 'reject', ids: [b.id] });
    expect(rejected.json()).toMatchObject({ changed: 1, items: [{ id: b.id, status: 'rejected' }] });
    const reset = await api('POST', '/api/broadcasts/review', owner, { action: 'reset', all: true });
    expect(reset.json()).toMatchObject({ changed: 1, items: [{ id: b.id, status: 'need_approval' }] });
    const approved = await api('POST', '/api/broadcasts/review', owner, { action: 'approve', all: true });
    expect(approved.json().changed).toBe(2);
    await until(a.id, owner, (x) => x.status === 'delivered');
    const doneB = await until(b.id, owner, (x) => x.status === 'delivered');
    expect(doneB.review).toMatchObject({ decision: 'approved', by: 'Owner' });
    expect(sim.conversation(number.phoneNumberId, P(9))).toHaveLength(1);
    await api('PUT', '/api/maker-checker/settings', owner, { enabled: false });
  });
});

describe('access', () => {
  it('refuses users without the broadcast permission', async () => {
    expect((await api('GET', '/api/broadcasts', agent)).statusCode).toBe(403);
    expect((await create(agent, { recipients: { numbers: [P(20)] } })).statusCode).toBe(403);
  });

  it("never shows or changes another business's broadcasts", async () => {
    const mine = (
      await create(owner, { recipients: { numbers: [P(21)] }, scheduledAt: Date.now() + 3_600_000 })
    ).json();
    expect((await api('GET', `/api/broadcasts/${mine.id}`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', `/api/broadcasts/${mine.id}/recipients`, otherOwner)).statusCode).toBe(404);
    expect((await api('POST', `/api/broadcasts/${mine.id}/cancel`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', '/api/broadcasts', otherOwner)).json().items).toEqual([]);
    expect((await api('GET', `/api/broadcasts/senders/${accountId}`, otherOwner)).statusCode).toBe(404);
    // Their own number cannot send through ours, and our groups are not theirs.
    const theirs = await api('POST', '/api/broadcasts', otherOwner, {
      channelAccountId: accountId,
      templateId: T.plain,
      recipients: { groupIds: [groupId] },
      clientRequestId: randomUUID(),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().code).toBe('broadcast.senderRequired');
    expect((await api('GET', `/api/broadcasts/${mine.id}`, owner)).json().status).toBe('scheduled');
  });
});

describe('contact detail: broadcast history (001 §2)', () => {
  it('lists the broadcasts that reached a contact, by its id or its typed number, newest first, for this business only', async () => {
    const rina = uuidv7();
    await server.deps.db
      .insert(contacts)
      .values({ clientId: biz.clientId, id: rina, name: 'Rina', phone: P(61) });
    const typed = (await create(owner, { recipients: { numbers: [P(61)] } })).json() as Broadcast;
    await until(typed.id, owner, (b) => b.totals.delivered === 1);
    const earlier = (await create(owner, { recipients: { groupIds: [groupId] } })).json() as Broadcast;
    await until(earlier.id, owner, (b) => b.totals.pending === 0);
    const toGroup = (await create(owner, { recipients: { groupIds: [groupId] } })).json() as Broadcast;
    await until(toGroup.id, owner, (b) => b.totals.pending === 0);

    const history = (await api('GET', `/api/contacts/${rina}/broadcasts`, owner)).json();
    expect(history.items).toEqual([
      expect.objectContaining({
        broadcastId: typed.id,
        campaignCode: typed.campaignCode,
        templateName: 'promo_akhir_tahun',
        phone: P(61),
        status: 'delivered',
      }),
    ]);
    expect(history.items[0].deliveredAt).toBeTypeOf('number');
    // Sari is in the group of both: keyset pages, newest first, no repeats.
    const first = (await api('GET', `/api/contacts/${sariId}/broadcasts?limit=1`, owner)).json();
    expect(first.items.map((i: { broadcastId: string }) => i.broadcastId)).toEqual([toGroup.id]);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = (
      await api('GET', `/api/contacts/${sariId}/broadcasts?limit=1&cursor=${first.nextCursor}`, owner)
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.items[0].broadcastId).toBe(earlier.id);
    expect((await api('GET', `/api/contacts/${sariId}/broadcasts?cursor=rusak`, owner)).statusCode).toBe(400);
    // Another business sees nothing of it.
    expect((await api('GET', `/api/contacts/${rina}/broadcasts`, otherOwner)).statusCode).toBe(404);
  });
});
