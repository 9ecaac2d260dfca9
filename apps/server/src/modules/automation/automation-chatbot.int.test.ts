import type { Chatbot, ChatbotFlowInput } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import {
  accountId,
  agent,
  api,
  automaticOf,
  biz,
  customerWrites,
  graph,
  newPhone,
  otherOwner,
  owner,
  saveSettings,
  server,
  settingsWith,
  ticketOf,
  useAutomationServer,
  waitingJobs,
} from '../../../test/servers/automation.js';
import { changeValue, delivery, postWebhook } from '../../../test/whatsapp.js';
import { chatCreditMutations } from '../billing/billing.schema.js';
import { chatbotSessions } from './automation.schema.js';

useAutomationServer();

const flow: ChatbotFlowInput = {
  startId: 'start',
  nodes: [
    {
      id: 'start',
      kind: 'menu',
      text: 'Halo {{name}}! Pilih:',
      options: [
        { label: 'Jam buka', next: 'hours' },
        { label: 'Bicara dengan CS', next: 'agent' },
      ],
    },
    { id: 'hours', kind: 'answer', text: 'Kami buka 08.00–17.00 WIB.' },
    { id: 'agent', kind: 'handover', text: 'Sebentar, CS kami segera membalas.' },
  ],
  keywords: [{ words: ['ongkir'], nodeId: 'agent' }],
};

const saveBot = (body: object, tokens = owner, id = accountId) =>
  api('PUT', `/api/chatbot/${id}`, tokens, body);

describe('chatbot (000 §2 /chatbot; 001 §4 exclusive with the automatic chat)', () => {
  it('lists the connected accounts; refuses a bot while the automatic chat is on, and the other way round', async () => {
    const list = await api('GET', '/api/chatbot', owner);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ channelAccountId: accountId, channel: 'WAP', flow: null }]);

    await saveSettings(settingsWith({}));
    const refused = await saveBot({ enabled: true, flow });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('chatbot');
    await saveSettings(settingsWith({ enabled: false }));

    const saved = await saveBot({ enabled: true, flow });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json() as Chatbot).toMatchObject({ enabled: true, flow: { startId: 'start' } });
    const autoChat = await api('PUT', '/api/settings/store/auto-chat', owner, settingsWith({}));
    expect(autoChat.statusCode).toBe(409);
  });

  it('refuses a flow that leads nowhere, another business’s account, and a user without the permission', async () => {
    const broken = await saveBot({ enabled: true, flow: { ...flow, startId: 'nope' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('This step leads to a question that does not exist.');
    expect((await saveBot({ enabled: true, flow }, otherOwner)).statusCode).toBe(404);
    expect((await saveBot({ enabled: true, flow }, agent)).statusCode).toBe(403);
  });

  it('answers the menu, follows a numbered choice, charges once per conversation, and hands over', async () => {
    const phone = newPhone();
    const ticketId = await customerWrites(phone, 'Halo');
    await waitFor(async () => (await automaticOf(ticketId)).length === 1);
    // The BOT state: no automatic assignment until the hand-over.
    expect((await ticketOf(ticketId)).heldByBot).toBe(true);
    const [menu] = await automaticOf(ticketId);
    expect(menu).toMatchObject({ kind: 'chatbot' });
    // WhatsApp asks natively: the question as the body, its two options as reply buttons.
    expect(menu!.text).toMatch(/^Halo .+! Pilih:$/);
    const isMenu = (r: (typeof graph.requests)[number]) =>
      (r.body.interactive as { body?: { text?: string } } | undefined)?.body?.text === menu!.text;
    await waitFor(async () => graph.requests.some(isMenu));
    expect(graph.requests.find(isMenu)!.body.interactive).toMatchObject({
      type: 'button',
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'start:0', title: 'Jam buka' } },
          { type: 'reply', reply: { id: 'start:1', title: 'Bicara dengan CS' } },
        ],
      },
    });

    await customerWrites(phone, '1');
    await waitFor(async () => (await automaticOf(ticketId)).length === 2);
    expect((await automaticOf(ticketId))[1]).toMatchObject({ text: 'Kami buka 08.00–17.00 WIB.' });

    // A tapped WhatsApp button answers by its id, whatever its title.
    await customerWrites(phone, 'menu');
    await waitFor(async () => (await automaticOf(ticketId)).length === 3);
    const tap = changeValue({
      messages: [
        {
          from: phone,
          raw: {
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'start:0', title: 'Lainnya' } },
          },
        },
      ],
    });
    expect((await postWebhook(server.app, accountId, delivery([tap]))).statusCode).toBe(200);
    await waitFor(async () => (await automaticOf(ticketId)).length === 4);
    expect((await automaticOf(ticketId))[3]).toMatchObject({ text: 'Kami buka 08.00–17.00 WIB.' });

    await customerWrites(phone, 'berapa ongkir?');
    await waitFor(async () => (await automaticOf(ticketId)).length === 5);
    expect((await automaticOf(ticketId))[4]).toMatchObject({ text: 'Sebentar, CS kami segera membalas.' });
    const [session] = await server.deps.db
      .select()
      .from(chatbotSessions)
      .where(and(eq(chatbotSessions.clientId, biz.clientId), eq(chatbotSessions.ticketId, ticketId)));
    expect(session?.handedOverAt).not.toBeNull();
    await waitFor(async () => (await ticketOf(ticketId)).heldByBot === false);

    // 001 §9: one chatbot custom reply charge for the conversation's five replies.
    const charges = await server.deps.db
      .select()
      .from(chatCreditMutations)
      .where(
        and(
          eq(chatCreditMutations.clientId, biz.clientId),
          eq(chatCreditMutations.description, 'chatbotReply'),
        ),
      );
    expect(charges).toHaveLength(1);
    expect(Number(charges[0]!.amount) + Number(charges[0]!.bonusAmount)).toBe(-275.48);

    // Handed over: the bot stays quiet, the chat waits for a person.
    await customerWrites(phone, 'halo?');
    await waitFor(async () => (await waitingJobs('automation.inbound')) === 0);
    expect(await automaticOf(ticketId)).toHaveLength(5);
    expect((await ticketOf(ticketId)).status).toBe('unassigned');
  });
});
