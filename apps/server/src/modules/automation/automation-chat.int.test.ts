import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import {
  advance,
  api,
  automaticOf,
  biz,
  clock,
  customerWrites,
  graph,
  makeDue,
  newPhone,
  otherOwner,
  owner,
  pendingCloseOf,
  resetClock,
  saveSettings,
  server,
  settingsWith,
  ticketOf,
  useAutomationServer,
  waitingJobs,
} from '../../../test/servers/automation.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { selectLog } from './automation.repository.js';

useAutomationServer();

const MINUTE = 60_000;
const sentTexts = () => graph.requests.map((r) => (r.body.text as { body?: string } | undefined)?.body);

describe('automatic chat (001 §3; sent through the channel, visible in the chat)', () => {
  it('answers out of hours once a day per customer and sends it through WhatsApp', async () => {
    await saveSettings(settingsWith({ showOncePerDay: true }));
    const phone = newPhone();
    const ticketId = await customerWrites(phone, 'Halo, masih buka?');
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    expect(await automaticOf(ticketId)).toMatchObject([{ kind: 'outOfHours', text: 'Kami tutup' }]);
    await waitFor(async () => sentTexts().includes('Kami tutup'));
    await customerWrites(phone, 'Halo lagi');
    // The second message's job has run when its follow-up-free inbound job is gone from the queue.
    await waitFor(async () => (await waitingJobs('automation.inbound')) === 0);
    expect(await automaticOf(ticketId)).toHaveLength(1);
  });

  it('greets in hours with the day’s message (24 hours today)', async () => {
    const s = settingsWith({ showOncePerDay: false });
    await saveSettings({
      ...s,
      days: s.days.map((d) => ({ ...d, mode: 'ALL_DAY', inHoursMessage: 'Selamat datang' })),
    });
    const ticketId = await customerWrites(newPhone(), 'Pagi');
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    expect(await automaticOf(ticketId)).toMatchObject([{ kind: 'inHours', text: 'Selamat datang' }]);
  });

  it('follows up once after N minutes without an agent reply; an agent reply stops it', async () => {
    const s = settingsWith({ followUp: { enabled: true, message: 'Mohon ditunggu ya', delayMinutes: 10 } });
    await saveSettings({ ...s, days: s.days.map((d) => ({ ...d, outOfHoursMessage: '' })) });
    const waiting = await customerWrites(newPhone(), 'Ada stok?');
    const answered = await customerWrites(newPhone(), 'Ada warna lain?');
    // Both follow-ups are scheduled before the agent answers one (the customer's message is handled by a job).
    await waitFor(async () => (await waitingJobs('automation.follow-up')) === 2);
    const reply = await api('POST', `/api/tickets/${answered}/messages`, owner, {
      text: 'Ada kak',
      clientMessageId: crypto.randomUUID(),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // Early (the clock has not moved): the job puts itself back for its time.
    await makeDue('automation.follow-up');
    await waitFor(async () => (await waitingJobs('automation.follow-up')) === 1);
    expect(await automaticOf(waiting)).toEqual([]);
    advance(10);
    await makeDue('automation.follow-up');
    await waitFor(async () => (await automaticOf(waiting)).length === 1);
    expect(await automaticOf(waiting)).toMatchObject([{ kind: 'followUp', text: 'Mohon ditunggu ya' }]);
    await waitFor(async () => (await waitingJobs('automation.follow-up')) === 0);
    expect(await automaticOf(answered)).toEqual([]);
  });

  it('auto closes after N minutes of customer silence; writing again cancels the pending close', async () => {
    const s = settingsWith({
      autoClose: { enabled: true, message: 'Chat ditutup', description: 'Tutup otomatis', delayMinutes: 30 },
    });
    await saveSettings({ ...s, days: s.days.map((d) => ({ ...d, outOfHoursMessage: '' })) });
    const phone = newPhone();
    const now = clock().getTime();
    const ticketId = await customerWrites(phone, 'Pesan pertama', now - 20 * MINUTE);
    await customerWrites(phone, 'Pesan kedua', now);
    // The first close was due 10 minutes from now; writing again moved it to 30 minutes after the second message
    // (a timestamp ahead of the server's time counts as received now).
    await waitFor(async () => ((await pendingCloseOf(ticketId))?.since.getTime() ?? 0) > now - 19 * MINUTE);
    expect((await pendingCloseOf(ticketId))!.dueAt.getTime()).toBeGreaterThan(now + 10 * MINUTE);
    advance(15);
    expect((await ticketOf(ticketId)).status).not.toBe('resolved');
    advance(16);
    await waitFor(async () => (await ticketOf(ticketId)).status === 'resolved');
    const closed = await ticketOf(ticketId);
    expect(closed).toMatchObject({ resolveNote: 'Tutup otomatis', resolvedBy: null });
    expect(await automaticOf(ticketId)).toMatchObject([{ kind: 'autoClose', text: 'Chat ditutup' }]);
  });

  it('does not auto close a free account’s chats (001 §4) and records why', async () => {
    await server.deps.db.update(clients).set({ accountStatus: 'Free' }).where(eq(clients.id, biz.clientId));
    try {
      const state = (await api('GET', '/api/settings/store/auto-chat', owner)).json();
      expect(state).toMatchObject({ autoCloseAvailable: false, autoCloseBlockedBy: 'free' });
      // Written 40 minutes ago with a 30-minute close: the close is due at once and runs without a nudge.
      const ticketId = await customerWrites(newPhone(), 'Halo gratis', clock().getTime() - 40 * MINUTE);
      await waitFor(async () =>
        (await selectLog(server.deps.db, biz.clientId, ticketId)).some((l) => l.kind === 'autoClose'),
      );
      const log = await selectLog(server.deps.db, biz.clientId, ticketId);
      expect(log.find((l) => l.kind === 'autoClose')).toMatchObject({
        outcome: 'skipped',
        reason: 'unavailable:free',
      });
      expect((await ticketOf(ticketId)).status).not.toBe('resolved');
    } finally {
      await server.deps.db
        .update(clients)
        .set({ accountStatus: 'Active' })
        .where(eq(clients.id, biz.clientId));
    }
  });

  it('skips a message the reply window no longer allows, with the reason', async () => {
    await saveSettings(settingsWith({ showOncePerDay: false }));
    // A message from two days ago: WhatsApp's 24-hour window is closed, a template would be needed.
    const ticketId = await customerWrites(newPhone(), 'Pesan lama', clock().getTime() - 48 * 60 * MINUTE);
    await waitFor(async () => (await selectLog(server.deps.db, biz.clientId, ticketId)).length === 1);
    expect(await selectLog(server.deps.db, biz.clientId, ticketId)).toMatchObject([
      { kind: 'outOfHours', outcome: 'skipped', reason: 'outsideWindow', messageId: null },
    ]);
    expect(await automaticOf(ticketId)).toEqual([]);
  });
});

describe('satisfaction survey (001 §3 survey rating)', () => {
  it('asks on resolve; the customer’s numbered reply is stored on the ticket and shown in the ticket list', async () => {
    resetClock();
    const s = settingsWith({
      survey: { enabled: true, template: 'Nilai kami dong', thanks: 'Makasih!', style: 'list' },
    });
    await saveSettings({ ...s, days: s.days.map((d) => ({ ...d, outOfHoursMessage: '' })) });
    const phone = newPhone();
    const ticketId = await customerWrites(phone, 'Mau tanya');
    const resolved = await api('POST', `/api/tickets/${ticketId}/resolve`, owner, { note: 'Selesai' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    const [survey] = await automaticOf(ticketId);
    expect(survey).toMatchObject({ kind: 'survey' });
    expect(survey!.text).toBe('Nilai kami dong');
    // WhatsApp asks with an interactive list of the 5 ratings.
    await waitFor(async () => graph.requests.some((r) => r.body.type === 'interactive'));
    const asked = graph.requests.find((r) => r.body.type === 'interactive')!.body.interactive as {
      type: string;
      body: { text: string };
      action: { button: string; sections: { rows: { id: string; title: string }[] }[] };
    };
    expect(asked.type).toBe('list');
    expect(asked.body.text).toBe('Nilai kami dong');
    expect(asked.action.sections[0]!.rows.map((r) => r.id)).toEqual([
      'survey:5',
      'survey:4',
      'survey:3',
      'survey:2',
      'survey:1',
    ]);
    const answerTicket = await customerWrites(phone, '5 cepat sekali');
    await waitFor(async () => (await ticketOf(answerTicket)).status === 'resolved');
    expect(await automaticOf(answerTicket)).toMatchObject([{ kind: 'surveyThanks', text: 'Makasih!' }]);
    const list = await api('GET', '/api/ticket-list?status=resolved&limit=50', owner);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((r: { id: string }) => r.id === ticketId);
    expect(row.rating).toEqual({ value: 5, comment: 'cepat sekali', remarks: null, csTags: [] });
    // The answer's own chat asks nothing.
    await waitFor(async () => (await waitingJobs('automation.survey')) === 0);
    expect((await automaticOf(answerTicket)).map((m) => m.kind)).toEqual(['surveyThanks']);
  });

  it('with 3 reply buttons, a tapped button is the rating', async () => {
    const s = settingsWith({
      survey: { enabled: true, template: 'Puas?', thanks: 'Makasih banyak!', style: 'buttons' },
    });
    await saveSettings({ ...s, days: s.days.map((d) => ({ ...d, outOfHoursMessage: '' })) });
    const phone = newPhone();
    const ticketId = await customerWrites(phone, 'Tanya ongkir');
    await api('POST', `/api/tickets/${ticketId}/resolve`, owner, { note: 'Beres' });
    const isAsk = (r: (typeof graph.requests)[number]) =>
      r.body.to === phone && (r.body.interactive as { type?: string } | undefined)?.type === 'button';
    await waitFor(async () => graph.requests.some(isAsk));
    const buttons = (
      graph.requests.find(isAsk)!.body.interactive as {
        action: { buttons: { reply: { id: string; title: string } }[] };
      }
    ).action.buttons.map((b) => b.reply);
    expect(buttons.map((b) => b.id)).toEqual(['survey:5', 'survey:3', 'survey:1']);
    const tapped = buttons[1]!;
    const answerTicket = await customerWrites(phone, tapped.title, clock().getTime(), {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: tapped },
    });
    await waitFor(async () => (await ticketOf(answerTicket)).status === 'resolved');
    const list = await api('GET', '/api/ticket-list?status=resolved&limit=50', owner);
    const row = list.json().items.find((r: { id: string }) => r.id === ticketId);
    expect(row.rating).toMatchObject({ value: 3, comment: null });
  });

  it('keeps the handling agent’s CS tags; an agent writes remarks on the survey; both are in the ticket list', async () => {
    const s = settingsWith({ survey: { enabled: true, template: 'Nilai?', thanks: 'Oke!', style: 'list' } });
    await saveSettings({ ...s, days: s.days.map((d) => ({ ...d, outOfHoursMessage: '' })) });
    const phone = newPhone();
    const ticketId = await customerWrites(phone, 'Tanya stok');
    const remarksOf = (id: string, tokens = owner, remarks: unknown = 'Pelanggan lama, puas') =>
      api('PUT', `/api/tickets/${id}/survey/remarks`, tokens, { remarks });
    // No survey yet: its own message, 404.
    const early = await remarksOf(ticketId);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('This chat has no satisfaction survey.');
    const agentUser = sql`(select id from users where email = ${biz.agent.email})`;
    await server.deps.db.execute(
      sql`update memberships set cs_tags = '{senior,fashion}' where client_id = ${biz.clientId}::uuid and user_id = ${agentUser}`,
    );
    await server.deps.db.execute(
      sql`update tickets set assignee_id = ${agentUser} where id = ${ticketId}::uuid`,
    );
    await api('POST', `/api/tickets/${ticketId}/resolve`, owner, { note: 'Beres' });
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    const answerTicket = await customerWrites(phone, '4');
    await waitFor(async () => (await ticketOf(answerTicket)).status === 'resolved');

    const saved = await remarksOf(ticketId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ remarks: 'Pelanggan lama, puas' });
    // Too long: 400 with the field's message; another business: 404 (the chat is not theirs).
    const long = await remarksOf(ticketId, owner, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect((await remarksOf(ticketId, otherOwner)).statusCode).toBe(404);
    const list = await api('GET', '/api/ticket-list?status=resolved&limit=50', owner);
    const row = list.json().items.find((r: { id: string }) => r.id === ticketId);
    expect(row.rating).toEqual({
      value: 4,
      comment: null,
      remarks: 'Pelanggan lama, puas',
      csTags: ['senior', 'fashion'],
    });
    // Empty clears it.
    expect((await remarksOf(ticketId, owner, '  ')).json()).toEqual({ remarks: '' });
    const cleared = await api('GET', '/api/ticket-list?status=resolved&limit=50', owner);
    expect(cleared.json().items.find((r: { id: string }) => r.id === ticketId).rating.remarks).toBeNull();
  });

  it('a number without a waiting survey is an ordinary message', async () => {
    const ticketId = await customerWrites(newPhone(), '3');
    await waitFor(async () => (await waitingJobs('automation.inbound')) === 0);
    expect((await ticketOf(ticketId)).status).toBe('unassigned');
    const rows = await server.deps.db.execute(
      sql`select count(*)::int as n from ticket_surveys where ticket_id = ${ticketId}::uuid`,
    );
    expect(rows).toBeDefined();
  });
});
