import { randomUUID } from 'node:crypto';
import { CHAT_WINDOW_MS, type TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  chatCreditMutations,
  chatCreditWallets,
  chatCreditWindows,
} from '../../src/modules/billing/billing.schema.js';
import { type ChannelAccountConfig, channelAccounts } from '../../src/modules/channels/channels.schema.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { insertTemplates } from '../../src/modules/templates/templates.repository.js';
import { clients } from '../../src/modules/tenancy/tenancy.schema.js';
import { signInFresh } from '../auth-helpers.js';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { openWhatsappTicket } from '../ticket-fixtures.js';
import type { Business } from '../use-test-server.js';
import { useSimulatedBusiness } from '../whatsapp-simulator.js';

/**
 * The template-send tests' server (`template-sends.*.int.test.ts`), beside the WhatsApp Cloud simulator:
 * business `biz` with its number and a Telegram account, the templates `T` (follow-up, new-message, rejected,
 * deleted) and a pre-paid wallet of 5000.
 */
export let server: TestServer;
export let sim: WhatsappCloudSimulator;
export let biz: Business;
export let owner: TokenPair;
export let agent: TokenPair;
export let contactOnly: TokenPair;
export let otherOwner: TokenPair;
export let accountId: string;
export let telegramAccountId: string;
export const number = {
  phoneNumberId: '106540352240001',
  wabaId: '102290129340001',
  displayPhoneNumber: '6281100000099',
  accessToken: 'sim-access-token-tpl',
  appSecret: 'sim-app-secret-tpl',
};
export const T = {
  followUp: uuidv7(),
  rejected: uuidv7(),
  deleted: uuidv7(),
  newMessage: uuidv7(),
  newWithVariables: uuidv7(),
  order: uuidv7(),
};

export function useTemplateSendsServer() {
  useSimulatedBusiness('Templat', 'Lain', number, async (started) => {
    ({ server, sim, biz, owner, contactOnly, otherOwner, accountId } = started);
    agent = await signInFresh(server.app, biz.agent.email);
    telegramAccountId = uuidv7();
    await server.deps.db.insert(channelAccounts).values({
      clientId: biz.clientId,
      id: telegramAccountId,
      channel: 'TLG',
      name: 'Telegram',
      address: '@tokotemplat_bot',
      config: {} as ChannelAccountConfig,
      secrets: '',
    });
    const approved = { clientId: biz.clientId, language: 'id', status: 'approved' } as const;
    await insertTemplates(server.deps.db, [
      {
        ...approved,
        id: T.followUp,
        name: 'follow_up',
        category: 'MARKETING',
        body: 'Halo {{1}}, ada yang bisa kami bantu?',
        variables: [{ name: 'nama', sample: 'Budi', contactField: 'name' }],
        isFollowUp: true,
      },
      {
        ...approved,
        id: T.order,
        name: 'update_pesanan',
        category: 'UTILITY',
        body: 'Pesanan {{1}}: {{2}}',
        variables: [
          { name: 'nomor', sample: '#1', contactField: null },
          { name: 'status', sample: 'dikirim', contactField: null },
        ],
        isFollowUp: true,
      },
      {
        ...approved,
        id: T.rejected,
        name: 'ditolak',
        category: 'MARKETING',
        body: 'x',
        isFollowUp: true,
        status: 'rejected',
      },
      {
        ...approved,
        id: T.deleted,
        name: 'dihapus',
        category: 'MARKETING',
        body: 'x',
        isFollowUp: true,
        deletedAt: new Date(),
      },
      {
        ...approved,
        id: T.newMessage,
        name: 'sapaan',
        category: 'MARKETING',
        body: 'Halo dari Toko Templat!',
        isNewMessage: true,
      },
      {
        ...approved,
        id: T.newWithVariables,
        name: 'sapaan_nama',
        category: 'MARKETING',
        body: 'Halo {{1}}',
        variables: [{ name: 'nama', sample: 'Budi', contactField: null }],
        isNewMessage: true,
      },
    ]);
    await setWallet({ balance: '5000', billingType: 'PRE_PAID' });
  });
}

export const db = () => server.deps.db;

export async function setWallet(input: { balance: string; bonus?: string; billingType: string }) {
  await db()
    .update(chatCreditWallets)
    .set({ balance: input.balance, balanceBonus: input.bonus ?? '0' })
    .where(eq(chatCreditWallets.clientId, biz.clientId));
  await db().update(clients).set({ billingType: input.billingType }).where(eq(clients.id, biz.clientId));
}

export async function balance() {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/wallet/chat-credit',
    headers: bearer(owner),
  });
  return res.json().balance as number;
}

/** The ledger rows of the window a message opened (a message sent in an open window has none). */
export async function mutationsOf(messageId: string) {
  return db()
    .select({ mutation: chatCreditMutations })
    .from(chatCreditWindows)
    .innerJoin(
      chatCreditMutations,
      and(
        eq(chatCreditMutations.clientId, chatCreditWindows.clientId),
        eq(chatCreditMutations.id, chatCreditWindows.mutationId),
      ),
    )
    .where(
      and(eq(chatCreditWindows.clientId, biz.clientId), eq(chatCreditWindows.openedByMessageId, messageId)),
    )
    .then((rows) => rows.map((r) => r.mutation));
}

let phoneCounter = 0;
/** A WhatsApp chat whose customer last wrote 26 hours ago. */
export async function expiredChat(name = 'Rina') {
  const phone = `62857${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(2, '0')}`;
  const t = await openWhatsappTicket(db(), {
    clientId: biz.clientId,
    channelAccountId: accountId,
    name,
    phone,
  });
  await db()
    .update(tickets)
    .set({ lastCustomerMessageAt: new Date(Date.now() - CHAT_WINDOW_MS - 2 * 3_600_000) })
    .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, t.ticketId)));
  return t;
}

export function followUp(ticketId: string, payload: Record<string, unknown>, tokens = agent, lang = 'en') {
  return server.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticketId}/follow-up`,
    headers: { ...bearer(tokens), 'accept-language': lang },
    payload: { clientMessageId: randomUUID(), ...payload },
  });
}

export function newChat(payload: Record<string, unknown>, tokens = agent) {
  return server.app.inject({
    method: 'POST',
    url: '/api/inbox/new-chat',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload: { channelAccountId: accountId, clientMessageId: randomUUID(), ...payload },
  });
}

export async function messageRow(id: string) {
  const [m] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, id)));
  return m;
}
