import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import { connectChat } from '../../../test/realtime-client.js';
import {
  admin,
  api,
  base,
  biz,
  contactOnly,
  csAgent,
  finished,
  newTicket,
  other,
  otherAccountId,
  otherOwner,
  owner,
  progressOf,
  server,
  sockets,
  startJob,
  ticketRows,
  useBulkServer,
} from '../../../test/servers/bulk.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { messages, tickets } from '../conversations/index.js';

/** Bulk ticket actions (000 §3 bulk ticket action and job, §4 bulk update, §7 PUT tickets/bulk, §8). */
useBulkServer();

describe('bulk actions', () => {
  it('changes every ticket matching the filter and tells the requester its progress, nobody else', async () => {
    const tag = `promo${Date.now().toString(36)}`;
    const tagged = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => newTicket(`Promo ${i}`)));
    const untagged = await Promise.all([1, 2].map((i) => newTicket(`Biasa ${i}`)));
    await server.deps.db
      .update(tickets)
      .set({ tags: [tag] })
      .where(
        inArray(
          tickets.id,
          tagged.map((t) => t.ticketId),
        ),
      );
    const mine = await connectChat(base, admin.accessToken);
    const theirs = await connectChat(base, owner.accessToken);
    const stranger = await connectChat(base, otherOwner.accessToken);
    sockets.push(mine, theirs, stranger);

    const count = await api('GET', `/api/bulk-jobs/matching?tab=unassigned&tag=${tag}`, admin);
    expect(count.json()).toEqual({ count: 7, overLimit: false });
    const { jobId, totalTickets } = await startJob({
      selection: { kind: 'filter', filter: { tab: 'unassigned', tag } },
      action: {
        status: 'resolved',
        priority: 1,
        addTags: ['selesai', tag.toUpperCase()],
        remarks: ' Promo usai ',
      },
    });
    expect(totalTickets).toBe(7);
    const job = await finished(server.app, jobId);
    expect(job).toMatchObject({ id: jobId, status: 'COMPLETED', totalTickets: 7, processed: 7, failed: 0 });
    expect(job.finishedAt).toEqual(expect.any(Number));

    const rows = await ticketRows([...tagged, ...untagged].map((t) => t.ticketId));
    for (const { ticketId } of tagged)
      expect(rows.get(ticketId)).toMatchObject({
        status: 'resolved',
        priority: 1,
        tags: [tag, 'selesai'],
        remarks: 'Promo usai',
        resolvedBy: biz.userIds[biz.admin.email],
      });
    for (const { ticketId } of untagged)
      expect(rows.get(ticketId)).toMatchObject({ status: 'unassigned', priority: 3, tags: [] });

    // The requester sees the job complete; the other agent sees the tickets change, not the job.
    await waitFor(async () => progressOf(mine, jobId).some((e) => e.job.status === 'COMPLETED'));
    expect(progressOf(mine, jobId).at(-1)?.job).toMatchObject({ processed: 7, totalTickets: 7 });
    await waitFor(async () => {
      const seen = new Set(
        theirs.received.flatMap((e) => (e.type === 'ticket.updated' ? [e.ticket.id] : [])),
      );
      return tagged.every((t) => seen.has(t.ticketId));
    });
    expect(progressOf(theirs, jobId)).toEqual([]);
    expect(stranger.received.filter((e) => e.clientId === biz.clientId)).toEqual([]);

    // The job is listed for its owner (the progress bar after a reload), not for another user.
    const listed = await api('GET', '/api/bulk-jobs', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items[0]).toMatchObject({ id: jobId, status: 'COMPLETED' });
    expect((await api('GET', '/api/bulk-jobs', owner)).json().items).toEqual([]);
    expect((await api('GET', `/api/bulk-jobs/${jobId}`, owner)).statusCode).toBe(404);
  });

  it('logs the tickets it cannot change (resolved already, unknown, another business) and changes none of them', async () => {
    const open = await newTicket('Terbuka');
    const closed = await newTicket('Tertutup');
    await server.deps.db.update(tickets).set({ status: 'resolved' }).where(eq(tickets.id, closed.ticketId));
    const foreign = await openWhatsappTicket(server.deps.db, {
      clientId: other.clientId,
      channelAccountId: otherAccountId,
    });
    const unknown = '0190f4c8-0000-7000-8000-0000000000ff';
    const { jobId, totalTickets } = await startJob({
      selection: {
        kind: 'ids',
        ids: [open.ticketId, closed.ticketId, foreign.ticketId, unknown, open.ticketId],
      },
      action: { status: 'resolved', remarks: 'massal' },
    });
    expect(totalTickets).toBe(4);
    expect(await finished(server.app, jobId)).toMatchObject({
      status: 'COMPLETED',
      processed: 4,
      failed: 3,
    });
    const log = await api('GET', `/api/bulk-jobs/${jobId}/failures`, admin);
    expect(log.statusCode).toBe(200);
    const byTicket = new Map(log.json().items.map((f: { ticketId: string }) => [f.ticketId, f] as const));
    expect(byTicket.size).toBe(3);
    expect(byTicket.get(closed.ticketId)).toMatchObject({
      reason: 'inbox.ticketClosed',
      displayId: expect.stringMatching(/^T-\d{6}$/),
    });
    // Another business's ticket is "not found", and its readable id is never shown.
    expect(byTicket.get(foreign.ticketId)).toEqual({
      ticketId: foreign.ticketId,
      displayId: null,
      reason: 'bulk.ticketNotFound',
    });
    expect(byTicket.get(unknown)).toMatchObject({ reason: 'bulk.ticketNotFound', displayId: null });

    const rows = await ticketRows([open.ticketId, closed.ticketId]);
    expect(rows.get(open.ticketId)).toMatchObject({ status: 'resolved', remarks: 'massal' });
    expect(rows.get(closed.ticketId)).toMatchObject({ status: 'resolved', remarks: null });
    const [foreignRow] = await server.deps.db.select().from(tickets).where(eq(tickets.id, foreign.ticketId));
    expect(foreignRow).toMatchObject({ status: 'unassigned', remarks: null, resolvedAt: null });
    // A filter never reaches another business: theirs has no job of ours and ours none of theirs.
    expect((await api('GET', `/api/bulk-jobs/${jobId}/failures`, otherOwner)).statusCode).toBe(404);
  });

  it('adds an internal note once per ticket, sends public replies only inside the window, assigns', async () => {
    const a = await newTicket('Catatan A');
    const b = await newTicket('Catatan B');
    const note = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId, b.ticketId] },
      action: { sendMessageAs: 'internal', message: 'Sudah dicek', assignedCs: biz.userIds[biz.agent.email] },
    });
    expect(await finished(server.app, note.jobId)).toMatchObject({ status: 'COMPLETED', failed: 0 });
    const notes = await server.deps.db
      .select()
      .from(messages)
      .where(inArray(messages.ticketId, [a.ticketId, b.ticketId]));
    expect(notes.map((m) => [m.ticketId, m.visibility, m.status, m.text]).sort()).toEqual(
      [
        [a.ticketId, 'internal', 'sent', 'Sudah dicek'],
        [b.ticketId, 'internal', 'sent', 'Sudah dicek'],
      ].sort(),
    );
    const assigned = await ticketRows([a.ticketId, b.ticketId]);
    expect(assigned.get(a.ticketId)).toMatchObject({
      status: 'assigned',
      assigneeId: biz.userIds[biz.agent.email],
    });

    // Public: only where the customer wrote in the last 24 hours (000 §4); the others are logged.
    await server.deps.db
      .update(tickets)
      .set({ lastCustomerMessageAt: sql`now()` })
      .where(eq(tickets.id, a.ticketId));
    const reply = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId, b.ticketId] },
      action: { sendMessageAs: 'public', message: 'Halo semua' },
    });
    expect(await finished(server.app, reply.jobId)).toMatchObject({ status: 'COMPLETED', failed: 1 });
    const log = (await api('GET', `/api/bulk-jobs/${reply.jobId}/failures`, admin)).json().items;
    expect(log).toEqual([expect.objectContaining({ ticketId: b.ticketId, reason: 'inbox.expiredWhatsapp' })]);
    const replies = await server.deps.db
      .select()
      .from(messages)
      .where(and(inArray(messages.ticketId, [a.ticketId, b.ticketId]), eq(messages.visibility, 'public')));
    expect(replies.map((m) => [m.ticketId, m.direction, m.text])).toEqual([
      [a.ticketId, 'out', 'Halo semua'],
    ]);
    const [ticketA] = await server.deps.db.select().from(tickets).where(eq(tickets.id, a.ticketId));
    expect(ticketA).toMatchObject({
      lastMessagePreview: 'Halo semua',
      lastMessageDirection: 'out',
      responded: true,
    });
  });

  it("a CS agent's job touches only the agent's own tickets; the others are logged as not found", async () => {
    const own = await newTicket('Milik agen');
    const others = await newTicket('Milik orang lain');
    const agentId = biz.userIds[biz.members[4]!.email]!;
    await server.deps.db
      .update(tickets)
      .set({ status: 'assigned', assigneeId: agentId, assignedVia: 'manual' })
      .where(eq(tickets.id, own.ticketId));
    const matching = await api('GET', '/api/bulk-jobs/matching?tab=assigned&search=Milik', csAgent);
    expect(matching.json()).toEqual({ count: 1, overLimit: false });
    const { jobId } = await startJob(
      { selection: { kind: 'ids', ids: [own.ticketId, others.ticketId] }, action: { priority: 2 } },
      csAgent,
    );
    expect(await finished(server.app, jobId, csAgent)).toMatchObject({ status: 'COMPLETED', failed: 1 });
    const rows = await ticketRows([own.ticketId, others.ticketId]);
    expect(rows.get(own.ticketId)).toMatchObject({ priority: 2 });
    expect(rows.get(others.ticketId)).toMatchObject({ priority: 3 });
    const log = (await api('GET', `/api/bulk-jobs/${jobId}/failures`, csAgent)).json().items;
    expect(log).toEqual([{ ticketId: others.ticketId, displayId: null, reason: 'bulk.ticketNotFound' }]);
    // A CS agent does not assign (000 §6).
    const assign = await api('POST', '/api/bulk-jobs', csAgent, {
      selection: { kind: 'ids', ids: [own.ticketId] },
      action: { assignedCs: agentId },
    });
    expect(assign.statusCode).toBe(403);
  });

  it('applies a macro to every ticket and moves tickets to a group', async () => {
    const a = await newTicket('Makro A');
    const b = await newTicket('Makro B');
    const macro = await api('POST', '/api/macros', owner, {
      title: `Tutup promo ${Date.now()}`,
      actions: [
        { type: 'priority', priority: 1 },
        { type: 'addTags', tags: ['makro'] },
        { type: 'message', visibility: 'internal', text: 'Ditutup lewat makro' },
      ],
    });
    expect(macro.statusCode, macro.body).toBe(200);
    const applied = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId, b.ticketId] },
      action: { macroId: macro.json().id },
    });
    expect(await finished(server.app, applied.jobId)).toMatchObject({ status: 'COMPLETED', failed: 0 });
    const rows = await ticketRows([a.ticketId, b.ticketId]);
    for (const t of [a, b]) expect(rows.get(t.ticketId)).toMatchObject({ priority: 1, tags: ['makro'] });
    const notes = await server.deps.db
      .select()
      .from(messages)
      .where(and(inArray(messages.ticketId, [a.ticketId, b.ticketId]), eq(messages.visibility, 'internal')));
    expect(notes.map((m) => m.text)).toEqual(['Ditutup lewat makro', 'Ditutup lewat makro']);

    const group = await api('POST', '/api/cs/groups', owner, { name: `Grup ${Date.now() % 100000}` });
    expect(group.statusCode, group.body).toBe(200);
    const moved = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId] },
      action: { assignedCsGroup: group.json().id },
    });
    expect(await finished(server.app, moved.jobId)).toMatchObject({ status: 'COMPLETED', failed: 0 });
    expect((await ticketRows([a.ticketId])).get(a.ticketId)).toMatchObject({ groupId: group.json().id });
    const unknownMacro = await api('POST', '/api/bulk-jobs', admin, {
      selection: { kind: 'ids', ids: [a.ticketId] },
      action: { macroId: '0190f4c8-0000-7000-8000-0000000000ee' },
    });
    expect(unknownMacro.json()).toMatchObject({ statusCode: 400, message: 'This macro no longer exists.' });
  });

  it('saves a custom form on every ticket; a mandatory value left empty is logged per ticket', async () => {
    const a = await newTicket('Formulir A');
    const b = await newTicket('Formulir B');
    const field = await api('POST', '/api/ticket-fields', owner, {
      title: `No. pesanan ${Date.now()}`,
      type: 'text',
    });
    expect(field.statusCode, field.body).toBe(200);
    const form = await api('POST', '/api/ticket-forms', owner, {
      title: `Retur ${Date.now()}`,
      fields: [{ fieldId: field.json().id, mandatory: true }],
    });
    expect(form.statusCode, form.body).toBe(200);
    const filled = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId, b.ticketId] },
      action: {
        form: {
          ticketFormId: form.json().id,
          chatPriority: 2,
          chatCategoryId: null,
          values: { [field.json().id]: 'INV-001' },
        },
      },
    });
    expect(await finished(server.app, filled.jobId)).toMatchObject({ status: 'COMPLETED', failed: 0 });
    const state = await api('GET', `/api/tickets/${b.ticketId}/form`, admin);
    expect(state.json()).toMatchObject({ values: { [field.json().id]: 'INV-001' } });
    expect((await ticketRows([a.ticketId])).get(a.ticketId)).toMatchObject({ priority: 2 });

    // Without priority, category or email CC the form leaves each ticket's own as they are.
    await api('PATCH', `/api/tickets/${b.ticketId}`, owner, { priority: 1 });
    const cc = await api('PUT', `/api/tickets/${b.ticketId}/form`, owner, {
      ticketFormId: form.json().id,
      chatPriority: 1,
      chatCategoryId: null,
      emailCc: 'bos@contoh.com',
      values: { [field.json().id]: 'INV-001' },
    });
    expect(cc.statusCode, cc.body).toBe(200);
    const formOnly = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId, b.ticketId] },
      action: { form: { ticketFormId: form.json().id, values: { [field.json().id]: 'INV-002' } } },
    });
    expect(await finished(server.app, formOnly.jobId)).toMatchObject({ status: 'COMPLETED', failed: 0 });
    const rows = await ticketRows([a.ticketId, b.ticketId]);
    expect(rows.get(a.ticketId)).toMatchObject({ priority: 2 });
    expect(rows.get(b.ticketId)).toMatchObject({ priority: 1 });
    expect((await api('GET', `/api/tickets/${b.ticketId}/form`, admin)).json()).toMatchObject({
      emailCc: 'bos@contoh.com',
      values: { [field.json().id]: 'INV-002' },
    });

    const empty = await startJob({
      selection: { kind: 'ids', ids: [a.ticketId] },
      action: { form: { ticketFormId: form.json().id, chatPriority: 3, chatCategoryId: null, values: {} } },
    });
    expect(await finished(server.app, empty.jobId)).toMatchObject({ status: 'COMPLETED', failed: 1 });
    const log = (await api('GET', `/api/bulk-jobs/${empty.jobId}/failures`, admin)).json().items;
    expect(log).toEqual([expect.objectContaining({ ticketId: a.ticketId, reason: 'ticketForm.saveFailed' })]);
  });

  it('refuses bad input with the translated message, a user without inbox update, and foreign assignees', async () => {
    const { ticketId } = await newTicket();
    const ids = { kind: 'ids', ids: [ticketId] };
    const nothing = await api('POST', '/api/bulk-jobs', admin, { selection: ids, action: {} });
    expect(nothing.json()).toMatchObject({
      statusCode: 400,
      message: 'Choose at least one change to apply.',
    });
    const half = await api(
      'POST',
      '/api/bulk-jobs',
      admin,
      { selection: ids, action: { message: 'x' } },
      'id',
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toMatchObject({ 'action.sendMessageAs': 'Kolom ini wajib diisi' });
    const noTicket = await api('POST', '/api/bulk-jobs', admin, {
      selection: { kind: 'filter', filter: { tag: 'tidak-ada-tiket-dengan-tag-ini' } },
      action: { priority: 2 },
    });
    expect(noTicket.json()).toMatchObject({ statusCode: 400, message: 'Select at least one chat.' });
    const badTag = await api('POST', '/api/bulk-jobs', admin, {
      selection: ids,
      action: { addTags: ['x'.repeat(51)] },
    });
    expect(badTag.json()).toMatchObject({ statusCode: 400, message: 'Max 50 Characters' });
    const foreignAssignee = await api('POST', '/api/bulk-jobs', admin, {
      selection: ids,
      action: { assignedCs: other.userIds[other.agent.email] },
    });
    expect(foreignAssignee.json()).toMatchObject({ statusCode: 400, code: 'inbox.assigneeInvalid' });
    const refused = await api('POST', '/api/bulk-jobs', contactOnly, {
      selection: ids,
      action: { priority: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have no permission to access this menu.');
    expect((await api('GET', '/api/bulk-jobs', contactOnly)).statusCode).toBe(403);
    const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ priority: 3 });
  });
});
