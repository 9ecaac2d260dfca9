import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tickets } from '../../src/modules/conversations/index.js';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import type { TestServer } from '../harness.js';
import { listenLocally, openWhatsappTicket } from '../ticket-fixtures.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { connectWhatsapp } from '../whatsapp.js';

/**
 * The teams tests' server (`teams.*.int.test.ts`): business `biz` with a Supervisor 1, a CS1 and two CS2
 * agents beside owner, admin and agent (SPV2), all signed in; a WhatsApp number; chat sockets on `base`.
 */
export let server: TestServer;
export let base: string;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let spv1: TokenPair;
export let cs1: TokenPair;
export let cs2: TokenPair;
export let cs2b: TokenPair;
export let ids: { spv1: string; cs1: string; cs2: string; cs2b: string; agent: string };
let accountId: string;

export function useTeamsServer() {
  useTestServer({
    server: { work: true },
    business: 'Regu',
    members: [
      { name: 'Supervisor Satu', csPosition: 'SPV1' },
      { name: 'Agen Otomatis', csPosition: 'CS1' },
      { name: 'Agen Dua', csPosition: 'CS2' },
      { name: 'Agen Tiga', csPosition: 'CS2' },
    ],
    other: 'Regu Lain',
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      base = await listenLocally(server);
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
    },
  });
}

export const api = apiClient(() => server.app);

export async function waitingTicket(clientId = biz.clientId, channelAccountId = accountId) {
  const { ticketId, phone } = await openWhatsappTicket(server.deps.db, { clientId, channelAccountId });
  await server.deps.db
    .update(tickets)
    .set({ lastCustomerMessageAt: new Date() })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  return { ticketId, phone };
}

export const listIds = async (tokens: TokenPair, tab: 'unassigned' | 'assigned') => {
  const res = await api('GET', `/api/inbox/tickets?tab=${tab}&limit=100`, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((t: { id: string }) => t.id) as string[];
};
export const reply = (ticketId: string, tokens: TokenPair) =>
  api('POST', `/api/tickets/${ticketId}/messages`, tokens, {
    text: 'Halo kak',
    clientMessageId: randomUUID(),
  });
