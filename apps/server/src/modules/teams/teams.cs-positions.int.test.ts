import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { waitFor } from '../../../test/harness.js';
import { connectChat, type TestSocket } from '../../../test/realtime-client.js';
import {
  api,
  base,
  biz,
  cs1,
  cs2,
  cs2b,
  ids,
  listIds,
  other,
  owner,
  reply,
  server,
  spv1,
  useTeamsServer,
  waitingTicket,
} from '../../../test/servers/teams.js';
import { assignTicket, getTicketSummary, publishRealtime } from '../conversations/index.js';

/** Who sees and does what per CS position (000 §6; 001 §5), on the teams server (test/servers/teams.ts). */
useTeamsServer();

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
