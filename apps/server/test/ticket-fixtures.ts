import { upsertContactByIdentity } from '../src/modules/contacts/index.js';
import { findOrOpenTicket } from '../src/modules/conversations/index.js';
import type { NewMember } from '../src/modules/onboarding/index.js';
import type { Db } from '../src/platform/db/database.js';
import { signInFresh } from './auth-helpers.js';
import { makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';
import type { TestSocket } from './realtime-client.js';
import { connectWhatsapp } from './whatsapp.js';

let counter = 0;

/**
 * A customer's open WhatsApp ticket, created the way the inbound pipeline does it (contact by identity,
 * then the open ticket), without a webhook round trip.
 */
export async function openWhatsappTicket(
  db: Db,
  input: { clientId: string; channelAccountId: string; name?: string; phone?: string },
) {
  const phone = input.phone ?? `6285${String(Date.now()).slice(-6)}${String(++counter).padStart(3, '0')}`;
  const contact = await upsertContactByIdentity(db, {
    clientId: input.clientId,
    channel: 'WAP',
    channelAccountId: input.channelAccountId,
    externalId: phone,
    name: input.name ?? `Pelanggan ${counter}`,
  });
  const ticket = await findOrOpenTicket(db, {
    clientId: input.clientId,
    contactId: contact.id,
    channel: 'WAP',
    channelAccountId: input.channelAccountId,
    at: new Date(),
  });
  return { ticketId: ticket.id, contactId: contact.id, phone };
}

export type TicketUpdated = Extract<TestSocket['received'][number], { type: 'ticket.updated' }>;

/** The first `ticket.updated` of `ticketId` (matching `when`) the socket has received or receives. */
export function waitForTicketEvent(
  socket: TestSocket,
  ticketId: string,
  when: (event: TicketUpdated) => boolean = () => true,
  timeoutMs = 60_000,
): Promise<TicketUpdated> {
  return new Promise((resolve, reject) => {
    const find = () =>
      socket.received.find(
        (e): e is TicketUpdated => e.type === 'ticket.updated' && e.ticket.id === ticketId && when(e),
      );
    const timer = setTimeout(() => reject(new Error(`no ticket.updated for ${ticketId}`)), timeoutMs);
    const check = () => {
      const found = find();
      if (found) {
        clearTimeout(timer);
        socket.ws.off('message', onMessage);
        resolve(found);
      }
    };
    const onMessage = () => setImmediate(check);
    socket.ws.on('message', onMessage);
    check();
  });
}

/** Listens on a free local port (for chat sockets); the server's base URL. */
export async function listenLocally(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A server listening for chat sockets with two businesses, each with a WhatsApp number: `biz` (owner, admin,
 * agent and one `extra` member) and `other`, with their tokens.
 */
export async function startInboxPanelServer(name: string, extra: Partial<NewMember>) {
  const server = await startTestServer({ work: false });
  const base = await listenLocally(server);
  const biz = await makeBusiness(server.deps.db, name, [extra]);
  const other = await makeBusiness(server.deps.db, `${name} Lain`);
  const owner = await signInFresh(server.app, biz.owner.email);
  const agent = await signInFresh(server.app, biz.agent.email);
  const extraMember = await signInFresh(server.app, biz.members[3]!.email);
  const otherOwner = await signInFresh(server.app, other.owner.email);
  const accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
  const otherAccountId = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
  return { server, base, biz, other, owner, agent, extraMember, otherOwner, accountId, otherAccountId };
}
