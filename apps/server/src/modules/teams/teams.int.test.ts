import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import { connectChat, type TestSocket } from '../../../test/realtime-client.js';
import { listenLocally, openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';
import {
  assignTicket,
  getTicketSummary,
  publishRealtime,
  runAutoAssign,
  tickets,
  ticketTransfers,
} from '../conversations/index.js';
import { agentStates, csConfigurations } from './teams.schema.js';

/** Groups, CS positions, assignment and the audit log (000 §2, §3, §4, §5, §6, §7, §8; 001 §5). */
let server: TestServer;
let base: string;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let otherOwner: TokenPair;
let spv1: TokenPair;
let cs1: TokenPair;
let cs2: TokenPair;
let cs2b: TokenPair;
let ids: { spv1: string; cs1: string; cs2: string; cs2b: string; agent: string };
let accountId: string;

beforeAll(async () => {
  server = await startTestServer({ work: true });
  base = await listenLocally(server);
  biz = await makeBusiness(server.deps.db, 'Regu', [
    { name: 'Supervisor Satu', csPosition: 'SPV1' },
    { name: 'Agen Otomatis', csPosition: 'CS1' },
    { name: 'Agen Dua', csPosition: 'CS2' },
    { name: 'Agen Tiga', csPosition: 'CS2' },
  ]);
  other = await makeBusiness(server.deps.db, 'Regu Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  const [s1, c1, c2, c2b] = biz.members.slice(3);
  spv1 = await signInFresh(server.app, s1!.email);
  cs1 = await signInFresh(server.app, c1!.email);
  cs2 = await signInFresh(server.app, c2!.email);
  cs2b = await signInFresh(server.app, c2b!.email);
  ids = {
    spv1: biz.userIds[s1!.email]!,
    cs1: biz.userIds[c1!.email]!,
    cs2: biz.userIds[c2!.email]!,
    cs2b: biz.userIds[c2b!.email]!,
    agent: biz.userIds[biz.agent.email]!,
  };
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
});
afterAll(() => server.close());

function api(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

async function waitingTicket(clientId = biz.clientId, channelAccountId = accountId) {
  const { ticketId, phone } = await openWhatsappTicket(server.deps.db, { clientId, channelAccountId });
  await server.deps.db
    .update(tickets)
    .set({ lastCustomerMessageAt: new Date() })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  return { ticketId, phone };
}

const listIds = async (tokens: TokenPair, tab: 'unassigned' | 'assigned') => {
  const res = await api('GET', `/api/inbox/tickets?tab=${tab}&limit=100`, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((t: { id: string }) => t.id) as string[];
};
const reply = (ticketId: string, tokens: TokenPair) =>
  api('POST', `/api/tickets/${ticketId}/messages`, tokens, {
    text: 'Halo kak',
    clientMessageId: randomUUID(),
  });

describe('who sees and does what (000 §6 CS positions)', () => {
  it('lists, reads, replies and assigns per position; sockets carry only visible tickets', async () => {
    const sockets: Record<string, TestSocket> = {};
    for (const [name, tokens] of Object.entries({ owner, spv1, cs1, cs2, cs2b }))
      sockets[name] = await connectChat(base, tokens.accessToken);
    const waiting = await waitingTicket();
    const manual = await waitingTicket();
    const auto = await waitingTicket();

    // Supervisor 1 assigns, but cannot be assigned nor reply.
    const toCs2 = await api('POST', `/api/tickets/${manual.ticketId}/assign`, spv1, { assigneeId: ids.cs2 });
    expect(toCs2.statusCode, toCs2.body).toBe(200);
    expect(toCs2.json()).toMatchObject({ assigneeId: ids.cs2, assignedVia: 'manual', status: 'assigned' });
    const toSpv1 = await api('POST', `/api/tickets/${waiting.ticketId}/assign`, owner, {
      assigneeId: ids.spv1,
    });
    expect(toSpv1.statusCode).toBe(400);
    expect(toSpv1.json().code).toBe('inbox.assigneeInvalid');
    const spvReply = await reply(waiting.ticketId, spv1);
    expect(spvReply.statusCode).toBe(403);
    expect(spvReply.json()).toMatchObject({ code: 'teams.cannotReply' });
    const note = await api('POST', `/api/tickets/${waiting.ticketId}/messages`, spv1, {
      text: 'catatan',
      internal: true,
      clientMessageId: randomUUID(),
    });
    expect(note.statusCode).toBe(200);
    // Agents cannot assign.
    const cs2Assign = await api('POST', `/api/tickets/${manual.ticketId}/assign`, cs2, {
      assigneeId: ids.cs2b,
    });
    expect(cs2Assign.statusCode).toBe(403);
    // An automatic hand-out to the CS1 agent.
    await assignTicket(server.deps, {
      clientId: biz.clientId,
      ticketId: auto.ticketId,
      to: { agentId: ids.cs1 },
      source: 'auto',
      by: null,
    });
    // A manual hand-out to CS1 is not visible to them (000 §6: only chats Auto Assign handed them).
    const manualCs1 = await waitingTicket();
    await api('POST', `/api/tickets/${manualCs1.ticketId}/assign`, owner, { assigneeId: ids.cs1 });

    for (const tokens of [owner, spv1]) {
      expect(await listIds(tokens, 'unassigned')).toContain(waiting.ticketId);
      expect(await listIds(tokens, 'assigned')).toEqual(
        expect.arrayContaining([manual.ticketId, auto.ticketId, manualCs1.ticketId]),
      );
    }
    expect(await listIds(cs2, 'unassigned')).toEqual([]);
    expect(await listIds(cs2, 'assigned')).toEqual([manual.ticketId]);
    expect(await listIds(cs2b, 'assigned')).toEqual([]);
    expect(await listIds(cs1, 'assigned')).toEqual([auto.ticketId]);
    const unread = await api('GET', '/api/inbox/unread-count', cs2b);
    expect(unread.json()).toEqual({ unassigned: 0, assigned: 0 });

    // Reading or replying to a ticket one may not see is a 404, like an unknown one.
    for (const [tokens, ticketId] of [
      [cs2b, manual.ticketId],
      [cs2, waiting.ticketId],
      [cs1, manualCs1.ticketId],
    ] as const) {
      expect((await api('GET', `/api/tickets/${ticketId}`, tokens)).statusCode).toBe(404);
      expect((await api('GET', `/api/tickets/${ticketId}/messages`, tokens)).statusCode).toBe(404);
      expect((await reply(ticketId, tokens)).statusCode).toBe(404);
      expect((await api('GET', `/api/tickets/${ticketId}/audit`, tokens)).statusCode).toBe(404);
    }
    expect((await reply(manual.ticketId, cs2)).statusCode).toBe(200);
    expect((await reply(auto.ticketId, cs1)).statusCode).toBe(200);

    // Sockets: a marker event per ticket, then check who got what.
    const marker = `vis-${randomUUID()}`;
    for (const id of [waiting.ticketId, manual.ticketId, auto.ticketId]) {
      const summary = await getTicketSummary(server.deps.db, biz.clientId, id);
      await publishRealtime(server.deps, {
        type: 'ticket.updated',
        clientId: biz.clientId,
        ticket: { ...summary!, remarks: `${marker}-${id}` },
      });
    }
    await sockets.owner!.next(`${marker}-${auto.ticketId}`);
    await sockets.spv1!.next(`${marker}-${auto.ticketId}`);
    await sockets.cs1!.next(`${marker}-${auto.ticketId}`);
    await sockets.cs2!.next(`${marker}-${manual.ticketId}`);
    // The last marker event reached the sockets that may see it; now compare what each socket saw.
    const seen = (s: TestSocket) =>
      s.received
        .filter((e) => e.type === 'ticket.updated' && e.ticket.remarks?.startsWith(marker))
        .map((e) => (e.type === 'ticket.updated' ? e.ticket.id : ''));
    expect(seen(sockets.owner!)).toEqual([waiting.ticketId, manual.ticketId, auto.ticketId]);
    expect(seen(sockets.spv1!)).toEqual([waiting.ticketId, manual.ticketId, auto.ticketId]);
    expect(seen(sockets.cs1!)).toEqual([auto.ticketId]);
    expect(seen(sockets.cs2!)).toEqual([manual.ticketId]);
    // cs2b sees none of them: it never received any of the ticket events of this business's tickets.
    expect(
      sockets.cs2b!.received.filter(
        (e) =>
          (e.type === 'ticket.updated' || e.type === 'message.created') && e.ticket.assigneeId !== ids.cs2b,
      ),
    ).toEqual([]);

    // Reassigning away from CS2 tells them to drop it (and nothing else).
    const moved = await api('POST', `/api/tickets/${manual.ticketId}/assign`, owner, {
      assigneeId: ids.cs2b,
    });
    expect(moved.statusCode).toBe(200);
    await waitFor(async () => sockets.cs2!.received.some((e) => e.type === 'ticket.revoked'));
    expect(sockets.cs2!.received.find((e) => e.type === 'ticket.revoked')).toMatchObject({
      ticketId: manual.ticketId,
      userId: ids.cs2,
    });
    expect((await api('GET', `/api/tickets/${manual.ticketId}`, cs2)).statusCode).toBe(404);
    expect((await api('GET', `/api/tickets/${manual.ticketId}`, cs2b)).statusCode).toBe(200);
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('answers the CS role, status (online by default) and capabilities for the caller', async () => {
    const me = await api('GET', '/api/cs/me', spv1);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      csPosition: 'SPV1',
      agentRole: 'SPV',
      status: 'online',
      maxConcurrentChats: 10,
      capabilities: { canReply: false, canAssign: true, canBeAssigned: false, sees: 'all' },
    });
    expect((await api('GET', '/api/cs/me', owner)).json()).toMatchObject({ agentRole: '', csPosition: null });
    const spv2 = await signInFresh(server.app, biz.agent.email);
    expect((await api('GET', '/api/cs/me', spv2)).json().agentRole).toBe('CS-SPV');
    const off = await api('PUT', '/api/cs/me/status', cs2b, { status: 'offline' });
    expect(off.json().status).toBe('offline');
    const on = await api('PUT', '/api/cs/me/status', cs2b, { status: 'online' });
    expect(on.json().status).toBe('online');
    expect((await api('PUT', '/api/cs/me/status', cs2b, { status: 'away' })).statusCode).toBe(400);
  });

  it('switches an agent offline when they log out (000 §4 logout revokes CS availability)', async () => {
    const member = biz.members[6]!;
    const tokens = await signInFresh(server.app, member.email);
    expect((await api('GET', '/api/cs/me', tokens)).json().status).toBe('online');
    const out = await api('POST', '/api/auth/logout', tokens, {});
    expect(out.statusCode, out.body).toBe(200);
    const again = await signInFresh(server.app, member.email);
    expect((await api('GET', '/api/cs/me', again)).json().status).toBe('offline');
    const agents = (await api('GET', '/api/cs/agents', owner)).json().items;
    expect(agents.find((a: { userId: string }) => a.userId === ids.cs2b)).toMatchObject({
      status: 'offline',
    });
    // A user without an assignable position (the owner) has no status to switch: it stays as it was.
    const ownerSession = await signInFresh(server.app, biz.owner.email);
    await api('POST', '/api/auth/logout', ownerSession, {});
    expect((await api('GET', '/api/cs/me', owner)).json().status).toBe('online');
    // Another business's agent is untouched.
    const otherAgent = await signInFresh(server.app, other.agent.email);
    expect((await api('GET', '/api/cs/me', otherAgent)).json().status).toBe('online');
    expect((await api('PUT', '/api/cs/me/status', again, { status: 'online' })).json().status).toBe('online');
  });

  it('hides phone numbers when bit 128 is set (featureCs for agents, featureManager for supervisors)', async () => {
    const { ticketId, phone } = await waitingTicket();
    await api('POST', `/api/tickets/${ticketId}/assign`, owner, { assigneeId: ids.cs2 });
    const base = (await api('GET', '/api/cs/configuration', owner)).json();
    expect(base).toMatchObject({ featureCs: 0, isAutoAssignFeature: false });
    const set = await api('PUT', '/api/cs/configuration', owner, { ...base, featureCs: 128 });
    expect(set.statusCode, set.body).toBe(200);
    const mine = await api('GET', `/api/tickets/${ticketId}`, cs2);
    expect(mine.json().contact.handle).toBe(`${'•'.repeat(phone.length - 3)}${phone.slice(-3)}`);
    const list = (await api('GET', '/api/inbox/tickets?tab=assigned', cs2)).json();
    expect(list.items.find((t: { id: string }) => t.id === ticketId).contact.handle).not.toContain(
      phone.slice(0, 6),
    );
    expect((await api('GET', `/api/tickets/${ticketId}`, spv1)).json().contact.handle).toBe(phone);
    expect((await api('GET', `/api/tickets/${ticketId}`, owner)).json().contact.handle).toBe(phone);
    await api('PUT', '/api/cs/configuration', owner, { ...base, featureManager: 128 });
    expect((await api('GET', `/api/tickets/${ticketId}`, spv1)).json().contact.handle).not.toBe(phone);
    expect((await api('GET', `/api/tickets/${ticketId}`, cs2)).json().contact.handle).toBe(phone);
    await api('PUT', '/api/cs/configuration', owner, base);
    // Only CS setting may change it; reading needs the inbox.
    expect((await api('PUT', '/api/cs/configuration', cs2, base)).statusCode).toBe(403);
    expect((await api('GET', '/api/cs/configuration', cs2)).statusCode).toBe(200);
  });

  it('hides phone numbers in socket events the same way (a masked and an unmasked receiver)', async () => {
    const first = await waitingTicket();
    const second = await waitingTicket();
    await api('POST', `/api/tickets/${first.ticketId}/assign`, owner, { assigneeId: ids.cs2 });
    await api('POST', `/api/tickets/${second.ticketId}/assign`, owner, { assigneeId: ids.cs2b });
    const masked = (phone: string) => `${'•'.repeat(phone.length - 3)}${phone.slice(-3)}`;
    const flags0 = (await api('GET', '/api/cs/configuration', owner)).json();
    // cs2 connects before the flag changes (the bus tells its process), cs2b after (loaded on connect).
    const sockets: Record<string, TestSocket> = {};
    for (const [name, tokens] of Object.entries({ owner, spv1, cs2 }))
      sockets[name] = await connectChat(base, tokens.accessToken);
    expect((await api('PUT', '/api/cs/configuration', owner, { ...flags0, featureCs: 128 })).statusCode).toBe(
      200,
    );
    sockets.cs2b = await connectChat(base, cs2b.accessToken);
    try {
      const handleIn = async (s: TestSocket, ticketId: string, marker: string) => {
        const event = await waitFor(async () =>
          s.received.find(
            (e) => e.type === 'ticket.updated' && e.ticket.id === ticketId && e.ticket.remarks === marker,
          ),
        );
        return event.type === 'ticket.updated' ? event.ticket.contact.handle : '';
      };
      const publishMarked = async (ticketId: string, marker: string) => {
        const summary = await getTicketSummary(server.deps.db, biz.clientId, ticketId);
        await publishRealtime(server.deps, {
          type: 'ticket.updated',
          clientId: biz.clientId,
          ticket: { ...summary!, remarks: marker },
        });
      };
      const m1 = `mask-${randomUUID()}`;
      await publishMarked(first.ticketId, m1);
      await publishMarked(second.ticketId, m1);
      expect(await handleIn(sockets.cs2!, first.ticketId, m1)).toBe(masked(first.phone));
      expect(await handleIn(sockets.cs2b!, second.ticketId, m1)).toBe(masked(second.phone));
      expect(await handleIn(sockets.owner!, first.ticketId, m1)).toBe(first.phone);
      expect(await handleIn(sockets.spv1!, first.ticketId, m1)).toBe(first.phone);
      expect(await handleIn(sockets.spv1!, second.ticketId, m1)).toBe(second.phone);

      // A real reply: message.created carries the ticket summary, masked for the agent only.
      expect((await reply(first.ticketId, cs2)).statusCode).toBe(200);
      const created = (s: TestSocket) =>
        waitFor(async () => {
          const e = s.received.find((e) => e.type === 'message.created' && e.ticket.id === first.ticketId);
          return e?.type === 'message.created' ? e.ticket.contact.handle : undefined;
        });
      expect(await created(sockets.cs2!)).toBe(masked(first.phone));
      expect(await created(sockets.owner!)).toBe(first.phone);
      // Nothing unmasked ever reached the agents' sockets.
      for (const s of [sockets.cs2!, sockets.cs2b!])
        expect(JSON.stringify(s.received)).not.toMatch(new RegExp(`${first.phone}|${second.phone}`));

      // Manager flags: supervisors masked, agents not any more.
      await api('PUT', '/api/cs/configuration', owner, { ...flags0, featureManager: 128 });
      const m2 = `mask-${randomUUID()}`;
      await publishMarked(first.ticketId, m2);
      expect(await handleIn(sockets.spv1!, first.ticketId, m2)).toBe(masked(first.phone));
      expect(await handleIn(sockets.cs2!, first.ticketId, m2)).toBe(first.phone);
      expect(await handleIn(sockets.owner!, first.ticketId, m2)).toBe(first.phone);
    } finally {
      await api('PUT', '/api/cs/configuration', owner, flags0);
      for (const s of Object.values(sockets)) s.ws.terminate();
    }
  });

  it('refuses to delete a user with assigned or open tickets (001 §5)', async () => {
    const { ticketId } = await waitingTicket();
    await api('POST', `/api/tickets/${ticketId}/assign`, owner, { assigneeId: ids.cs2b });
    const refused = await api('DELETE', `/api/admin/users/${ids.cs2b}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('user.deleteBlockedTickets');
  });
});

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
