import { randomUUID } from 'node:crypto';
import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { type ChannelAccountConfig, channelAccounts } from '../channels/channels.schema.js';
import { timeTracking } from './ticket-forms.schema.js';

/** 000 §3 time tracker: manual ticket creation sends its duration in seconds with the create call. */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
let telegram: string;

beforeAll(async () => {
  server = await startTestServer({ work: false });
  biz = await makeBusiness(server.deps.db, 'Waktu Buat', [
    { featureAccess: featureStringFrom(['CONTACT']), csPosition: null },
  ]);
  const other = await makeBusiness(server.deps.db, 'Waktu Lain');
  agent = await signInFresh(server.app, biz.agent.email);
  contactOnly = await signInFresh(server.app, biz.members[3]!.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  telegram = uuidv7();
  await server.deps.db.insert(channelAccounts).values({
    clientId: biz.clientId,
    id: telegram,
    channel: 'TLG',
    name: 'Telegram',
    address: '@waktu_bot',
    config: {} as ChannelAccountConfig,
    secrets: '',
  });
});
afterAll(() => server.close());

const api = apiClient(() => server.app);

describe('time tracking of manual ticket creation', () => {
  it('records the seconds spent in the new chat window as create_ticket for the creator', async () => {
    const endedAt = Date.now();
    const entry = {
      id: randomUUID(),
      kind: 'create_ticket',
      startedAt: endedAt - 42_000,
      endedAt,
      durationInSecond: 37,
    };
    const body = {
      channelAccountId: telegram,
      recipient: '@pembeli_waktu',
      clientMessageId: randomUUID(),
      timeTracking: entry,
    };
    const created = await api('POST', '/api/inbox/new-chat', agent, body);
    expect(created.statusCode, created.body).toBe(200);
    const ticketId = created.json().ticket.id as string;
    expect((await api('GET', `/api/tickets/${ticketId}/time-tracking`, agent)).json()).toEqual({
      totalSeconds: 37,
      mySeconds: 37,
    });
    const rows = await server.deps.db
      .select()
      .from(timeTracking)
      .where(and(eq(timeTracking.clientId, biz.clientId), eq(timeTracking.ticketId, ticketId)));
    expect(rows).toMatchObject([
      { kind: 'create_ticket', durationSeconds: 37, userId: biz.userIds[biz.agent.email] },
    ]);
    // Another business cannot read it.
    expect((await api('GET', `/api/tickets/${ticketId}/time-tracking`, otherOwner)).statusCode).toBe(404);
  });

  it('refuses a duration longer than its span, and a user without the inbox', async () => {
    const endedAt = Date.now();
    const tooLong = {
      channelAccountId: telegram,
      recipient: '@pembeli_lain',
      clientMessageId: randomUUID(),
      timeTracking: {
        id: randomUUID(),
        kind: 'create_ticket',
        startedAt: endedAt - 5_000,
        endedAt,
        durationInSecond: 60,
      },
    };
    const bad = await api('POST', '/api/inbox/new-chat', agent, tooLong);
    expect(bad.statusCode).toBe(400);
    const denied = await api('POST', '/api/inbox/new-chat', contactOnly, {
      ...tooLong,
      timeTracking: undefined,
    });
    expect(denied.statusCode).toBe(403);
  });
});
