import type { AutoChatSettings, TokenPair } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { autoCloseDue } from '../../src/modules/automation/automation.schema.js';
import { DEFAULT_AUTO_CHAT } from '../../src/modules/automation/automation.settings.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { rowsOf } from '../../src/platform/db/rows.js';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import { makeBusiness } from '../fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../harness.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  postWebhook,
  startFakeGraph,
} from '../whatsapp.js';

/**
 * The automation tests' server (`automation*.int.test.ts`): business `biz` with a WhatsApp number on a fake Graph
 * API, `other` for isolation, and the automation's clock in the test's hands (`advance`).
 */
export let server: TestServer;
export let graph: FakeGraph;
export let biz: Awaited<ReturnType<typeof makeBusiness>>;
export let other: Awaited<ReturnType<typeof makeBusiness>>;
export let owner: TokenPair;
export let admin: TokenPair;
export let agent: TokenPair;
export let otherOwner: TokenPair;
export let accountId: string;
let offsetMs = 0;
/** The automation's clock: real time moved on by `advance`. */
export const clock = () => new Date(Date.now() + offsetMs);
export const advance = (minutes: number) => {
  offsetMs += minutes * 60_000;
};
/** Back to real time (a chat resolved by a person is resolved at real time). */
export const resetClock = () => {
  offsetMs = 0;
};
export const api = apiClient(() => server.app);

export function useAutomationServer() {
  beforeAll(async () => {
    server = await startTestServer({ clock });
    graph = await startFakeGraph();
    biz = await makeBusiness(server.deps.db, 'Otomatis');
    other = await makeBusiness(server.deps.db, 'Lain');
    owner = await signInFresh(server.app, biz.owner.email);
    admin = await signInFresh(server.app, biz.admin.email);
    agent = await signInFresh(server.app, biz.agent.email);
    otherOwner = await signInFresh(server.app, other.owner.email);
    accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
    // Chat credits, so auto close may run (001 §4: off without credits).
    await server.deps.db.execute(
      sql`update chat_credit_wallets set balance = 100000 where client_id = ${biz.clientId}::uuid`,
    );
  });
  afterAll(async () => {
    await server.close();
    await graph.close();
  });
}

/** Every day closed (so every message is out of hours) unless `days` says otherwise. */
export function settingsWith(overrides: Partial<AutoChatSettings>): AutoChatSettings {
  return {
    ...DEFAULT_AUTO_CHAT,
    enabled: true,
    days: DEFAULT_AUTO_CHAT.days.map((d) => ({
      ...d,
      mode: 'CLOSED' as const,
      outOfHoursMessage: 'Kami tutup',
    })),
    ...overrides,
  };
}

export async function saveSettings(settings: AutoChatSettings, tokens = owner) {
  const res = await api('PUT', '/api/settings/store/auto-chat', tokens, settings);
  expect(res.statusCode, res.body).toBe(200);
}

let phones = 0;
export const newPhone = () => `62812${String(Date.now()).slice(-5)}${String(++phones).padStart(2, '0')}`;

/** A customer writes on WhatsApp (at `at`, the provider's timestamp); resolves to the open ticket's id. */
/** A customer's message (or, with `raw`, another WhatsApp message type whose text shows as `text`). */
export async function customerWrites(
  from: string,
  text: string,
  at = clock().getTime(),
  raw?: Record<string, unknown>,
) {
  const body = delivery([
    changeValue({ messages: [{ from, text, timestamp: at, ...(raw ? { raw } : {}) }] }),
  ]);
  expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
  return waitFor(async () => {
    const [row] = await server.deps.db
      .select({ id: tickets.id })
      .from(messages)
      .innerJoin(tickets, and(eq(tickets.clientId, messages.clientId), eq(tickets.id, messages.ticketId)))
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.text, text), eq(messages.direction, 'in')));
    return row?.id;
  });
}

/** The automatic messages of a ticket, oldest first: [kind, text, status]. */
export async function automaticOf(ticketId: string) {
  const rows = await server.deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.clientId, biz.clientId),
        eq(messages.ticketId, ticketId),
        eq(messages.direction, 'out'),
      ),
    )
    .orderBy(messages.createdAt);
  return rows
    .filter((m) => m.payload?.automatic)
    .map((m) => ({ kind: m.payload?.automatic, text: m.text, status: m.status }));
}

export async function ticketOf(ticketId: string) {
  const [row] = await server.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
  return row!;
}

/** Time passes for pg-boss too: the waiting jobs of a queue become due now (their time is in the database). */
export async function makeDue(queue: string, target: TestServer = server) {
  await target.deps.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${queue} and state in ('created', 'retry')`,
  );
}

export async function waitingJobs(queue: string, target: TestServer = server): Promise<number> {
  const rows = await target.deps.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and state in ('created', 'retry')`,
  );
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** The chat's pending auto close (`auto_close_due`), if any. */
export async function pendingCloseOf(ticketId: string, target: TestServer = server) {
  const [row] = await target.deps.db.select().from(autoCloseDue).where(eq(autoCloseDue.ticketId, ticketId));
  return row;
}
