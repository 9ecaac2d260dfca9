import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/harness.js';
import {
  api,
  biz,
  cs2,
  ids,
  listIds,
  otherOwner,
  owner,
  server,
  spv1,
  useTeamsServer,
  waitingTicket,
} from '../../../test/servers/teams.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import { getTicketSummary, runAutoAssign, tickets, ticketTransfers } from '../conversations/index.js';
import { agentStates, csConfigurations } from './teams.schema.js';

/**
 * Groups, assignment with its transfer history and audit log, the group filter and automatic assignment (000
 * §2, §3, §4, §5, §7, §8).
 */
useTeamsServer();

describe('groups (000 §2 group management, §5, §8)', () => {
  it('adds, edits and deletes groups: first is default, names checked, default and non-empty kept', async () => {
    const first = await api('POST', '/api/cs/groups', owner, { name: 'Penjualan', description: 'Toko' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Penjualan', isDefault: true, memberCount: 0 });
    const second = await api('POST', '/api/cs/groups', owner, {
      name: 'Komplain',
      operationalHours: [
        { day: 1, open: true, from: '08:00', to: '17:00' },
        { day: 0, open: false, from: '00:00', to: '00:00' },
      ],
    });
    expect(second.json()).toMatchObject({ isDefault: false });
    expect(second.json().operationalHours.map((d: { day: number }) => d.day)).toEqual([0, 1]);

    const long = await api('POST', '/api/cs/groups', owner, { name: 'x'.repeat(16) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Max 15 Characters');
    expect((await api('POST', '/api/cs/groups', owner, { name: 'x'.repeat(16) }, 'id')).json().message).toBe(
      'Maksimal 15 karakter',
    );
    const empty = await api('POST', '/api/cs/groups', owner, { name: '' }, 'id');
    expect(empty.json().message).toBe('Nama wajib diisi');
    const dup = await api('POST', '/api/cs/groups', owner, { name: 'penjualan' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Failed Saving Group, A group with this name already exists');

    // The default moves only when asked; exactly one default.
    const moved = await api('PUT', `/api/cs/groups/${second.json().id}`, owner, {
      name: 'Komplain',
      isDefault: true,
    });
    expect(moved.json().isDefault).toBe(true);
    const list = (await api('GET', '/api/cs/groups', owner)).json().items;
    expect(list.filter((g: { isDefault: boolean }) => g.isDefault).map((g: { id: string }) => g.id)).toEqual([
      second.json().id,
    ]);
    const noDefault = await api('DELETE', `/api/cs/groups/${second.json().id}`, owner);
    expect(noDefault.statusCode).toBe(409);
    expect(noDefault.json().message).toBe('Failed to delete the group. The default group cannot be deleted.');

    const added = await api('POST', `/api/cs/groups/${first.json().id}/members`, owner, {
      userIds: [ids.cs2],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items.map((a: { userId: string }) => a.userId)).toEqual([ids.cs2]);
    const badMember = await api('POST', `/api/cs/groups/${first.json().id}/members`, owner, {
      userIds: [biz.userIds[biz.owner.email]],
    });
    expect(badMember.statusCode).toBe(400);
    expect(badMember.json().code).toBe('teams.memberAddFailed');
    const notEmpty = await api('DELETE', `/api/cs/groups/${first.json().id}`, owner, undefined, 'id');
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().message).toBe(
      'Gagal menghapus grup. Keluarkan semua anggota sebelum menghapus grup.',
    );
    const members = await api('GET', `/api/cs/groups/${first.json().id}/members`, owner);
    expect(members.json().items).toHaveLength(1);
    const agents = (await api('GET', '/api/cs/agents', cs2)).json().items;
    expect(agents.find((a: { userId: string }) => a.userId === ids.cs2).groupIds).toEqual([first.json().id]);
    expect(agents.find((a: { userId: string }) => a.userId === ids.spv1).canBeAssigned).toBe(false);
    expect(
      (await api('DELETE', `/api/cs/groups/${first.json().id}/members/${ids.cs2}`, owner)).statusCode,
    ).toBe(200);
    expect(
      (await api('DELETE', `/api/cs/groups/${first.json().id}/members/${ids.cs2}`, owner)).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/api/cs/groups/${first.json().id}`, owner)).statusCode).toBe(200);
    expect((await api('GET', `/api/cs/groups/${first.json().id}`, owner)).statusCode).toBe(404);
  });

  it('is managed with CS setting only; another business gets 404', async () => {
    const group = (await api('POST', '/api/cs/groups', owner, { name: 'Rahasia' })).json();
    expect((await api('POST', '/api/cs/groups', cs2, { name: 'Agen' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/cs/groups/${group.id}`, cs2, { name: 'Agen' })).statusCode).toBe(403);
    expect((await api('DELETE', `/api/cs/groups/${group.id}`, cs2)).statusCode).toBe(403);
    expect((await api('GET', '/api/cs/groups', cs2)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', `/api/cs/groups/${group.id}`, undefined],
      ['PUT', `/api/cs/groups/${group.id}`, { name: 'Diambil' }],
      ['DELETE', `/api/cs/groups/${group.id}`, undefined],
      ['GET', `/api/cs/groups/${group.id}/members`, undefined],
      ['POST', `/api/cs/groups/${group.id}/members`, { userIds: [ids.cs2] }],
      ['DELETE', `/api/cs/groups/${group.id}/members/${ids.cs2}`, undefined],
      ['PUT', `/api/cs/agents/${ids.cs2}`, { maxConcurrentChats: 2 }],
    ] as const) {
      const res = await api(method, url, otherOwner, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const groups = (await api('GET', '/api/cs/groups', otherOwner)).json().items;
    expect(groups.map((g: { id: string }) => g.id)).not.toContain(group.id);
  });
});

describe('assignment, transfer history and audit log', () => {
  it('assigns to an agent, moves to a group, resolves; history and audit say who, what, when', async () => {
    const { ticketId } = await waitingTicket();
    const group = (await api('POST', '/api/cs/groups', owner, { name: 'Retur' })).json();
    await api('POST', `/api/tickets/${ticketId}/assign`, owner, { assigneeId: ids.agent });
    const toGroup = await api('POST', `/api/tickets/${ticketId}/assign`, spv1, { groupId: group.id });
    expect(toGroup.json()).toMatchObject({ status: 'unassigned', assigneeId: null, groupId: group.id });
    expect(
      (await api('POST', `/api/tickets/${ticketId}/assign`, owner, { groupId: randomUUID() })).json().code,
    ).toBe('teams.groupInvalid');
    expect((await api('POST', `/api/tickets/${ticketId}/assign`, owner, {})).statusCode).toBe(400);
    await api('POST', `/api/tickets/${ticketId}/assign`, owner, { assigneeId: ids.cs2 });
    await api('PATCH', `/api/tickets/${ticketId}`, owner, { priority: 1 });
    await api('POST', `/api/tickets/${ticketId}/resolve`, cs2, { note: 'beres' });

    const transfers = (await api('GET', `/api/tickets/${ticketId}/transfers`, owner)).json().items;
    expect(transfers).toMatchObject([
      { fromUserId: null, toUserId: ids.agent, toUserName: 'Agent', source: 'manual', byUserName: 'Owner' },
      {
        fromUserId: ids.agent,
        toUserId: null,
        toGroupId: group.id,
        toGroupName: 'Retur',
        byUserId: ids.spv1,
      },
      { fromUserId: null, toUserId: ids.cs2, fromGroupId: group.id, source: 'manual' },
    ]);
    const auditRes = (await api('GET', `/api/tickets/${ticketId}/audit`, cs2)).json();
    const audit = auditRes.items;
    // Ids in the changes come with their names (this business's agents and groups).
    expect(auditRes.names).toMatchObject({
      [ids.agent]: 'Agent',
      [ids.cs2]: 'Agen Dua',
      [group.id]: 'Retur',
    });
    const actions = audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['assign', 'transfer', 'update', 'resolve']));
    expect(audit.find((a: { action: string }) => a.action === 'update').changes).toEqual({
      priority: { from: 3, to: 1 },
    });
    expect(audit.find((a: { action: string }) => a.action === 'resolve')).toMatchObject({
      actorUserId: ids.cs2,
      actorName: 'Agen Dua',
      changes: { status: { from: 'assigned', to: 'resolved' }, resolveNote: { from: null, to: 'beres' } },
    });
    expect((await api('GET', `/api/tickets/${ticketId}/audit`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', `/api/tickets/${ticketId}/transfers`, otherOwner)).statusCode).toBe(404);
  });
});

describe('CS group filter of the inbox', () => {
  it("lists a group's tickets; the default group also holds tickets without a group", async () => {
    const team = await makeBusiness(server.deps.db, 'Filter Grup');
    const teamOwner = await signInFresh(server.app, team.owner.email);
    const account = (await connectWhatsapp(server.app, teamOwner, 'http://127.0.0.1:9/v25.0')).id;
    const main = (await api('POST', '/api/cs/groups', teamOwner, { name: 'Utama' })).json();
    const sales = (await api('POST', '/api/cs/groups', teamOwner, { name: 'Penjualan' })).json();
    expect(main.isDefault).toBe(true);
    const none = await waitingTicket(team.clientId, account);
    const inMain = await waitingTicket(team.clientId, account);
    const inSales = await waitingTicket(team.clientId, account);
    await api('POST', `/api/tickets/${inMain.ticketId}/assign`, teamOwner, { groupId: main.id });
    await api('POST', `/api/tickets/${inSales.ticketId}/assign`, teamOwner, { groupId: sales.id });
    const list = async (tokens: TokenPair, groupId: string) => {
      const res = await api('GET', `/api/inbox/tickets?tab=unassigned&groupId=${groupId}`, tokens);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .items.map((t: { id: string }) => t.id)
        .sort();
    };
    expect(await list(teamOwner, sales.id)).toEqual([inSales.ticketId]);
    expect(await list(teamOwner, main.id)).toEqual([none.ticketId, inMain.ticketId].sort());
    // Another business's group (or an unknown one) selects nothing of this business.
    const foreign = (await api('POST', '/api/cs/groups', otherOwner, { name: 'Asing' })).json();
    expect(foreign.isDefault).toBe(true);
    expect(await list(teamOwner, foreign.id)).toEqual([]);
    expect(await list(otherOwner, main.id)).toEqual([]);
    const bad = await api('GET', '/api/inbox/tickets?groupId=not-a-uuid', teamOwner);
    expect(bad.statusCode).toBe(400);
    // Bulk "every matching ticket" uses the same filter.
    const job = await api('POST', '/api/bulk-jobs', teamOwner, {
      selection: { kind: 'filter', filter: { tab: 'unassigned', groupId: sales.id } },
      action: { priority: 1 },
    });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().totalTickets).toBe(1);
  });
});

describe('automatic assignment', () => {
  it('hands 100 waiting tickets to 5 online agents, at most 3 each, never twice, oldest first', async () => {
    const extra = Array.from({ length: 6 }, (_, i) => ({ name: `Auto ${i}`, csPosition: 'CS1' as const }));
    const team = await makeBusiness(server.deps.db, 'Otomatis', extra);
    const teamOwner = await signInFresh(server.app, team.owner.email);
    const account = (await connectWhatsapp(server.app, teamOwner, 'http://127.0.0.1:9/v25.0')).id;
    const agentIds = team.members.slice(3).map((m) => team.userIds[m.email]!);
    // The fixture's admin and agent (SPV2) stay out: offline. One CS1 agent too.
    for (const userId of [team.userIds[team.admin.email]!, team.userIds[team.agent.email]!, agentIds[5]!])
      await server.deps.db.insert(agentStates).values({ clientId: team.clientId, userId, status: 'offline' });
    for (const userId of agentIds.slice(0, 5))
      await api('PUT', `/api/cs/agents/${userId}`, teamOwner, { maxConcurrentChats: 3 });
    const waiting: string[] = [];
    for (let i = 0; i < 100; i++) waiting.push((await waitingTicket(team.clientId, account)).ticketId);
    await server.deps.db
      .insert(csConfigurations)
      .values({ clientId: team.clientId, isAutoAssignFeature: true });

    // Rounds in parallel (as several workers would run them), plus whatever the job queue runs.
    const handed = await Promise.all(
      Array.from({ length: 6 }, () => runAutoAssign(server.deps, team.clientId)),
    );
    expect(handed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(15);
    const rows = await server.deps.db
      .select({ id: tickets.id, assigneeId: tickets.assigneeId, via: tickets.assignedVia })
      .from(tickets)
      .where(and(eq(tickets.clientId, team.clientId), eq(tickets.status, 'assigned')));
    expect(rows).toHaveLength(15);
    const perAgent = new Map<string, number>();
    for (const r of rows) perAgent.set(r.assigneeId!, (perAgent.get(r.assigneeId!) ?? 0) + 1);
    expect([...perAgent.keys()].sort()).toEqual(agentIds.slice(0, 5).sort());
    expect([...perAgent.values()]).toEqual([3, 3, 3, 3, 3]);
    expect(rows.every((r) => r.via === 'auto')).toBe(true);
    // Oldest first: the 15 first tickets created.
    expect(rows.map((r) => r.id).sort()).toEqual(waiting.slice(0, 15).sort());
    // Each ticket handed out once.
    const transfers = await server.deps.db
      .select({ ticketId: ticketTransfers.ticketId })
      .from(ticketTransfers)
      .where(and(eq(ticketTransfers.clientId, team.clientId), inArray(ticketTransfers.ticketId, waiting)));
    expect(transfers).toHaveLength(15);

    // Closing a ticket gives its agent room: the job hands the next oldest out.
    const closed = rows[0]!;
    const agentTokens = await signInFresh(
      server.app,
      team.members.find((m) => team.userIds[m.email] === closed.assigneeId)!.email,
    );
    expect((await api('POST', `/api/tickets/${closed.id}/resolve`, agentTokens, {})).statusCode).toBe(200);
    await waitFor(async () => {
      const [t] = await server.deps.db
        .select({ assigneeId: tickets.assigneeId })
        .from(tickets)
        .where(and(eq(tickets.clientId, team.clientId), eq(tickets.id, waiting[15]!)));
      return t?.assigneeId === closed.assigneeId;
    });

    // An offline agent gets nothing; coming online hands out waiting tickets.
    const sixth = team.members.find((m) => team.userIds[m.email] === agentIds[5])!;
    const sixthTokens = await signInFresh(server.app, sixth.email);
    expect((await api('GET', '/api/cs/me', sixthTokens)).json().status).toBe('offline');
    expect(await listIds(sixthTokens, 'assigned')).toEqual([]);
    await api('PUT', '/api/cs/me/status', sixthTokens, { status: 'online' });
    await waitFor(async () => (await listIds(sixthTokens, 'assigned')).length === 10);
  });

  it('keeps tickets of a group to its members, and never hands any to an offline agent', async () => {
    const team = await makeBusiness(server.deps.db, 'Grupan', [
      { name: 'Di Grup', csPosition: 'CS2' },
      { name: 'Luar Grup', csPosition: 'CS2' },
    ]);
    const teamOwner = await signInFresh(server.app, team.owner.email);
    const account = (await connectWhatsapp(server.app, teamOwner, 'http://127.0.0.1:9/v25.0')).id;
    const [inGroup, outside] = team.members.slice(3).map((m) => team.userIds[m.email]!);
    for (const userId of [team.userIds[team.admin.email]!, team.userIds[team.agent.email]!])
      await server.deps.db.insert(agentStates).values({ clientId: team.clientId, userId, status: 'offline' });
    const general = (await api('POST', '/api/cs/groups', teamOwner, { name: 'Umum' })).json();
    const vip = (await api('POST', '/api/cs/groups', teamOwner, { name: 'VIP' })).json();
    await api('POST', `/api/cs/groups/${vip.id}/members`, teamOwner, { userIds: [inGroup] });
    await api('POST', `/api/cs/groups/${general.id}/members`, teamOwner, { userIds: [outside] });
    await server.deps.db
      .insert(agentStates)
      .values({ clientId: team.clientId, userId: inGroup!, status: 'offline' });
    const { ticketId } = await waitingTicket(team.clientId, account);
    await api('POST', `/api/tickets/${ticketId}/assign`, teamOwner, { groupId: vip.id });
    const plain = (await waitingTicket(team.clientId, account)).ticketId;
    await server.deps.db
      .insert(csConfigurations)
      .values({ clientId: team.clientId, isAutoAssignFeature: true });
    await runAutoAssign(server.deps, team.clientId);
    const state = async (id: string) => (await getTicketSummary(server.deps.db, team.clientId, id))!;
    // The group-less ticket went to the default group's member; the VIP one waits for its offline member.
    expect((await state(plain)).assigneeId).toBe(outside);
    expect((await state(ticketId)).assigneeId).toBeNull();
    await server.deps.db
      .update(agentStates)
      .set({ status: 'online' })
      .where(and(eq(agentStates.clientId, team.clientId), eq(agentStates.userId, inGroup!)));
    // A closed group (000 §3 operational hours: closed every day) keeps its chats waiting.
    const closed = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: false, from: '08:00', to: '17:00' }));
    await api('PUT', `/api/cs/groups/${vip.id}`, teamOwner, { name: 'VIP', operationalHours: closed });
    await runAutoAssign(server.deps, team.clientId);
    expect((await state(ticketId)).assigneeId).toBeNull();
    await api('PUT', `/api/cs/groups/${vip.id}`, teamOwner, { name: 'VIP', operationalHours: [] });
    await runAutoAssign(server.deps, team.clientId);
    expect((await state(ticketId)).assigneeId).toBe(inGroup);
  });
});
