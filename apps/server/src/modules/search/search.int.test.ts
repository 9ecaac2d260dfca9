import { DEFAULT_TICKET_LIST_COLUMNS, HIDE_PHONE_BIT, type TokenPair } from '@sapa/contracts';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.js';
import {
  addContact,
  addTicket,
  agentId,
  biz,
  cs2,
  cs2Id,
  defaultGroupId,
  fieldId,
  get,
  historyOnly,
  ids,
  inboxOnly,
  keysOf,
  list,
  otherOwner,
  owner,
  ownerId,
  type Page,
  salesGroupId,
  server,
  useSearchServer,
} from '../../../test/servers/search.js';
import { csConfigurations } from '../teams/index.js';
import { streamTicketList } from './search.service.js';

/**
 * Find (000 §2 chat list and chat history, §3 column keys and filter defaults, §6 access), on the seeded
 * tickets of test/servers/search.ts.
 */
useSearchServer();

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
      rating: null,
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

describe('expiry by the channel table (000 §4: Messenger and Instagram answer with the HUMAN_AGENT tag for 7 days)', () => {
  it('shows a 3-day-old Messenger or Instagram chat as open and an 8-day-old one as expired', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const seeds = [
      ['msg3d', 'MSG', 72],
      ['igm3d', 'IGM', 72],
      ['msg8d', 'MSG', 192],
      ['wap2d', 'WAP', 48],
    ] as const;
    for (const [i, [key, channel, hours]] of seeds.entries())
      await addTicket({
        key,
        contact: await addContact(biz.clientId, `Pelanggan Meta ${i}`, `62811100009${i}`, null),
        channel,
        status: 'unassigned',
        createdAt: '2026-04-02T03:00:00Z',
        lastCustomerMessageAt: hoursAgo(hours),
        opener: 'in',
        text: key,
      });
    const base = 'createdFrom=2026-04-02&createdTo=2026-04-02';
    expect(new Set(keysOf(await list(`${base}&status=expired`)))).toEqual(new Set(['msg8d', 'wap2d']));
    const open = await list(`${base}&status=unassigned`);
    expect(new Set(keysOf(open))).toEqual(new Set(['msg3d', 'igm3d']));
    expect(open.items.every((row) => row.status === 'unassigned')).toBe(true);
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
      rating: null,
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
