import type { TokenPair } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { ticketAuditLog, tickets, ticketTransfers } from '../conversations/index.js';
import { clearSessionsHolding } from './play.repository.js';
import { playSessions, playSkips } from './play.schema.js';

/** Saved views and Auto Assign play mode (000 §2, §4 play mode, §7 GET /views/list, GET /ticket/playlist). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let otherOwner: TokenPair;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer({ work: false });
  biz = await makeBusiness(server.deps.db, 'Putar');
  const other = await makeBusiness(server.deps.db, 'Putar Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
});
afterAll(() => server.close());

const api = apiClient(() => server.app);

/** A customer's waiting WhatsApp ticket whose reply window is open (the customer just wrote). */
async function waitingTicket(clientId = biz.clientId, channelAccountId = accountId, tags: string[] = []) {
  const { ticketId } = await openWhatsappTicket(server.deps.db, { clientId, channelAccountId });
  await server.deps.db
    .update(tickets)
    .set({ lastCustomerMessageAt: new Date(), tags })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  return ticketId;
}

async function resolveAll(clientId = biz.clientId) {
  await server.deps.db
    .update(tickets)
    .set({ status: 'resolved' })
    .where(and(eq(tickets.clientId, clientId)));
}

describe('saved views', () => {
  it('are created, renamed and deleted with VIEW_FEATURE, listed for inbox readers, and refused otherwise', async () => {
    const created = await api('POST', '/api/views', owner, {
      name: 'VIP WhatsApp',
      filters: { channels: ['WAP'], tags: ['vip'], priorities: [1, 2] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = created.json();
    expect(view).toMatchObject({
      name: 'VIP WhatsApp',
      filters: { channels: ['WAP'], tags: ['vip'], priorities: [1, 2], statuses: [], assignee: 'any' },
    });
    // An agent reads the list (play mode starts on one) but may not manage views or open their tickets.
    const listed = await api('GET', '/api/views', agent);
    expect(listed.json().items.map((v: { id: string }) => v.id)).toContain(view.id);
    for (const [method, url] of [
      ['POST', '/api/views'],
      ['PUT', `/api/views/${view.id}`],
    ] as const) {
      const refused = await api(method, url, agent, { name: 'Punya agen', filters: {} }, 'id');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Anda tidak memiliki akses ke menu ini.');
    }
    expect((await api('DELETE', `/api/views/${view.id}`, agent)).statusCode).toBe(403);
    expect((await api('GET', `/api/views/${view.id}/tickets`, agent)).statusCode).toBe(403);

    // Names are unique ignoring case; bad input is a translated 400.
    const twice = await api('POST', '/api/views', owner, { name: 'vip whatsapp', filters: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'A view with this name already exists' });
    const empty = await api('POST', '/api/views', owner, { name: '  ', filters: {} }, 'id');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: 'Nama wajib diisi' });
    const long = await api('POST', '/api/views', owner, { name: 'x'.repeat(51), filters: {} });
    expect(long.json().fields).toMatchObject({ name: 'Max 50 Characters' });
    const range = await api('POST', '/api/views', owner, {
      name: 'Rentang',
      filters: { createdFrom: 2000, createdTo: 1000 },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().fields).toMatchObject({
      'filters.createdTo': 'The end of the range must be after its start',
    });
    const badStatus = await api('POST', '/api/views', owner, {
      name: 'Aneh',
      filters: { statuses: ['open'] },
    });
    expect(badStatus.statusCode).toBe(400);

    const renamed = await api('PUT', `/api/views/${view.id}`, owner, {
      name: 'VIP',
      filters: { channels: ['WAP'], tags: ['vip'] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'VIP', filters: { priorities: [] } });

    // Another business sees none of it.
    expect((await api('GET', '/api/views', otherOwner)).json().items).toEqual([]);
    for (const [method, url] of [
      ['PUT', `/api/views/${view.id}`],
      ['DELETE', `/api/views/${view.id}`],
      ['GET', `/api/views/${view.id}/tickets`],
    ] as const) {
      const res = await api(
        method,
        url,
        otherOwner,
        method === 'PUT' ? { name: 'Diretas', filters: {} } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    expect((await api('DELETE', `/api/views/${view.id}`, owner)).json()).toEqual({ ok: true });
    expect((await api('DELETE', `/api/views/${view.id}`, owner)).statusCode).toBe(404);
  });

  it("lists a view's tickets with its filters, latest first, in keyset pages", async () => {
    await resolveAll();
    const vip = [];
    for (let i = 0; i < 5; i++) vip.push(await waitingTicket(biz.clientId, accountId, ['vip']));
    await waitingTicket(biz.clientId, accountId, ['biasa']);
    const view = (
      await api('POST', '/api/views', owner, {
        name: 'Tag VIP belum ditugaskan',
        filters: { tags: ['vip'], statuses: ['unassigned'], assignee: 'unassigned' },
      })
    ).json();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await api('GET', `/api/views/${view.id}/tickets?limit=2${q}`, owner);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().items.map((t: { id: string }) => t.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([...vip].reverse());
    const bad = await api('GET', `/api/views/${view.id}/tickets?cursor=zzz`, owner);
    expect(bad.statusCode).toBe(400);
  });
});

describe('Auto Assign play mode', () => {
  it('hands out the oldest waiting ticket on a channel; Next keeps it with the agent, Skip gives it back with its note; Stop clears', async () => {
    await resolveAll();
    const [first, second, third] = [await waitingTicket(), await waitingTicket(), await waitingTicket()];
    const idle = await api('GET', '/api/play', agent);
    expect(idle.json()).toMatchObject({ active: false, current: null, next: null });
    expect((await api('POST', '/api/play/next', agent, {})).statusCode).toBe(409);
    const neither = await api('POST', '/api/play/start', agent, {}, 'id');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toMatchObject({ viewId: 'Pilih view atau kanal' });
    // Issue 16 §8: a channel with no connected account is refused, in the user's language, on its picker.
    for (const [lang, message] of [
      ['id', 'Belum ada akun yang terhubung di kanal ini.'],
      ['en', 'No account is connected on this channel.'],
    ] as const) {
      const unconnected = await api('POST', '/api/play/start', agent, { channel: 'LVC' }, lang);
      expect(unconnected.statusCode).toBe(400);
      expect(unconnected.json().fields.channel).toContain(message);
    }
    expect((await api('GET', '/api/play', agent)).json()).toMatchObject({ active: false });

    const started = await api('POST', '/api/play/start', agent, { channel: 'WAP' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      active: true,
      channel: 'WAP',
      viewId: null,
      current: {
        id: first,
        status: 'assigned',
        assigneeId: biz.userIds[biz.agent.email],
        assignedVia: 'play',
      },
      next: { id: second, status: 'unassigned' },
    });
    const [claimed] = await server.deps.db.select().from(tickets).where(eq(tickets.id, first));
    expect(claimed?.assignedVia).toBe('play');
    // A reload keeps the session.
    expect((await api('GET', '/api/play', agent)).json()).toMatchObject({
      active: true,
      current: { id: first },
      next: { id: second },
    });

    const next = await api('POST', '/api/play/next', agent, {});
    expect(next.json()).toMatchObject({ current: { id: second }, next: { id: third } });
    const kept = await api('GET', `/api/tickets/${first}`, agent);
    expect(kept.json()).toMatchObject({ status: 'assigned', assigneeId: biz.userIds[biz.agent.email] });

    const noNote = await api('POST', '/api/play/skip', agent, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toMatchObject({ note: 'Notes are required' });
    const seen: { type: string; ticketId?: string; userId?: string }[] = [];
    const unsubscribe = server.deps.bus.subscribe('realtime', (e) => seen.push(e as (typeof seen)[number]));
    const skipped = await api('POST', '/api/play/skip', agent, { note: 'follow up done' });
    unsubscribe();
    // The agent loses sight of the ticket given back, as on a reassignment.
    expect(seen).toContainEqual(
      expect.objectContaining({
        type: 'ticket.revoked',
        ticketId: second,
        userId: biz.userIds[biz.agent.email],
      }),
    );
    expect(skipped.statusCode, skipped.body).toBe(200);
    // The skipped ticket is not handed to the same agent again in this session.
    expect(skipped.json()).toMatchObject({ current: { id: third }, next: null });
    const released = await api('GET', `/api/tickets/${second}`, owner);
    expect(released.json()).toMatchObject({ status: 'unassigned', assigneeId: null });
    const notes = await server.deps.db.select().from(playSkips).where(eq(playSkips.ticketId, second));
    expect(notes.map((n) => n.note)).toEqual(['follow up done']);
    // The ticket's history: handed out by play mode, then given back with the note.
    const agentId = biz.userIds[biz.agent.email];
    const moves = await server.deps.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.ticketId, second))
      .orderBy(asc(ticketTransfers.createdAt), asc(ticketTransfers.id));
    expect(moves.map((m) => [m.source, m.fromUserId, m.toUserId])).toEqual([
      ['play', null, agentId],
      ['play', agentId, null],
    ]);
    const audit = await server.deps.db
      .select()
      .from(ticketAuditLog)
      .where(eq(ticketAuditLog.ticketId, second));
    expect(audit.find((a) => a.action === 'play.skip')?.changes).toMatchObject({
      skipNote: { from: null, to: 'follow up done' },
      assigneeId: { from: agentId, to: null },
    });

    // Another agent playing the same channel gets the skipped ticket.
    const admin = await signInFresh(server.app, biz.admin.email);
    const other = await api('POST', '/api/play/start', admin, { channel: 'WAP' });
    expect(other.json()).toMatchObject({ current: { id: second } });
    await api('POST', '/api/play/stop', admin, {});

    const stopped = await api('POST', '/api/play/stop', agent, {});
    expect(stopped.json()).toEqual({
      active: false,
      viewId: null,
      viewName: null,
      channel: null,
      current: null,
      next: null,
      startedAt: null,
      waiting: null,
    });
    // The ticket in hand stays with the agent.
    expect((await api('GET', `/api/tickets/${third}`, agent)).json().assigneeId).toBe(
      biz.userIds[biz.agent.email],
    );
  });

  it('plays a view only with VIEW_FEATURE; resolving the current ticket elsewhere clears current and next and moves on', async () => {
    await resolveAll();
    const view = (
      await api('POST', '/api/views', owner, { name: 'Semua WhatsApp', filters: { channels: ['WAP'] } })
    ).json();
    const refused = await api('POST', '/api/play/start', agent, { viewId: view.id });
    expect(refused.statusCode).toBe(403);
    const foreign = await api('POST', '/api/play/start', otherOwner, { viewId: view.id });
    expect(foreign.statusCode).toBe(404);

    const [a, b, c] = [await waitingTicket(), await waitingTicket(), await waitingTicket()];
    const started = await api('POST', '/api/play/start', owner, { viewId: view.id });
    expect(started.json()).toMatchObject({
      viewId: view.id,
      viewName: 'Semua WhatsApp',
      current: { id: a },
      next: { id: b },
    });

    // An event with a snapshot older than the hand-out (the ticket still unassigned) changes nothing: the
    // session is cleared only when the ticket row says it is no longer the agent's.
    const stale = { ...started.json().current, status: 'unassigned', assigneeId: null };
    await server.deps.bus.publish('realtime', {
      type: 'ticket.updated',
      clientId: biz.clientId,
      ticket: stale,
    });
    expect(await clearSessionsHolding(server.deps.db, biz.clientId, a)).toEqual([]);
    expect((await api('GET', '/api/play', owner)).json()).toMatchObject({
      current: { id: a },
      next: { id: b },
    });

    // The agent resolves the owner's current ticket from the inbox: the session drops it and takes b.
    const resolved = await api('POST', `/api/tickets/${a}/resolve`, owner, { note: 'selesai' });
    expect(resolved.statusCode).toBe(200);
    const ownerId = biz.userIds[biz.owner.email]!;
    const moved = await waitFor(async () => {
      const [s] = await server.deps.db
        .select()
        .from(playSessions)
        .where(and(eq(playSessions.clientId, biz.clientId), eq(playSessions.userId, ownerId)));
      return s?.currentTicketId === b ? s : undefined;
    });
    expect(moved.nextTicketId).toBe(c);

    // Reassigned elsewhere: the same.
    const adminId = biz.userIds[biz.admin.email]!;
    const reassigned = await api('POST', `/api/tickets/${b}/assign`, owner, { assigneeId: adminId });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    await waitFor(async () => {
      const state = (await api('GET', '/api/play', owner)).json();
      return state.current?.id === c && state.next === null ? state : undefined;
    });

    // Deleting the view ends the sessions on it.
    await api('DELETE', `/api/views/${view.id}`, owner);
    expect((await api('GET', '/api/play', owner)).json().active).toBe(false);
  });

  it("hands out only tickets of the agent's groups, nothing while offline or at the maximum of open chats", async () => {
    const team = await makeBusiness(server.deps.db, 'Putar Grup', [
      { name: 'Agen A', csPosition: 'CS1' },
      { name: 'Agen B', csPosition: 'CS1' },
    ]);
    const teamOwner = await signInFresh(server.app, team.owner.email);
    const account = (await connectWhatsapp(server.app, teamOwner, 'http://127.0.0.1:9/v25.0')).id;
    const [a, b] = team.members.slice(3);
    const agentA = await signInFresh(server.app, a!.email);
    const agentB = await signInFresh(server.app, b!.email);
    const idA = team.userIds[a!.email]!;
    const idB = team.userIds[b!.email]!;
    const main = (await api('POST', '/api/cs/groups', teamOwner, { name: 'Utama' })).json();
    const sales = (await api('POST', '/api/cs/groups', teamOwner, { name: 'Penjualan' })).json();
    expect(main.isDefault).toBe(true);
    await api('POST', `/api/cs/groups/${main.id}/members`, teamOwner, { userIds: [idA] });
    await api('POST', `/api/cs/groups/${sales.id}/members`, teamOwner, { userIds: [idB] });
    const noGroup = await waitingTicket(team.clientId, account);
    const forSales = await waitingTicket(team.clientId, account);
    const alsoMain = await waitingTicket(team.clientId, account);
    await api('POST', `/api/tickets/${forSales}/assign`, teamOwner, { groupId: sales.id });

    // Groups: A (default group) gets the tickets without a group, B the sales ticket only.
    const startedA = await api('POST', '/api/play/start', agentA, { channel: 'WAP' });
    expect(startedA.json()).toMatchObject({
      current: { id: noGroup },
      next: { id: alsoMain },
      waiting: null,
    });
    const startedB = await api('POST', '/api/play/start', agentB, { channel: 'WAP' });
    expect(startedB.json()).toMatchObject({ current: { id: forSales }, next: null });

    // Maximum concurrent chats: A may hold one chat; Next keeps the first, so nothing more is handed out.
    const limit = await api('PUT', `/api/cs/agents/${idA}`, teamOwner, { maxConcurrentChats: 1 });
    expect(limit.statusCode, limit.body).toBe(200);
    const full = await api('POST', '/api/play/next', agentA, {});
    expect(full.json()).toMatchObject({ current: null, next: { id: alsoMain }, waiting: 'atCapacity' });
    expect((await api('GET', `/api/tickets/${alsoMain}`, teamOwner)).json().status).toBe('unassigned');
    // Resolving the chat in hand makes room: the next ticket is handed out.
    await api('POST', `/api/tickets/${noGroup}/resolve`, agentA, {});
    const room = await api('GET', '/api/play', agentA);
    expect(room.json()).toMatchObject({ current: { id: alsoMain }, waiting: null });

    // Offline: nothing is handed out; back online, the playlist goes on.
    await api('PUT', `/api/cs/agents/${idA}`, teamOwner, { maxConcurrentChats: 10 });
    const another = await waitingTicket(team.clientId, account);
    expect((await api('PUT', '/api/cs/me/status', agentA, { status: 'offline' })).statusCode).toBe(200);
    const offline = await api('POST', '/api/play/next', agentA, {});
    expect(offline.json()).toMatchObject({ current: null, next: { id: another }, waiting: 'offline' });
    expect((await api('GET', `/api/tickets/${another}`, teamOwner)).json().status).toBe('unassigned');
    await api('PUT', '/api/cs/me/status', agentA, { status: 'online' });
    expect((await api('GET', '/api/play', agentA)).json()).toMatchObject({
      current: { id: another },
      waiting: null,
    });

    // An agent in no group takes any group's ticket.
    const lateSales = await waitingTicket(team.clientId, account);
    await api('POST', `/api/tickets/${lateSales}/assign`, teamOwner, { groupId: sales.id });
    const groupless = await signInFresh(server.app, team.agent.email);
    expect((await api('POST', '/api/play/start', groupless, { channel: 'WAP' })).json()).toMatchObject({
      current: { id: lateSales },
    });
  });

  it('twenty agents playing at once never receive the same ticket, and every ticket is handed out', async () => {
    const crowd = await makeBusiness(
      server.deps.db,
      'Ramai',
      Array.from({ length: 17 }, () => ({ csPosition: 'CS1' as const })),
    );
    const crowdOwner = await signInFresh(server.app, crowd.owner.email);
    const crowdAccount = (await connectWhatsapp(server.app, crowdOwner, 'http://127.0.0.1:9/v25.0')).id;
    const all: string[] = [];
    for (let i = 0; i < 60; i++) all.push(await waitingTicket(crowd.clientId, crowdAccount));
    const agents = await Promise.all(crowd.members.map((m) => signInFresh(server.app, m.email)));
    expect(agents).toHaveLength(20);

    const handed = await Promise.all(
      agents.map(async (tokens) => {
        const got: string[] = [];
        let state = (await api('POST', '/api/play/start', tokens, { channel: 'WAP' })).json();
        while (state.current) {
          got.push(state.current.id);
          const res = await api('POST', '/api/play/next', tokens, {});
          expect(res.statusCode, res.body).toBe(200);
          state = res.json();
        }
        return got;
      }),
    );
    const flat = handed.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect([...flat].sort()).toEqual([...all].sort());
    const rows = await server.deps.db.select().from(tickets).where(eq(tickets.clientId, crowd.clientId));
    for (const row of rows) {
      const owners = handed.filter((list) => list.includes(row.id));
      expect(owners).toHaveLength(1);
      expect(row.assigneeId).toBe(crowd.userIds[crowd.members[handed.indexOf(owners[0]!)]!.email]);
    }
  });
});
