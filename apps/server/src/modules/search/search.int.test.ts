import {
  DEFAULT_TICKET_LIST_COLUMNS,
  featureStringFrom,
  HIDE_PHONE_BIT,
  type TokenPair,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { contacts } from '../contacts/contacts.schema.js';
import { messages, ticketCounters, tickets } from '../conversations/index.js';
import { csConfigurations, csGroups } from '../teams/index.js';
import { ticketFormStates } from '../ticket-forms/ticket-forms.schema.js';
import { streamTicketList } from './search.service.js';

/** Find (000 §2 chat list and chat history, §3 column keys and filter defaults, §6 access). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let cs2: TokenPair;
let inboxOnly: TokenPair;
let historyOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
let otherAccountId: string;
const ids: Record<string, string> = {};
let agentId: string;
let cs2Id: string;
let ownerId: string;
let defaultGroupId: string;
let salesGroupId: string;
const fieldId = uuidv7();

const HOUR = 3_600_000;
const now = Date.now();

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Cari Tiket', [
    { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX', 'ADVANCE_SEARCH']), csPosition: 'CS2' },
    { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']), csPosition: 'SPV2' },
    { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_HISTORY']), csPosition: 'SPV2' },
  ]);
  other = await makeBusiness(server.deps.db, 'Cari Lain');
  ownerId = biz.userIds[biz.owner.email]!;
  agentId = biz.userIds[biz.agent.email]!;
  cs2Id = biz.userIds[biz.members[3]!.email]!;
  owner = await signInFresh(server.app, biz.owner.email);
  cs2 = await signInFresh(server.app, biz.members[3]!.email);
  inboxOnly = await signInFresh(server.app, biz.members[4]!.email);
  historyOnly = await signInFresh(server.app, biz.members[5]!.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
  otherAccountId = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
  await seed();
});
afterAll(() => server.close());

async function groupOf(clientId: string, name: string, isDefault: boolean) {
  const db = server.deps.db;
  const [existing] = await db
    .select()
    .from(csGroups)
    .where(and(eq(csGroups.clientId, clientId), eq(csGroups.isDefault, true)));
  if (isDefault && existing) return existing.id;
  const id = uuidv7();
  await db.insert(csGroups).values({ clientId, id, name, isDefault });
  return id;
}

let displayNumber = 1000;
interface TicketSeed {
  key: string;
  clientId?: string;
  account?: string;
  contact: string;
  createdAt: string;
  channel?: string;
  status?: 'unassigned' | 'assigned' | 'resolved';
  assigneeId?: string | null;
  assignedVia?: 'manual' | 'auto' | 'play' | null;
  resolvedAt?: string;
  resolvedBy?: string;
  tags?: string[];
  remarks?: string;
  resolveNote?: string;
  priority?: number;
  groupId?: string | null;
  lastCustomerMessageAt?: Date | null;
  /** The first message: 'in' from the customer, or a user id for an agent-opened chat. */
  opener: 'in' | string;
  text: string;
}

async function addContact(clientId: string, name: string, phone: string, email: string | null) {
  const id = uuidv7();
  await server.deps.db.insert(contacts).values({ clientId, id, name, phone, email });
  return id;
}

