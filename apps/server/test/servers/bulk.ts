import { featureStringFrom, type RealtimeEvent, type TokenPair } from '@sapa/contracts';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { tickets } from '../../src/modules/conversations/index.js';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import { bearer } from '../fixtures.js';
import { type TestServer, waitFor } from '../harness.js';
import type { TestSocket } from '../realtime-client.js';
import { listenLocally, openWhatsappTicket } from '../ticket-fixtures.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { connectWhatsapp } from '../whatsapp.js';

/**
 * The bulk-action tests' server (`bulk.*.int.test.ts`): business `biz` with a CONTACT-only member and a CS2
 * agent beside owner, admin and agent; a WhatsApp number in each business; chat sockets on `base`, closed
 * with the server.
 */
export let server: TestServer;
export let base: string;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let admin: TokenPair;
/** Customer Service 2: sees only the tickets assigned to them (000 §6). */
export let csAgent: TokenPair;
export let contactOnly: TokenPair;
export let otherOwner: TokenPair;
let accountId: string;
export let otherAccountId: string;
export const sockets: TestSocket[] = [];

export function useBulkServer() {
  useTestServer({
    business: 'Massal',
    members: [{ featureAccess: featureStringFrom(['CONTACT']), csPosition: null }, { csPosition: 'CS2' }],
    other: 'Massal Lain',
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      base = await listenLocally(server);
      admin = await signInFresh(server.app, biz.admin.email);
      contactOnly = await signInFresh(server.app, biz.members[3]!.email);
      csAgent = await signInFresh(server.app, biz.members[4]!.email);
      accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
      otherAccountId = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
    },
    beforeClose: () => {
      for (const s of sockets) s.ws.terminate();
    },
  });
}

export const newTicket = (name?: string) =>
  openWhatsappTicket(server.deps.db, { clientId: biz.clientId, channelAccountId: accountId, name });

export const api = apiClient(() => server.app);

export async function startJob(payload: unknown, tokens = admin) {
  const res = await api('POST', '/api/bulk-jobs', tokens, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { jobId: string; totalTickets: number };
}

/** Polls a bulk job until it is no longer PROCESSING; the job. */
export async function finished(app: TestServer['app'], jobId: string, tokens = admin, timeoutMs = 60_000) {
  return waitFor(async () => {
    const res = await app.inject({ method: 'GET', url: `/api/bulk-jobs/${jobId}`, headers: bearer(tokens) });
    const job = res.json();
    return job.status !== 'PROCESSING' ? job : false;
  }, timeoutMs);
}

export const ticketRows = (ids: string[]) =>
  server.deps.db
    .select()
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .then((rows) => new Map(rows.map((r) => [r.id, r])));

type Progress = Extract<RealtimeEvent, { type: 'bulk.progress' }>;
export const progressOf = (socket: TestSocket, jobId: string) =>
  socket.received.filter((e): e is Progress => e.type === 'bulk.progress' && e.job.id === jobId);
