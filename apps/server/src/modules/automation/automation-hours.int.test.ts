import { wibClockOf } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestServer, testDbKind, waitFor } from '../../../test/harness.js';
import {
  advance,
  agent,
  api,
  automaticOf,
  biz,
  clock,
  customerWrites,
  makeDue,
  newPhone,
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
import { csConfigurations, csGroups } from '../teams/index.js';

useAutomationServer();

const agentId = () => biz.userIds[biz.agent.email]!;

describe('opening hours in assignment (000 §2 group operational hours)', () => {
  it('a chat for a closed group waits and gets the out-of-hours reply; when the group opens it is assigned', async () => {
    await saveSettings(settingsWith({ showOncePerDay: false }));
    // The default group with the agent in it, open only tomorrow (WIB).
    const group = (await api('POST', '/api/cs/groups', owner, { name: 'Toko' })).json();
    await api('POST', `/api/cs/groups/${group.id}/members`, owner, { userIds: [agentId()] });
    const tomorrow = (wibClockOf(clock()).day + 1) % 7;
    await api('PUT', `/api/cs/groups/${group.id}`, owner, {
      name: 'Toko',
      operationalHours: [{ day: tomorrow, open: true, from: '08:00', to: '17:00' }],
    });
    await server.deps.db
      .insert(csConfigurations)
      .values({ clientId: biz.clientId, isAutoAssignFeature: true });
    const ticketId = await customerWrites(newPhone(), 'Malam-malam');
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    expect(await automaticOf(ticketId)).toMatchObject([{ kind: 'outOfHours' }]);
    await waitFor(async () => (await waitingJobs('automation.hours-open')) === 1);
    expect((await ticketOf(ticketId)).assigneeId).toBeNull();
    // Play mode hands out nothing of a closed group either.
    const play = await api('POST', '/api/play/start', agent, { channel: 'WAP' });
    expect(play.statusCode, play.body).toBe(200);
    expect((await ticketOf(ticketId)).assigneeId).toBeNull();
    // Tomorrow comes: the group is open all week now and the queued round assigns the waiting chat.
    await server.deps.db
      .update(csGroups)
      .set({ operationalHours: [] })
      .where(and(eq(csGroups.clientId, biz.clientId), eq(csGroups.id, group.id)));
    advance(24 * 60);
    await makeDue('automation.hours-open');
    await waitFor(async () => (await ticketOf(ticketId)).assigneeId === agentId());
  });
});

describe('scheduled automation and a restart', () => {
  it.skipIf(testDbKind() === 'pglite')(
    'an auto close scheduled before the worker stops fires from the next process, once',
    async () => {
      resetClock();
      await saveSettings(
        settingsWith({
          days: settingsWith({}).days.map((d) => ({ ...d, outOfHoursMessage: '' })),
          autoClose: { enabled: true, message: 'Ditutup ya', description: 'Otomatis', delayMinutes: 5 },
        }),
      );
      const ticketId = await customerWrites(newPhone(), 'Sebelum restart');
      await waitFor(async () => (await pendingCloseOf(ticketId)) !== undefined);
      // The worker stops with the close pending in PostgreSQL; a new process takes over.
      await server.deps.jobs.stop();
      const next = await startTestServer({ sameDatabaseAs: server, work: true, clock });
      try {
        advance(6);
        await waitFor(async () => (await ticketOf(ticketId)).status === 'resolved');
        expect(await automaticOf(ticketId)).toMatchObject([{ kind: 'autoClose', text: 'Ditutup ya' }]);
        await waitFor(async () => (await pendingCloseOf(ticketId, next)) === undefined);
      } finally {
        await next.close();
      }
    },
  );
});