async function addTicket(seed: TicketSeed) {
  const db = server.deps.db;
  const clientId = seed.clientId ?? biz.clientId;
  const id = uuidv7();
  const createdAt = new Date(seed.createdAt);
  await db.insert(tickets).values({
    clientId,
    id,
    displayNumber: ++displayNumber,
    contactId: seed.contact,
    channel: seed.channel ?? 'WAP',
    channelAccountId: seed.account ?? accountId,
    status: seed.status ?? 'resolved',
    assigneeId: seed.assigneeId ?? null,
    assignedVia: seed.assignedVia ?? (seed.assigneeId ? 'manual' : null),
    groupId: seed.groupId ?? null,
    priority: seed.priority ?? 3,
    tags: seed.tags ?? [],
    remarks: seed.remarks ?? null,
    resolveNote: seed.resolveNote ?? null,
    resolvedAt: seed.resolvedAt ? new Date(seed.resolvedAt) : null,
    resolvedBy: seed.resolvedBy ?? null,
    lastCustomerMessageAt: seed.lastCustomerMessageAt ?? null,
    lastMessageAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  const fromCustomer = seed.opener === 'in';
  await db.insert(messages).values([
    {
      clientId,
      id: uuidv7(),
      ticketId: id,
      channelAccountId: seed.account ?? accountId,
      direction: fromCustomer ? 'in' : 'out',
      type: 'text',
      text: seed.text,
      status: fromCustomer ? 'received' : 'sent',
      senderUserId: fromCustomer ? null : seed.opener,
      createdAt,
    },
    {
      clientId,
      id: uuidv7(),
      ticketId: id,
      channelAccountId: seed.account ?? accountId,
      direction: 'out',
      type: 'text',
      text: 'Terima kasih sudah menghubungi kami',
      status: 'sent',
      senderUserId: ownerId,
      createdAt: new Date(createdAt.getTime() + 60_000),
    },
  ]);
  ids[seed.key] = id;
  return id;
}

async function seed() {
  defaultGroupId = await groupOf(biz.clientId, 'Umum', true);
  salesGroupId = await groupOf(biz.clientId, 'Sales', false);
  await server.deps.db
    .insert(ticketCounters)
    .values({ clientId: biz.clientId, last: 0 })
    .onConflictDoNothing();
  const ani = await addContact(biz.clientId, 'Ani Lestari', '628111000001', 'ani@toko.id');
  const budi = await addContact(biz.clientId, 'Budi Hartono', '628111000002', null);
  const citra = await addContact(biz.clientId, 'Citra 50%_off', '628111000003', 'citra@surel.id');
  // 2026-03-10 in Jakarta (UTC+7) is 2026-03-09T17:00Z .. 2026-03-10T17:00Z.
  await addTicket({
    key: 'refund',
    contact: ani,
    createdAt: '2026-03-10T01:00:00Z',
    assigneeId: agentId,
    resolvedAt: '2026-03-10T05:00:00Z',
    resolvedBy: agentId,
    tags: ['vip'],
    remarks: 'Refund pesanan #77',
    resolveNote: 'Dana dikembalikan',
    priority: 1,
    opener: 'in',
    text: 'Halo, saya mau REFUND barang rusak',
  });
  await addTicket({
    key: 'promo',
    contact: budi,
    createdAt: '2026-03-09T18:00:00Z', // 01:00 on the 10th in Jakarta, the 9th in UTC
    status: 'assigned',
    assigneeId: cs2Id,
    tags: ['promo'],
    lastCustomerMessageAt: new Date(now - HOUR),
    opener: ownerId,
    text: 'Penawaran spesial minggu ini',
    groupId: salesGroupId,
  });
  await addTicket({
    key: 'late',
    contact: citra,
    createdAt: '2026-03-09T16:59:00Z', // 23:59 on the 9th in Jakarta
    channel: 'IGM',
    assigneeId: ownerId,
    resolvedAt: '2026-03-11T03:00:00Z',
    resolvedBy: ownerId,
    remarks: 'tanya ongkir',
    priority: 2,
    opener: 'in',
    text: 'Berapa ongkir ke Bandung?',
  });
  await addTicket({
    key: 'expired',
    contact: ani,
    createdAt: '2026-03-10T10:00:00Z',
    status: 'unassigned',
    lastCustomerMessageAt: new Date(now - 48 * HOUR),
    opener: 'in',
    text: 'Apakah stok masih ada?',
  });
  await addTicket({
    key: 'cs2resolved',
    contact: budi,
    createdAt: '2026-03-10T12:00:00Z',
    assigneeId: cs2Id,
    resolvedAt: '2026-03-10T13:00:00Z',
    resolvedBy: cs2Id,
    tags: ['vip', 'promo'],
    opener: 'in',
    text: 'Pesanan belum sampai',
  });
  await server.deps.db.insert(ticketFormStates).values({
    clientId: biz.clientId,
    ticketId: ids.refund!,
    values: { [fieldId]: 'Gold Member' },
  });
  // Another business with look-alike data: never part of this business's answers.
  const stranger = await addContact(other.clientId, 'Ani Lestari', '628111000001', 'ani@toko.id');
  await addTicket({
    key: 'foreign',
    clientId: other.clientId,
    account: otherAccountId,
    contact: stranger,
    createdAt: '2026-03-10T02:00:00Z',
    resolvedAt: '2026-03-10T03:00:00Z',
    tags: ['vip'],
    remarks: 'Refund pesanan #77',
    opener: 'in',
    text: 'Halo, saya mau refund',
  });
}

function get(url: string, tokens = owner, lang = 'en') {
  return server.app.inject({ method: 'GET', url, headers: { ...bearer(tokens), 'accept-language': lang } });
}

interface Page {
  items: { id: string; status: string; [k: string]: unknown }[];
  nextCursor: string | null;
  total: { count: number; capped: boolean } | null;
}
async function list(query: string, tokens = owner, path = '/api/ticket-list'): Promise<Page> {
  const res = await get(`${path}?${query}`, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const keysOf = (page: Page) =>
  page.items.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0] ?? row.id);

describe('ticket list filters (000 §3 chat-list filter keys)', () => {
  const all = 'createdFrom=2026-03-09&createdTo=2026-03-10';
  it.each([
    [
      'the created range is read in Jakarta time',
      'createdFrom=2026-03-10&createdTo=2026-03-10',
      ['cs2resolved', 'expired', 'refund', 'promo'],
    ],
    ['the 9th in Jakarta', 'createdFrom=2026-03-09&createdTo=2026-03-09', ['late']],
    ['status closed (the default)', `${all}&status=resolved`, ['cs2resolved', 'refund', 'late']],
    ['status expired is computed from the 24-hour window', `${all}&status=expired`, ['expired']],
    ['status assigned leaves expired chats out', `${all}&status=assigned,unassigned`, ['promo']],
    ['closed range', 'closedFrom=2026-03-11&closedTo=2026-03-11', ['late']],
    ['tags: any of', `${all}&tags=vip`, ['cs2resolved', 'refund']],
    ['customer name, case-insensitive', `${all}&customerInfo=ani%20les`, ['expired', 'refund']],
    ['customer phone digits', `${all}&customerInfo=11000002`, ['cs2resolved', 'promo']],
    [
      'customer phone typed the local way (08… is 628…)',
      `${all}&customerInfo=08111000002`,
      ['cs2resolved', 'promo'],
    ],
    ['customer email', `${all}&customerInfo=surel.id`, ['late']],
    ['LIKE wildcards are plain text', `${all}&customerInfo=50%25_`, ['late']],
    ['remarks or subject', `${all}&remarksOrSubject=ONGKIR`, ['late']],
    ['channel', `${all}&mediaPlatform=IGM`, ['late']],
    ['CS agent', `${all}&csId=${'AGENT'}`, ['refund']],
    ['closed by', `${all}&closedBy=${'OWNER'}`, ['late']],
    ['created by the customer', `${all}&createdBy=customer`, ['cs2resolved', 'expired', 'refund', 'late']],
    ['created by an agent', `${all}&createdBy=${'OWNER'}`, ['promo']],
    [
      'created by customer or agent',
      `${all}&createdBy=customer,${'OWNER'}`,
      ['cs2resolved', 'expired', 'refund', 'promo', 'late'],
    ],
    [
      'CS group: the default group holds tickets without one',
      `${all}&csGroup=${'DEFAULT'}`,
      ['cs2resolved', 'expired', 'refund', 'late'],
    ],
    ['CS group', `${all}&csGroup=${'SALES'}`, ['promo']],
    ['priority', `${all}&priority=1,2`, ['refund', 'late']],
    ['custom field input', `${all}&fields=${fieldId}:gold`, ['refund']],
    ['message keyword, any message of the chat', `${all}&keyword=refund`, ['refund']],
    ['keyword over all time (no created range)', 'keyword=ongkir%20ke', ['late']],
    ['three filters at once', `${all}&status=resolved&tags=vip&priority=1`, ['refund']],
    ['nothing matches', `${all}&keyword=tidakadasamasekali`, []],
  ])('%s', async (_name, query, expected) => {
    const q = query
      .replace('AGENT', agentId)
      .replace('OWNER', ownerId)
      .replace('DEFAULT', defaultGroupId)
      .replace('SALES', salesGroupId);
    expect(keysOf(await list(q))).toEqual(expected);
  });

  it('answers every 000 §3 column key for a row', async () => {
    const page = await list('keyword=REFUND%20barang');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toEqual({
      id: ids.refund,
      displayId: expect.stringMatching(/^T-\d{6}$/),
      groupId: defaultGroupId,
      groupName: 'Umum',
      createdAt: Date.parse('2026-03-10T01:00:00Z'),
      customer: { id: expect.any(String), name: 'Ani Lestari', handle: '628111000001', email: 'ani@toko.id' },
      assigneeId: agentId,
      assignee: { id: agentId, name: 'Agent' },
      closedAt: Date.parse('2026-03-10T05:00:00Z'),
      resolveNote: 'Dana dikembalikan',
      remarks: 'Refund pesanan #77',
      subject: null,
      mediaPlatform: 'WAP',
      closedBy: { id: agentId, name: 'Agent' },
      priority: 1,
      tags: ['vip'],
      submitterId: null,
      submitter: null,
      status: 'resolved',
    });
    const promo = (await list('keyword=Penawaran')).items[0];
    expect(promo).toMatchObject({
      submitterId: ownerId,
      submitter: { id: ownerId, name: 'Owner' },
      groupName: 'Sales',
    });
  });

  it.each([
    ['status=closed'],
    ['createdFrom=10-03-2026'],
    ['csId=bukan-uuid'],
    ['keyword=ab'],
    ['limit=500'],
    ['cursor=bm90LWEtY3Vyc29y'],
  ])('refuses %s with 400 and a translated message', async (query) => {
    const res = await get(`/api/ticket-list?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBeTruthy();
    const id = await get(`/api/ticket-list?${query}`, owner, 'id');
    expect(id.statusCode).toBe(400);
    expect(id.json().message).not.toBe(res.json().message);
  });
});

describe('ticket list paging', () => {
  it('pages by keyset without repeats or gaps, also among tickets created at the same microsecond', async () => {
    const contact = await addContact(biz.clientId, 'Pelanggan Halaman', '628111000099', null);
    const sameInstant = '2026-04-01T03:00:00.123456Z';
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push(
        await addTicket({
          key: `page${i}`,
          contact,
          createdAt: sameInstant,
          opener: 'in',
          text: `halaman ${i}`,
        }),
      );
    // Microseconds a JavaScript Date cannot carry: a cursor that rounded them would repeat or skip rows.
    await server.deps.db.execute(
      sql`update tickets set created_at = ${sameInstant}::timestamptz
        where client_id = ${biz.clientId} and contact_id = ${contact}`,
    );
    const base = 'createdFrom=2026-04-01&createdTo=2026-04-01';
    const everything = (await list(`${base}&limit=100&withTotal=true`)).items.map((r) => r.id);
    expect(new Set(everything)).toEqual(new Set(created));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(`${base}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(everything);
  });

  it('gives a bounded total only when asked', async () => {
    const all = 'createdFrom=2026-03-09&createdTo=2026-03-10';
    expect((await list(all)).total).toBeNull();
    expect((await list(`${all}&withTotal=true&limit=1`)).total).toEqual({ count: 5, capped: false });
  });

  it('streams every matching row in keyset order for exports, batch by batch', async () => {
    const filter = { createdFrom: '2026-03-09', createdTo: '2026-04-01' };
    const batches: string[][] = [];
    for await (const rows of streamTicketList(
      server.deps.db,
      { clientId: biz.clientId, userId: ownerId, csPosition: null },
      filter,
      { batchSize: 4 },
    ))
      batches.push(rows.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([4, 4, 4]);
    expect(batches.flat()).toEqual(
      (await list('createdFrom=2026-03-09&createdTo=2026-04-01&limit=100')).items.map((r) => r.id),
    );
  });
});

describe('ticket list access (000 §6)', () => {
  it('refuses users without ADVANCE_SEARCH READ', async () => {
    const res = await get('/api/ticket-list', inboxOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You have no permission to access this menu.');
    expect((await get(`/api/ticket-list/${ids.refund}/messages`, inboxOnly)).statusCode).toBe(403);
    expect((await get('/api/ticket-list/columns', historyOnly)).statusCode).toBe(403);
    expect((await get('/api/ticket-list')).statusCode).toBe(200);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/ticket-list' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a Customer Service 2 agent only their own chats, with phones masked when the business hides them', async () => {
    const all = 'createdFrom=2026-03-09&createdTo=2026-03-10&status=';
    expect(keysOf(await list(all, cs2)).sort()).toEqual(['cs2resolved', 'promo']);
    await server.deps.db
      .insert(csConfigurations)
      .values({ clientId: biz.clientId, featureCs: HIDE_PHONE_BIT })
      .onConflictDoUpdate({ target: csConfigurations.clientId, set: { featureCs: HIDE_PHONE_BIT } });
    const masked = await list(all, cs2);
    expect(masked.items.map((r) => (r.customer as { handle: string }).handle)).toEqual([
      '•••••••••002',
      '•••••••••002',
    ]);
    expect(
      (await list(all)).items.some((r) => (r.customer as { handle: string }).handle === '628111000002'),
    ).toBe(true);
    // Another agent's chat is a 404 like an unknown one.
    expect((await get(`/api/ticket-list/${ids.refund}/messages`, cs2)).statusCode).toBe(404);
    await server.deps.db
      .update(csConfigurations)
      .set({ featureCs: 0 })
      .where(eq(csConfigurations.clientId, biz.clientId));
  });

  it('never shows another business its tickets', async () => {
    const page = await list('createdFrom=2026-03-09&createdTo=2026-03-10&keyword=refund', otherOwner);
    expect(keysOf(page)).toEqual(['foreign']);
    expect(keysOf(await list('customerInfo=Ani', otherOwner))).toEqual(['foreign']);
    expect((await get(`/api/ticket-list/${ids.refund}/messages`, otherOwner)).statusCode).toBe(404);
    expect((await get(`/api/chat-history/${ids.refund}/messages`, otherOwner)).statusCode).toBe(404);
    const history = await list('', otherOwner, '/api/chat-history');
    expect(keysOf(history)).toEqual(['foreign']);
  });
});

describe('row chat', () => {
  it('answers the chat of a row, newest first', async () => {
    const res = await get(`/api/ticket-list/${ids.refund}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((m: { text: string }) => m.text)).toEqual([
      'Terima kasih sudah menghubungi kami',
      'Halo, saya mau REFUND barang rusak',
    ]);
    expect((await get(`/api/chat-history/${ids.refund}/messages`, historyOnly)).statusCode).toBe(200);
    expect((await get(`/api/ticket-list/${uuidv7()}/messages`)).statusCode).toBe(404);
  });
});

describe('chat history (000 §2)', () => {
  it.each([
    ['resolved chats, newest resolved first', '', ['late', 'cs2resolved', 'refund']],
    ['contact', 'contact=budi', ['cs2resolved']],
    ['channel', 'channel=IGM', ['late']],
    [
      'date is the resolved day in Jakarta',
      'dateFrom=2026-03-10&dateTo=2026-03-10',
      ['cs2resolved', 'refund'],
    ],
    ['CS handled by', `csId=${'CS2'}`, ['cs2resolved']],
    ['closed by', `closedBy=${'OWNER'}`, ['late']],
    ['remarks', 'remarks=refund', ['refund']],
    ['tag', 'tag=promo', ['cs2resolved']],
    ['email', 'email=ani@', ['refund']],
  ])('%s', async (_name, query, expected) => {
    const q = query.replace('CS2', cs2Id).replace('OWNER', ownerId);
    expect(keysOf(await list(q, historyOnly, '/api/chat-history'))).toEqual(expected);
  });

  it('answers the 000 §2 history columns', async () => {
    const page = await list('remarks=ongkir', historyOnly, '/api/chat-history');
    expect(page.items[0]).toEqual({
      id: ids.late,
      displayId: expect.stringMatching(/^T-/),
      contact: {
        id: expect.any(String),
        name: 'Citra 50%_off',
        handle: '628111000003',
        email: 'citra@surel.id',
      },
      channel: 'IGM',
      agent: { id: ownerId, name: 'Owner' },
      closedBy: { id: ownerId, name: 'Owner' },
      resolvedAt: Date.parse('2026-03-11T03:00:00Z'),
      resolveNote: null,
      remarks: 'tanya ongkir',
      subject: null,
      tags: [],
    });
  });

  it('refuses users without CUSTOMER_SERVICE_HISTORY READ', async () => {
    expect((await get('/api/chat-history', inboxOnly)).statusCode).toBe(403);
    expect((await get(`/api/chat-history/${ids.refund}/messages`, inboxOnly)).statusCode).toBe(403);
  });
});

describe('ticket list columns (000 §3), kept per user', () => {
  it('starts with the defaults, keeps a saved choice for that user only, refuses unknown keys', async () => {
    const read = async (tokens: TokenPair) => (await get('/api/ticket-list/columns', tokens)).json().columns;
    // The 000 §3 defaults (pinned in the contracts' unit test).
    expect(await read(owner)).toEqual([...DEFAULT_TICKET_LIST_COLUMNS]);
    const put = (payload: unknown, tokens = owner) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/ticket-list/columns',
        headers: bearer(tokens),
        payload: payload as Record<string, unknown>,
      });
    const saved = await put({ columns: ['subject', 'id', 'priority', 'id'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ columns: ['subject', 'id', 'priority'] });
    expect(await read(owner)).toEqual(['subject', 'id', 'priority']);
    expect(await read(cs2)).toContain('customer');
    expect((await put({ columns: ['id', 'password'] })).statusCode).toBe(400);
    expect((await put({ columns: [] })).statusCode).toBe(400);
    expect((await put({ columns: ['id'] }, inboxOnly)).statusCode).toBe(403);
  });
});
