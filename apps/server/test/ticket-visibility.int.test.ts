import { randomUUID } from 'node:crypto';
import type { CsPosition, TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignTicket } from '../src/modules/conversations/assignment.service.js';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';
import { openWhatsappTicket } from './ticket-fixtures.js';
import { connectWhatsapp } from './whatsapp.js';

/**
 * 000 §6 CS positions: every route scoped to one ticket (`/api/tickets/:id…`) answers 404 for a ticket the
 * caller may not see, like an unknown one, and never 404 for one they may see. The routes are read from the
 * app's own route list, so a ticket route added tomorrow is walked too.
 */

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let accountId: string;
let otherTicket: { ticketId: string; messageId: string };
let macroId: string;

const TICKET_ROUTE = /^\/api\/tickets\/:id(\/|$)/;
const POSITIONS = ['CS1', 'CS2', 'SPV1', 'SPV2'] as const;

beforeAll(async () => {
  server = await startTestServer({ work: false });
  biz = await makeBusiness(
    server.deps.db,
    'Tiket Terlihat',
    POSITIONS.map((csPosition) => ({ name: `Posisi ${csPosition}`, csPosition })),
  );
  const other = await makeBusiness(server.deps.db, 'Tiket Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  const otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
  const otherAccount = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
  const foreign = await openWhatsappTicket(server.deps.db, {
    clientId: other.clientId,
    channelAccountId: otherAccount,
  });
  otherTicket = { ticketId: foreign.ticketId, messageId: await noteOn(foreign.ticketId, otherOwner) };
  const macro = await call('POST', '/api/macros', owner, {
    title: 'Prioritas tinggi',
    actions: [{ type: 'priority', priority: 3 }],
  });
  expect(macro.statusCode, macro.body).toBe(200);
  macroId = macro.json().id;
});
afterAll(() => server.close());

function call(method: string, url: string, tokens: TokenPair, payload?: object) {
  return server.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** An internal note on the ticket (a message id for the routes that name one). */
async function noteOn(ticketId: string, tokens: TokenPair): Promise<string> {
  const res = await call('POST', `/api/tickets/${ticketId}/messages`, tokens, {
    text: 'catatan',
    internal: true,
    clientMessageId: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

function userIdOf(position: CsPosition): string {
  const member = biz.members.find((m) => m.csPosition === position && m.name === `Posisi ${position}`);
  return biz.userIds[member!.email]!;
}

/** A fresh ticket of the business, assigned as given (or left waiting), with one note on it. */
async function ticketFor(to: { agentId: string; source: 'auto' | 'manual' } | null) {
  const { ticketId } = await openWhatsappTicket(server.deps.db, {
    clientId: biz.clientId,
    channelAccountId: accountId,
  });
  if (to)
    await assignTicket(server.deps, {
      clientId: biz.clientId,
      ticketId,
      to: { agentId: to.agentId },
      source: to.source,
      by: null,
    });
  return { ticketId, messageId: await noteOn(ticketId, owner) };
}

/** The ticket each position may see, and one it may not (000 §6: CS1 only Auto Assign's, CS2 their own). */
async function ticketsOf(position: CsPosition | 'owner') {
  switch (position) {
    case 'CS1': {
      const id = userIdOf('CS1');
      return {
        visible: await ticketFor({ agentId: id, source: 'auto' }),
        invisible: [await ticketFor({ agentId: id, source: 'manual' }), await ticketFor(null), otherTicket],
      };
    }
    case 'CS2': {
      const id = userIdOf('CS2');
      return {
        visible: await ticketFor({ agentId: id, source: 'manual' }),
        invisible: [
          await ticketFor({ agentId: userIdOf('CS1'), source: 'auto' }),
          await ticketFor(null),
          otherTicket,
        ],
      };
    }
    default:
      // Supervisors and the owner see every ticket of their business; another business's stays unseen.
      return {
        visible: await ticketFor({ agentId: userIdOf('CS2'), source: 'manual' }),
        invisible: [otherTicket],
      };
  }
}

function urlOf(path: string, ticket: { ticketId: string; messageId: string }): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const id = { id: ticket.ticketId, messageId: ticket.messageId, macroId }[name];
    if (!id) throw new Error(`the test has no id for :${name} in ${path}; add one`);
    return id;
  });
}

describe('ticket-scoped routes: one visibility check for all (000 §6)', () => {
  const ticketRoutes = () => server.routes.filter((r) => TICKET_ROUTE.test(r.url));

  it('finds the ticket routes on the app', () => {
    const listed = ticketRoutes().map((r) => `${r.method} ${r.url}`);
    // A floor, not the list: the walk below covers whatever is registered.
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/tickets/:id',
        'POST /api/tickets/:id/uploads',
        'GET /api/tickets/:id/form',
        'GET /api/tickets/:id/time-tracking',
      ]),
    );
    // No ticket route names its ticket other than `:id` (the check reads that parameter).
    const spelledOtherwise = server.routes.filter(
      (r) => r.url.startsWith('/api/tickets/:') && !TICKET_ROUTE.test(r.url),
    );
    expect(spelledOtherwise).toEqual([]);
  });

  it.each([...POSITIONS, 'owner'] as const)(
    'as %s: 404 on every ticket route for a ticket not seen, never 404 for one seen',
    async (position) => {
      const email =
        position === 'owner'
          ? biz.owner.email
          : biz.members.find((m) => m.name === `Posisi ${position}`)!.email;
      const tokens = await signInFresh(server.app, email);
      const { visible, invisible } = await ticketsOf(position);
      // Reads first, then changes: a change (resolve) must not hide the ticket from a later route.
      const routes = ticketRoutes().sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
      const wrong: string[] = [];
      for (const r of routes) {
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        for (const ticket of invisible) {
          const res = await call(r.method, urlOf(r.url, ticket), tokens, body);
          if (res.statusCode !== 404)
            wrong.push(`unseen ${r.method} ${r.url}: ${res.statusCode} ${res.body}`);
        }
        const res = await call(r.method, urlOf(r.url, visible), tokens, body);
        if (res.statusCode === 404 || res.statusCode >= 500)
          wrong.push(`seen ${r.method} ${r.url}: ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
    },
  );
});
