import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, type makeBusiness } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { connectChat, type TestSocket } from '../../../test/realtime-client.js';
import {
  openWhatsappTicket,
  startInboxPanelServer,
  waitForTicketEvent,
} from '../../../test/ticket-fixtures.js';

/** Priority, tags, remarks and category of a ticket (000 §2 inbox, §3 Ticket, §7 chatRoom/priority, category). */
let server: TestServer;
let base: string;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
let otherAccountId: string;
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
    otherAccountId,
    extraMember: contactOnly,
  } = await startInboxPanelServer('Properti', {
    featureAccess: featureStringFrom(['CONTACT']),
    csPosition: null,
  }));
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server.close();
});

const newTicket = (name?: string) =>
  openWhatsappTicket(server.deps.db, { clientId: biz.clientId, channelAccountId: accountId, name });

function patch(ticketId: string, payload: Record<string, unknown>, tokens = agent, lang = 'id') {
  return server.app.inject({
    method: 'PATCH',
    url: `/api/tickets/${ticketId}`,
    headers: { ...bearer(tokens), 'accept-language': lang },
    payload,
  });
}

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: TokenPair, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('ticket properties', () => {
  it('sets priority, tags and remarks; the ticket, the filtered lists and the tag suggestions show them', async () => {
    const { ticketId } = await newTicket('Sari');
    const res = await patch(ticketId, {
      priority: 1,
      tags: ['vip', ' Reseller ', 'VIP'],
      remarks: '  Minta dikirim besok  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: ticketId,
      priority: 1,
      tags: ['vip', 'Reseller'],
      remarks: 'Minta dikirim besok',
      categoryId: null,
      categoryName: null,
    });
    const again = await api('GET', `/api/tickets/${ticketId}`, owner);
    expect(again.json()).toMatchObject({ priority: 1, tags: ['vip', 'Reseller'] });

    const byTag = await api('GET', '/api/inbox/tickets?tag=vip&priority=1', owner);
    expect(byTag.json().items.map((t: { id: string }) => t.id)).toEqual([ticketId]);

    // Only the fields sent change; an empty remark clears it.
    const partial = await patch(ticketId, { remarks: '' });
    expect(partial.json()).toMatchObject({ priority: 1, tags: ['vip', 'Reseller'], remarks: null });

    const tags = await api('GET', '/api/inbox/tags', agent);
    expect(tags.statusCode).toBe(200);
    expect(tags.json().items).toEqual(expect.arrayContaining(['vip', 'Reseller']));
    const searched = await api('GET', '/api/inbox/tags?search=resel', agent);
    expect(searched.json().items).toEqual(['Reseller']);
  });

  it('refuses bad values with the translated message (400)', async () => {
    const { ticketId } = await newTicket();
    const priority = await patch(ticketId, { priority: 4 });
    expect(priority.statusCode).toBe(400);
    const longTag = await patch(ticketId, { tags: ['x'.repeat(51)] }, agent, 'en');
    expect(longTag.statusCode).toBe(400);
    expect(longTag.json().message).toBe('Max 50 Characters');
    const tooMany = await patch(ticketId, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Maksimal 20 tag per chat');
    const remarks = await patch(ticketId, { remarks: 'r'.repeat(1001) }, agent, 'en');
    expect(remarks.json()).toMatchObject({ statusCode: 400, message: 'Max 1000 Characters' });
    const unknownCategory = await patch(ticketId, { categoryId: '0190f4c8-0000-7000-8000-0000000000aa' });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({
      code: 'ticket.categoryNotFound',
      message: 'Kategori ini sudah tidak ada.',
      fields: { categoryId: 'Kategori ini sudah tidak ada.' },
    });
  });

  it('refuses a user without inbox access (403) and answers 404 to another business', async () => {
    const { ticketId } = await newTicket();
    const refused = await patch(ticketId, { priority: 2 }, contactOnly, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have no permission to access this menu.');
    expect((await api('GET', '/api/inbox/tags', contactOnly)).statusCode).toBe(403);
    const foreign = await patch(ticketId, { priority: 1, remarks: 'diretas' }, otherOwner);
    expect(foreign.statusCode).toBe(404);
    const unchanged = await api('GET', `/api/tickets/${ticketId}`, owner);
    expect(unchanged.json()).toMatchObject({ priority: 3, remarks: null });
    // Another business's tags are never suggested.
    await patch(ticketId, { tags: ['rahasia-properti'] });
    const theirs = await api('GET', '/api/inbox/tags', otherOwner);
    expect(theirs.json().items).not.toContain('rahasia-properti');
  });

  it("publishes ticket.updated to the business's agents, and to no other business", async () => {
    const { ticketId } = await newTicket('Live');
    const watcher = await connectChat(base, owner.accessToken);
    const stranger = await connectChat(base, otherOwner.accessToken);
    sockets.push(watcher, stranger);
    expect((await patch(ticketId, { priority: 2, tags: ['langsung'] })).statusCode).toBe(200);
    const event = await waitForTicketEvent(watcher, ticketId);
    expect(event).toMatchObject({ type: 'ticket.updated', ticket: { priority: 2, tags: ['langsung'] } });
    // A later event of the other business is the first and only one its socket sees.
    const { ticketId: theirs } = await openWhatsappTicket(server.deps.db, {
      clientId: other.clientId,
      channelAccountId: otherAccountId,
    });
    expect((await patch(theirs, { priority: 1 }, otherOwner)).statusCode).toBe(200);
    await waitForTicketEvent(stranger, theirs);
    expect(stranger.received.map((e) => e.type === 'ticket.updated' && e.ticket.id)).toEqual([theirs]);
  });
});

describe('ticket categories', () => {
  it('are created, listed, set on a ticket, renamed and deleted (the ticket loses it, live)', async () => {
    const created = await api('POST', '/api/ticket-categories', owner, { name: '  Komplain  ' });
    expect(created.statusCode, created.body).toBe(200);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Komplain', ticketCount: 0 });
    const list = await api('GET', '/api/ticket-categories', agent);
    expect(list.json().items.map((c: { name: string }) => c.name)).toContain('Komplain');

    const { ticketId } = await newTicket();
    const set = await patch(ticketId, { categoryId: category.id });
    expect(set.json()).toMatchObject({ categoryId: category.id, categoryName: 'Komplain' });

    const watcher = await connectChat(base, agent.accessToken);
    sockets.push(watcher);
    const renamed = await api('PUT', `/api/ticket-categories/${category.id}`, owner, { name: 'Keluhan' });
    expect(renamed.json()).toMatchObject({ name: 'Keluhan', ticketCount: 1 });
    const afterRename = await waitForTicketEvent(
      watcher,
      ticketId,
      (e) => e.ticket.categoryName === 'Keluhan',
    );
    expect(afterRename.ticket.categoryId).toBe(category.id);

    const removed = await api('DELETE', `/api/ticket-categories/${category.id}`, owner);
    expect(removed.json()).toEqual({ ok: true });
    const cleared = await waitForTicketEvent(watcher, ticketId, (e) => e.ticket.categoryId === null);
    expect(cleared.ticket.categoryName).toBeNull();
    const ticket = await api('GET', `/api/tickets/${ticketId}`, owner);
    expect(ticket.json()).toMatchObject({ categoryId: null, categoryName: null });
    const after = await api('GET', '/api/ticket-categories', owner);
    expect(after.json().items.map((c: { id: string }) => c.id)).not.toContain(category.id);
  });

  it('refuses a duplicate name in any case (409 "Duplicate titles"), an empty or too long one (400)', async () => {
    const first = await api('POST', '/api/ticket-categories', owner, { name: 'Pengiriman' });
    expect(first.statusCode).toBe(200);
    const duplicate = await api('POST', '/api/ticket-categories', owner, { name: 'PENGIRIMAN' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'ticket.categoryTaken',
      message: 'Duplicate titles: a category with this name already exists.',
      fields: { name: 'Duplicate titles: a category with this name already exists.' },
    });
    const second = await api('POST', '/api/ticket-categories', owner, { name: 'Retur' });
    const rename = await api('PUT', `/api/ticket-categories/${second.json().id}`, owner, {
      name: 'pengiriman',
    });
    expect(rename.statusCode).toBe(409);
    const empty = await api('POST', '/api/ticket-categories', owner, { name: '   ' });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'Name is Required' });
    const long = await api('POST', '/api/ticket-categories', owner, { name: 'k'.repeat(51) });
    expect(long.json()).toMatchObject({ statusCode: 400, message: 'Max 50 Characters' });
    // The same name in another business is fine.
    expect((await api('POST', '/api/ticket-categories', otherOwner, { name: 'Pengiriman' })).statusCode).toBe(
      200,
    );
  });

  it('lets agents list but not manage categories (CS setting); another business gets 404', async () => {
    expect((await api('GET', '/api/ticket-categories', agent)).statusCode).toBe(200);
    const create = await api('POST', '/api/ticket-categories', agent, { name: 'Agen' });
    expect(create.statusCode).toBe(403);
    const admin = await signInFresh(server.app, biz.admin.email);
    const mine = await api('POST', '/api/ticket-categories', admin, { name: 'Milik Admin' });
    expect(mine.statusCode).toBe(200);
    expect(
      (await api('PUT', `/api/ticket-categories/${mine.json().id}`, agent, { name: 'x' })).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/ticket-categories/${mine.json().id}`, agent)).statusCode).toBe(403);

    const rename = await api('PUT', `/api/ticket-categories/${mine.json().id}`, otherOwner, {
      name: 'Diambil',
    });
    expect(rename.statusCode).toBe(404);
    expect((await api('DELETE', `/api/ticket-categories/${mine.json().id}`, otherOwner)).statusCode).toBe(
      404,
    );
    const theirs = await api('GET', '/api/ticket-categories', otherOwner);
    expect(theirs.json().items.map((c: { id: string }) => c.id)).not.toContain(mine.json().id);
    // Nor can another business put it on its own ticket.
    const { ticketId } = await openWhatsappTicket(server.deps.db, {
      clientId: other.clientId,
      channelAccountId: otherAccountId,
    });
    const borrowed = await patch(ticketId, { categoryId: mine.json().id }, otherOwner);
    expect(borrowed.statusCode).toBe(400);
    const still = await api('GET', '/api/ticket-categories', owner);
    expect(still.json().items.map((c: { name: string }) => c.name)).toContain('Milik Admin');
  });
});
