import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/harness.js';
import {
  accountId,
  agent,
  balance,
  biz,
  contactOnly,
  db,
  expiredChat,
  followUp,
  messageRow,
  mutationsOf,
  newChat,
  number,
  otherOwner,
  owner,
  server,
  setWallet,
  sim,
  T,
  telegramAccountId,
  useTemplateSendsServer,
} from '../../../test/servers/template-sends.js';
import { chatCreditMutations } from '../billing/billing.schema.js';
import { upsertContactByIdentity } from '../contacts/contacts.service.js';
import { findOrOpenTicket, messages } from '../conversations/index.js';

/**
 * Follow-up templates on expired WhatsApp chats, the new chat window and their chat-credit charges (000 §2,
 * §4, §5, §8; 001 §4, §5, §9), against the WhatsApp Cloud simulator (test/servers/template-sends.ts).
 */
useTemplateSendsServer();

describe('templates for the inbox', () => {
  it('lists approved, not deleted templates per use; a new message has no variables (001 §4)', async () => {
    const list = async (usage: string, tokens = agent) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/templates?usage=${usage}&channelAccountId=${accountId}`,
        headers: bearer(tokens),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: string }[]).map((t) => t.id).sort();
    };
    expect(await list('follow_up')).toEqual([T.followUp, T.order].sort());
    expect(await list('new_message')).toEqual([T.newMessage]);
    expect(await list('follow_up', otherOwner)).toEqual([]);
  });
});

describe('follow-up template on an expired WhatsApp chat', () => {
  it('charges 511.5 credits once with a mutation row, sends a template the simulator delivers, keeps the chat open', async () => {
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
    const { ticketId, phone } = await expiredChat('Rina');
    const clientMessageId = randomUUID();
    const res = await followUp(ticketId, { templateId: T.followUp, clientMessageId });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({
      type: 'template',
      status: 'pending',
      text: 'Halo Rina, ada yang bisa kami bantu?',
      payload: {
        template: {
          name: 'follow_up',
          language: 'id',
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Rina' }] }],
        },
      },
    });
    // Retried, and retried twice at once: the same message, one charge.
    const again = await Promise.all([
      followUp(ticketId, { templateId: T.followUp, clientMessageId }),
      followUp(ticketId, { templateId: T.followUp, clientMessageId }),
    ]);
    for (const r of again) expect(r.json().id).toBe(message.id);
    expect(await balance()).toBe(4488.5);
    const rows = await mutationsOf(message.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '-511.50', balanceAfter: '4488.50', status: 'success' });
    expect(rows[0]).toMatchObject({ description: 'followUp', details: { template: 'follow_up' } });

    // The owner's chat-credits page lists the mutation (001 §3 rows: time, description, status, amount, balance).
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/chat-credit/mutations?limit=1',
      headers: bearer(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([
      { id: rows[0]!.id, amount: -511.5, balanceAfter: 4488.5, status: 'success', kind: 'charge' },
    ]);
    const strangers = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/chat-credit/mutations',
      headers: bearer(otherOwner),
    });
    expect(strangers.json().items).toEqual([]);

    await waitFor(async () => (await messageRow(message.id))?.status === 'delivered', 60_000);
    const received = sim.conversation(number.phoneNumberId, phone);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'template', text: 'Template follow_up (id): Rina' });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticketId}`,
      headers: bearer(agent),
    });
    expect(ticket.json().status).toBe('unassigned');
    // A template does not reopen the window: only the customer's answer does.
    expect(ticket.json().expiresAt).toBeLessThan(Date.now());
  });

  it('retries a failed follow-up on the expired chat without charging it again', async () => {
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
    const { ticketId, phone } = await expiredChat('Yanti');
    sim.setUndeliverable(phone);
    const res = await followUp(ticketId, { templateId: T.followUp, clientMessageId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    await waitFor(async () => (await messageRow(id))?.status === 'failed', 60_000);
    expect((await messageRow(id))?.error?.code).toBe('wa.undeliverable');
    // Failed for good: the window's charge is refunded, once (shown in the Mutation tab as a refund row).
    const [charge] = await mutationsOf(id);
    const refund = await waitFor(async () => {
      const [row] = await db()
        .select()
        .from(chatCreditMutations)
        .where(
          and(
            eq(chatCreditMutations.clientId, biz.clientId),
            eq(chatCreditMutations.referenceType, 'refund'),
            eq(chatCreditMutations.referenceId, charge!.id),
          ),
        );
      return row;
    });
    expect(refund).toMatchObject({ kind: 'refund', amount: '511.50', status: 'success' });
    expect(await balance()).toBe(5000);

    sim.setUndeliverable(phone, false);
    const retry = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages/${id}/retry`,
      headers: bearer(agent),
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('pending');
    await waitFor(async () => (await messageRow(id))?.status === 'delivered', 60_000);
    expect(await mutationsOf(id)).toHaveLength(1);
    expect(await balance()).toBe(4488.5);
  });

  it('fills manual variables from the agent and refuses missing ones', async () => {
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
    const { ticketId } = await expiredChat();
    const missing = await followUp(ticketId, { templateId: T.order, variables: ['#1042'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'template.variableRequired',
      fields: { 'variables.1': expect.any(String) },
    });
    const ok = await followUp(ticketId, { templateId: T.order, variables: ['#1042', 'dikirim'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().text).toBe('Pesanan #1042: dikirim');
  });

  it('refuses other channels (resolve), unapproved or deleted templates, no template, and resolved chats', async () => {
    const { ticketId } = await expiredChat();
    for (const templateId of [T.rejected, T.deleted, T.newMessage]) {
      const res = await followUp(ticketId, { templateId });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('template.notUsable');
    }
    const none = await followUp(ticketId, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('A follow-up template must be chosen.');

    const contact = await upsertContactByIdentity(db(), {
      clientId: biz.clientId,
      channel: 'TLG',
      channelAccountId: telegramAccountId,
      externalId: 'rina_tg',
      name: 'Rina TG',
    });
    const telegram = await findOrOpenTicket(db(), {
      clientId: biz.clientId,
      contactId: contact.id,
      channel: 'TLG',
      channelAccountId: telegramAccountId,
      at: new Date(),
    });
    const tg = await followUp(telegram.id, { templateId: T.followUp });
    expect(tg.statusCode).toBe(409);
    expect(tg.json().code).toBe('inbox.expiredResolve');

    await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/resolve`,
      headers: bearer(agent),
      payload: {},
    });
    const closed = await followUp(ticketId, { templateId: T.followUp });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('inbox.ticketClosed');
  });

  it('refuses with 402 and the spec message when credits are short (bonus credit is for inbound only); nothing is sent or charged', async () => {
    await setWallet({ balance: '511.49', bonus: '100000', billingType: 'PRE_PAID' });
    const { ticketId, phone } = await expiredChat();
    const clientMessageId = randomUUID();
    const res = await followUp(ticketId, { templateId: T.followUp, clientMessageId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Chat credits are empty. Contact your admin to top up.');
    const id = await followUp(ticketId, { templateId: T.followUp }, agent, 'id');
    expect(id.json().message).toBe('Kredit chat habis. Hubungi admin Anda untuk isi ulang.');
    const stored = await db()
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.clientId, biz.clientId),
          eq(messages.ticketId, ticketId),
          eq(messages.direction, 'out'),
        ),
      );
    expect(stored).toHaveLength(0);
    expect(await balance()).toBe(511.49);
    expect(sim.conversation(number.phoneNumberId, phone)).toHaveLength(0);
  });

  it('never overdraws: two follow-ups at once with credit for one, one is sent and one refused', async () => {
    await setWallet({ balance: '600', billingType: 'PRE_PAID' });
    const [a, b] = [await expiredChat(), await expiredChat()];
    const results = await Promise.all([
      followUp(a.ticketId, { templateId: T.followUp }),
      followUp(b.ticketId, { templateId: T.followUp }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(await balance()).toBe(88.5);
    const charged = results.find((r) => r.statusCode === 200)!.json().id as string;
    expect(await mutationsOf(charged)).toHaveLength(1);
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
  });

  it('lets a POST_PAID business send with a zero balance; the usage is recorded', async () => {
    await setWallet({ balance: '0', billingType: 'POST_PAID' });
    const { ticketId } = await expiredChat();
    const res = await followUp(ticketId, { templateId: T.followUp });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await mutationsOf(res.json().id);
    expect(row).toMatchObject({ amount: '-511.50', status: 'post_paid', balanceAfter: '0.00' });
    expect(await balance()).toBe(0);
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
  });
});

describe('new chat window', () => {
  it('validates the number (9-13 digits, 628 or 08) and the template', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recipient: '', templateId: T.newMessage }, 'Phone number is required'],
      [
        { recipient: '0812345', templateId: T.newMessage },
        'Phone number must be 9-13 digits in the format 628xxx or 08xxx.',
      ],
      [
        { recipient: '08123456789012', templateId: T.newMessage },
        'Phone number must be 9-13 digits in the format 628xxx or 08xxx.',
      ],
      [
        { recipient: '7812345678', templateId: T.newMessage },
        'Phone number must be 9-13 digits in the format 628xxx or 08xxx.',
      ],
      [{ recipient: '081234567111' }, 'Template is required'],
      [
        { recipient: '081234567111', templateId: T.newWithVariables },
        'This template is not approved for this use.',
      ],
      [{ recipient: '081234567111', templateId: T.followUp }, 'This template is not approved for this use.'],
    ];
    for (const [payload, message] of cases) {
      const res = await newChat(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('opens an assigned chat for 08… as 628…, charges it and the simulator receives the template; a second chat for the number is refused', async () => {
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
    const clientMessageId = randomUUID();
    const res = await newChat({ recipient: '0812-3456-7001', templateId: T.newMessage, clientMessageId });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket, message } = res.json();
    expect(ticket).toMatchObject({
      channel: 'WAP',
      status: 'assigned',
      assigneeId: biz.userIds[biz.agent.email],
      contact: { handle: '6281234567001' },
    });
    expect(message).toMatchObject({ type: 'template', text: 'Halo dari Toko Templat!', ticketId: ticket.id });
    const retried = await newChat({ recipient: '0812-3456-7001', templateId: T.newMessage, clientMessageId });
    expect(retried.json().message.id).toBe(message.id);
    expect(await mutationsOf(message.id)).toHaveLength(1);
    expect(await balance()).toBe(4488.5);

    await waitFor(async () => (await messageRow(message.id))?.status === 'delivered', 60_000);
    expect(sim.conversation(number.phoneNumberId, '6281234567001')).toMatchObject([
      { type: 'template', text: 'Template sapaan (id)' },
    ]);

    const twice = await newChat({ recipient: '6281234567001', templateId: T.newMessage });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This number already has an active chat.');
    expect(await balance()).toBe(4488.5);
  });

  it('refuses a new message when credits are short', async () => {
    await setWallet({ balance: '10', billingType: 'PRE_PAID' });
    const res = await newChat({ recipient: '081234567002', templateId: T.newMessage });
    expect(res.statusCode).toBe(402);
    const open = await server.app.inject({
      method: 'GET',
      url: '/api/inbox/tickets?tab=assigned&search=6281234567002',
      headers: bearer(agent),
    });
    expect(open.json().items).toHaveLength(0);
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
  });

  it('creates the ticket without sending on other channels (a username)', async () => {
    const res = await newChat({ channelAccountId: telegramAccountId, recipient: '@budi_tg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: null,
      ticket: { channel: 'TLG', status: 'assigned', contact: { name: 'budi_tg' } },
    });
    const empty = await newChat({ channelAccountId: telegramAccountId, recipient: '' });
    expect(empty.json().message).toBe('Phone number or username is required');
  });
});

describe('access', () => {
  it('answers 404 to another business and 403 to a user without the inbox', async () => {
    const { ticketId } = await expiredChat();
    expect((await followUp(ticketId, { templateId: T.followUp }, otherOwner)).statusCode).toBe(404);
    expect(
      (await newChat({ recipient: '081234567003', templateId: T.newMessage }, otherOwner)).statusCode,
    ).toBe(404);
    expect((await followUp(ticketId, { templateId: T.followUp }, contactOnly)).statusCode).toBe(403);
    expect(
      (await newChat({ recipient: '081234567003', templateId: T.newMessage }, contactOnly)).statusCode,
    ).toBe(403);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/templates?usage=follow_up',
      headers: bearer(contactOnly),
    });
    expect(list.statusCode).toBe(403);
  });
});
