import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import {
  accountId,
  biz,
  db,
  eventCount,
  events,
  messagesOf,
  openTicket,
  owner,
  server,
  useWhatsappInbound,
} from '../../../../../test/servers/whatsapp-inbound.js';
import { changeValue, delivery, newWamid, postWebhook } from '../../../../../test/whatsapp.js';
import { contacts } from '../../../contacts/contacts.schema.js';
import { messages, tickets } from '../../../conversations/index.js';
import { inboundEvents } from '../../channels.schema.js';

useWhatsappInbound();

describe('WhatsApp Cloud webhooks', () => {
  it('refuses a wrong or missing signature and stores nothing', async () => {
    const before = await eventCount();
    const body = delivery([changeValue({ messages: [{ from: '6281111', text: 'palsu' }] })]);
    const wrong = await postWebhook(server.app, accountId, body, { secret: 'another-secret' });
    expect(wrong.statusCode).toBe(401);
    const missing = await postWebhook(server.app, accountId, body, { signature: null });
    expect(missing.statusCode).toBe(401);
    const unknown = await postWebhook(server.app, '0190f4c8-0000-7000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('processes every entry, change, message and status of one delivery', async () => {
    const ids = [newWamid(), newWamid(), newWamid(), newWamid()];
    const body = delivery(
      [
        changeValue({
          messages: [
            { from: '6281200001', name: 'Sari', id: ids[0], text: 'Halo kak' },
            {
              from: '6281200001',
              name: 'Sari',
              id: ids[1],
              raw: { type: 'image', image: { id: '5551', mime_type: 'image/jpeg', caption: 'ini' } },
            },
          ],
        }),
      ],
      [
        changeValue({
          messages: [
            {
              from: '6281200002',
              name: 'Budi',
              id: ids[2],
              raw: {
                type: 'interactive',
                interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Ya' } },
              },
            },
            {
              from: '6281200002',
              name: 'Budi',
              id: ids[3],
              raw: { type: 'location', location: { latitude: -6.2, longitude: 106.8, name: 'Monas' } },
            },
          ],
        }),
        changeValue({ statuses: [{ id: 'wamid.unknown-to-sapa', status: 'delivered' }] }),
      ],
    );
    const res = await postWebhook(server.app, accountId, body);
    expect(res.statusCode).toBe(200);
    await waitFor(async () => {
      for (const id of ids) if ((await messagesOf(id)).length !== 1) return false;
      return true;
    });
    const [sari] = await messagesOf(ids[1]!);
    expect(sari).toMatchObject({ type: 'image', text: 'ini', direction: 'in', status: 'received' });
    expect(sari!.payload).toMatchObject({ mediaId: '5551', mime: 'image/jpeg' });
    const [budi] = await messagesOf(ids[2]!);
    expect(budi).toMatchObject({ type: 'interactive', text: 'Ya' });
    expect((await messagesOf(ids[3]!))[0]).toMatchObject({ type: 'location', text: 'Monas' });

    const contactRows = await db().select().from(contacts).where(eq(contacts.clientId, biz.clientId));
    expect(contactRows.map((c) => c.name).sort()).toEqual(['Budi', 'Sari']);
    const ticketRows = await db().select().from(tickets).where(eq(tickets.clientId, biz.clientId));
    expect(ticketRows).toHaveLength(2);
    for (const t of ticketRows) {
      expect(t.status).toBe('unassigned');
      expect(t.unreadCount).toBe(2);
      expect(t.responded).toBe(false);
      expect(t.lastCustomerMessageAt).not.toBeNull();
    }
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/inbox/tickets',
      headers: bearer(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { displayId: string; contact: { name: string; handle: string } }[];
    expect(items).toHaveLength(2);
    expect(items.map((i) => i.displayId).sort()).toEqual(['T-000001', 'T-000002']);
    expect(items.find((i) => i.contact.name === 'Sari')?.contact.handle).toBe('6281200001');
    expect(
      events.filter((e) => (e as { type: string }).type === 'message.created').length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('creates nothing twice when a delivery is redelivered or a message repeats', async () => {
    const id = newWamid();
    const body = delivery([
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', id, text: 'sekali' }] }),
    ]);
    expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(id)).length === 1);
    const events1 = await eventCount();
    // Byte-identical redelivery: no new event.
    expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
    expect(await eventCount()).toBe(events1);
    // The same message inside a different delivery: a new event, still one message.
    const other = delivery([
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', id, text: 'sekali' }] }),
      changeValue({ messages: [{ from: '6281200003', name: 'Rina', text: 'dua' }] }),
    ]);
    expect((await postWebhook(server.app, accountId, other)).statusCode).toBe(200);
    await waitFor(async () => {
      const [t] = await db()
        .select()
        .from(tickets)
        .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
        .where(and(eq(tickets.clientId, biz.clientId), eq(contacts.phone, '6281200003')));
      return t?.tickets.unreadCount === 2;
    });
    expect(await messagesOf(id)).toHaveLength(1);
    const rina = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, biz.clientId), eq(contacts.phone, '6281200003')));
    expect(rina).toHaveLength(1);
  });

  it('attaches a reaction to the message it reacts to, and keeps an unknown type as unsupported', async () => {
    const target = newWamid();
    const first = delivery([changeValue({ messages: [{ from: '6281200006', id: target, text: 'harga?' }] })]);
    expect((await postWebhook(server.app, accountId, first)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(target)).length === 1);
    const odd = newWamid();
    const second = delivery([
      changeValue({
        messages: [
          { from: '6281200006', raw: { type: 'reaction', reaction: { message_id: target, emoji: '👍' } } },
          { from: '6281200006', id: odd, raw: { type: 'order', order: {} } },
        ],
      }),
    ]);
    expect((await postWebhook(server.app, accountId, second)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(odd)).length === 1);
    expect((await messagesOf(target))[0]!.payload).toMatchObject({ reaction: '👍' });
    expect((await messagesOf(odd))[0]).toMatchObject({
      type: 'unsupported',
      payload: { originalType: 'order' },
    });
    const [t] = await db()
      .select({ ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.providerMessageId, target)));
    const all = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, biz.clientId), eq(messages.ticketId, t!.ticketId)));
    expect(all.map((m) => m.type).sort()).toEqual(['text', 'unsupported']);
  });

  it('applies statuses monotonically: read then delivered stays read; failed never replaces read', async () => {
    const ticket = await openTicket('6281200004');
    const send = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/messages`,
      headers: bearer(owner),
      payload: { text: 'Balasan', clientMessageId: crypto.randomUUID() },
    });
    expect(send.statusCode, send.body).toBe(200);
    const messageId = send.json().id as string;
    const sent = await waitFor(async () => {
      const [m] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, messageId)));
      return m?.providerMessageId ? m : false;
    });
    expect(sent.status).toBe('sent');
    const wamid = sent.providerMessageId!;
    const read = delivery([changeValue({ statuses: [{ id: wamid, status: 'read' }] })]);
    expect((await postWebhook(server.app, accountId, read)).statusCode).toBe(200);
    await waitFor(async () => (await messagesOf(wamid))[0]?.status === 'read');
    const late = delivery([
      changeValue({
        statuses: [
          { id: wamid, status: 'delivered' },
          { id: wamid, status: 'sent' },
        ],
      }),
      changeValue({ statuses: [{ id: wamid, status: 'failed', errors: [{ code: 131026, title: 'x' }] }] }),
    ]);
    expect((await postWebhook(server.app, accountId, late)).statusCode).toBe(200);
    await waitFor(async () => {
      const rows = await db().select().from(inboundEvents).where(eq(inboundEvents.clientId, biz.clientId));
      return rows.every(
        (r) =>
          r.processedAt ||
          ((r.raw as { entry: unknown[] }).entry.length === 2 &&
            JSON.stringify(r.raw).includes('unknown-to-sapa')),
      );
    });
    expect((await messagesOf(wamid))[0]).toMatchObject({ status: 'read', error: null });
  });

  it('stores a failed status with the spec reason (131047 re-engagement)', async () => {
    const ticket = await openTicket('6281200005');
    const send = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/messages`,
      headers: bearer(owner),
      payload: { text: 'Halo lagi', clientMessageId: crypto.randomUUID() },
    });
    const messageId = send.json().id as string;
    const wamid = await waitFor(async () => {
      const [m] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, messageId)));
      return m?.providerMessageId ?? false;
    });
    const failed = delivery([
      changeValue({
        statuses: [
          { id: wamid, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] },
        ],
      }),
    ]);
    expect((await postWebhook(server.app, accountId, failed)).statusCode).toBe(200);
    const row = await waitFor(async () => {
      const [m] = await messagesOf(wamid);
      return m?.status === 'failed' ? m : false;
    });
    expect(row.error?.code).toBe('wa.reengagement');
  });
});
