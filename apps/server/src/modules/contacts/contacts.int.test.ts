import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type makeBusiness } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { connectChat, type TestSocket } from '../../../test/realtime-client.js';
import {
  openWhatsappTicket,
  startInboxPanelServer,
  waitForTicketEvent,
} from '../../../test/ticket-fixtures.js';
import { contacts } from './contacts.schema.js';

/** The inbox contact detail panel (000 §2; 001 §3, §5, §8 contacts). */
let server: TestServer;
let base: string;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let inboxOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({
    server,
    base,
    biz,
    other,
    owner,
    agent,
    otherOwner,
    accountId,
    extraMember: inboxOnly,
  } = await startInboxPanelServer('Kontak', {
    featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']),
    csPosition: 'CS2',
  }));
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.close();
});

const newTicket = (name?: string) =>
  openWhatsappTicket(server.deps.db, { clientId: biz.clientId, channelAccountId: accountId, name });

/** A contact known by no channel yet (as a bulk upload or the contact page would create one). */
async function plainContact(name: string, phone: string | null = null) {
  const id = uuidv7();
  await server.deps.db.insert(contacts).values({ clientId: biz.clientId, id, name, phone });
  return id;
}

function get(id: string, tokens = agent) {
  return server.app.inject({ method: 'GET', url: `/api/contacts/${id}`, headers: bearer(tokens) });
}
function patch(id: string, payload: Record<string, unknown>, tokens = agent, lang = 'en') {
  return server.app.inject({
    method: 'PATCH',
    url: `/api/contacts/${id}`,
    headers: { ...bearer(tokens), 'accept-language': lang },
    payload,
  });
}

describe('contact detail', () => {
  it('shows the contact, its WhatsApp identity and its recent tickets', async () => {
    const { contactId, ticketId, phone } = await newTicket('Budi Santoso');
    const res = await get(contactId);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: contactId,
      name: 'Budi Santoso',
      phone,
      email: null,
      identities: [{ channel: 'WAP', channelAccountId: accountId, handle: phone }],
      recentTickets: [{ id: ticketId, status: 'unassigned', channel: 'WAP' }],
    });
    expect(detail.recentTickets[0].displayId).toMatch(/^T-\d{6}$/);
    expect(detail.createdAt).toBeGreaterThan(0);
    // Reading it needs only the inbox.
    expect((await get(contactId, inboxOnly)).statusCode).toBe(200);
  });

  it('answers 404 to another business, for reading and editing', async () => {
    const { contactId } = await newTicket('Rahasia');
    expect((await get(contactId, otherOwner)).statusCode).toBe(404);
    const edit = await patch(contactId, { name: 'Diretas' }, otherOwner);
    expect(edit.statusCode).toBe(404);
    expect((await get(contactId)).json().name).toBe('Rahasia');
  });
});

describe('contact edit', () => {
  it('renames a contact and sets the email; open tickets show the new name live', async () => {
    const { contactId, ticketId, phone } = await newTicket('Nama Lama');
    const watcher = await connectChat(base, owner.accessToken);
    sockets.push(watcher);
    const res = await patch(contactId, { name: '  Nama Baru ', phone, email: ' Budi@Example.COM ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nama Baru', phone, email: 'budi@example.com' });
    const event = await waitForTicketEvent(watcher, ticketId, (e) => e.ticket.contact.name === 'Nama Baru');
    expect(event.ticket.contact.id).toBe(contactId);
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json().contact.name).toBe('Nama Baru');
    // An empty email clears it.
    const cleared = await patch(contactId, { name: 'Nama Baru', email: '' });
    expect(cleared.json().email).toBeNull();
  });

  it('refuses a missing or too long name, a bad email and a bad phone with the translated message', async () => {
    const id = await plainContact('Validasi');
    const empty = await patch(id, { name: ' ' });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'Name is Required' });
    const long = await patch(id, { name: 'n'.repeat(151) }, agent, 'id');
    expect(long.json()).toMatchObject({ statusCode: 400, message: 'Maksimal 150 karakter' });
    const email = await patch(id, { name: 'Validasi', email: 'bukan-email' });
    expect(email.json()).toMatchObject({ statusCode: 400, message: 'Email format is invalid' });
    // The product's phone rule (issue 16): 9-13 digits, digits only, a country code that exists.
    for (const [phone, message] of [
      ['12345678', 'Phone number must be 9-13 digits.'],
      ['62812345678901', 'Phone number must be 9-13 digits.'],
      ['62abc4567890', 'Phone number must contain digits only.'],
      ['9991234567', 'Phone number format is invalid: write it with its country code (628…) or as 08….'],
    ]) {
      const res = await patch(id, { name: 'Validasi', phone });
      expect(res.json(), phone).toMatchObject({ statusCode: 400, message });
    }
    const ok = await patch(id, { name: 'Validasi', phone: '+62 812-3456-7890' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().phone).toBe('6281234567890');
    // A local 08… is stored as 628….
    const local = await patch(id, { name: 'Validasi', phone: '0812-3456-7891' });
    expect(local.statusCode, local.body).toBe(200);
    expect(local.json().phone).toBe('6281234567891');
  });

  it('refuses a phone another contact of the business has (409), but not one of another business', async () => {
    const taken = await plainContact('Pemilik Nomor', '6281377770001');
    expect(taken).toBeTruthy();
    const id = await plainContact('Penantang');
    const res = await patch(id, { name: 'Penantang', phone: '6281377770001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'contact.duplicate',
      message: 'Duplicate contact: delete the existing one to update',
      fields: { phone: expect.stringContaining('Duplicate contact') },
    });
    await server.deps.db
      .insert(contacts)
      .values({ clientId: other.clientId, id: uuidv7(), name: 'Lain', phone: '6281377770002' });
    expect((await patch(id, { name: 'Penantang', phone: '6281377770002' })).statusCode).toBe(200);
  });

  it("keeps a WhatsApp contact's number: replies go to it (409)", async () => {
    const { contactId } = await newTicket('WA');
    const res = await patch(contactId, { name: 'WA', phone: '6289900001111' }, agent, 'id');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'contact.whatsappPhone' });
  });

  it('needs the CONTACT feature to edit (403)', async () => {
    const id = await plainContact('Terkunci');
    const res = await patch(id, { name: 'Dibuka' }, inboxOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You have no permission to access this menu.');
  });
});
