import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import { contacts } from '../../src/modules/contacts/contacts.schema.js';
import { messages, ticketCounters, tickets } from '../../src/modules/conversations/index.js';
import { csGroups } from '../../src/modules/teams/index.js';
import { ticketFormStates } from '../../src/modules/ticket-forms/ticket-forms.schema.js';
import { signInFresh } from '../auth-helpers.js';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { connectWhatsapp } from '../whatsapp.js';

/**
 * The search tests' server (`search.int.test.ts`): business `biz` with a CS2 agent who may search, an
 * inbox-only and a history-only supervisor; five tickets seeded with their messages, contacts and groups, and a
 * look-alike ticket in `other`.
 */
export let server: TestServer;
export let biz: Business;
let other: Business;
export let owner: TokenPair;
export let cs2: TokenPair;
export let inboxOnly: TokenPair;
export let historyOnly: TokenPair;
export let otherOwner: TokenPair;
let accountId: string;
let otherAccountId: string;
export const ids: Record<string, string> = {};
export let agentId: string;
export let cs2Id: string;
export let ownerId: string;
export let defaultGroupId: string;
export let salesGroupId: string;
export const fieldId = uuidv7();

const HOUR = 3_600_000;
const now = Date.now();

export function useSearchServer() {
  useTestServer({
    business: 'Cari Tiket',
    members: [
      { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX', 'ADVANCE_SEARCH']), csPosition: 'CS2' },
      { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']), csPosition: 'SPV2' },
      { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_HISTORY']), csPosition: 'SPV2' },
    ],
    other: 'Cari Lain',
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      ownerId = biz.userIds[biz.owner.email]!;
      agentId = biz.userIds[biz.agent.email]!;
      cs2Id = biz.userIds[biz.members[3]!.email]!;
      cs2 = await signInFresh(server.app, biz.members[3]!.email);
      inboxOnly = await signInFresh(server.app, biz.members[4]!.email);
      historyOnly = await signInFresh(server.app, biz.members[5]!.email);
      accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
      otherAccountId = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
      await seed();
    },
  });
}

async function groupOf(clientId: string, name: string, isDefault: boolean) {
  const db = server.deps.db;
  const [existing] = await db
    .select()
    .from(csGroups)
    .where(and(eq(csGroups.clientId, clientId), eq(csGroups.isDefault, true)));
  if (isDefault && existing) return existing.id;
  const id = uuidv7();
  await db.insert(csGroups).values({ clientId, id, name, isDefault });
  return id;
}

let displayNumber = 1000;
interface TicketSeed {
  key: string;
  clientId?: string;
  account?: string;
  contact: string;
  createdAt: string;
  channel?: string;
  status?: 'unassigned' | 'assigned' | 'resolved';
  assigneeId?: string | null;
  assignedVia?: 'manual' | 'auto' | 'play' | null;
  resolvedAt?: string;
  resolvedBy?: string;
  tags?: string[];
  remarks?: string;
  resolveNote?: string;
  priority?: number;
  groupId?: string | null;
  lastCustomerMessageAt?: Date | null;
  /** The first message: 'in' from the customer, or a user id for an agent-opened chat. */
  opener: 'in' | string;
  text: string;
}

export async function addContact(clientId: string, name: string, phone: string, email: string | null) {
  const id = uuidv7();
  await server.deps.db.insert(contacts).values({ clientId, id, name, phone, email });
  return id;
}

export async function addTicket(seed: TicketSeed) {
  const db = server.deps.db;
  const clientId = seed.clientId ?? biz.clientId;
  const id = uuidv7();
  const createdAt = new Date(seed.createdAt);
  await db.insert(tickets).values({
    clientId,
    id,
    displayNumber: ++displayNumber,
    contactId: seed.contact,
    channel: seed.channel ?? 'WAP',
    channelAccountId: seed.account ?? accountId,
    status: seed.status ?? 'resolved',
    assigneeId: seed.assigneeId ?? null,
    assignedVia: seed.assignedVia ?? (seed.assigneeId ? 'manual' : null),
    groupId: seed.groupId ?? null,
    priority: seed.priority ?? 3,
    tags: seed.tags ?? [],
    remarks: seed.remarks ?? null,
    resolveNote: seed.resolveNote ?? null,
    resolvedAt: seed.resolvedAt ? new Date(seed.resolvedAt) : null,
    resolvedBy: seed.resolvedBy ?? null,
    lastCustomerMessageAt: seed.lastCustomerMessageAt ?? null,
    lastMessageAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  const fromCustomer = seed.opener === 'in';
  await db.insert(messages).values([
    {
      clientId,
      id: uuidv7(),
      ticketId: id,
      channelAccountId: seed.account ?? accountId,
      direction: fromCustomer ? 'in' : 'out',
      type: 'text',
      text: seed.text,
      status: fromCustomer ? 'received' : 'sent',
      senderUserId: fromCustomer ? null : seed.opener,
      createdAt,
    },
    {
      clientId,
      id: uuidv7(),
      ticketId: id,
      channelAccountId: seed.account ?? accountId,
      direction: 'out',
      type: 'text',
      text: 'Terima kasih sudah menghubungi kami',
      status: 'sent',
      senderUserId: ownerId,
      createdAt: new Date(createdAt.getTime() + 60_000),
    },
  ]);
  ids[seed.key] = id;
  return id;
}

async function seed() {
  defaultGroupId = await groupOf(biz.clientId, 'Umum', true);
  salesGroupId = await groupOf(biz.clientId, 'Sales', false);
  await server.deps.db
    .insert(ticketCounters)
    .values({ clientId: biz.clientId, last: 0 })
    .onConflictDoNothing();
  const ani = await addContact(biz.clientId, 'Ani Lestari', '628111000001', 'ani@toko.id');
  const budi = await addContact(biz.clientId, 'Budi Hartono', '628111000002', null);
  const citra = await addContact(biz.clientId, 'Citra 50%_off', '628111000003', 'citra@surel.id');
  // 2026-03-10 in Jakarta (UTC+7) is 2026-03-09T17:00Z .. 2026-03-10T17:00Z.
  await addTicket({
    key: 'refund',
    contact: ani,
    createdAt: '2026-03-10T01:00:00Z',
    assigneeId: agentId,
    resolvedAt: '2026-03-10T05:00:00Z',
    resolvedBy: agentId,
    tags: ['vip'],
    remarks: 'Refund pesanan #77',
    resolveNote: 'Dana dikembalikan',
    priority: 1,
    opener: 'in',
    text: 'Halo, saya mau REFUND barang rusak',
  });
  await addTicket({
    key: 'promo',
    contact: budi,
    createdAt: '2026-03-09T18:00:00Z', // 01:00 on the 10th in Jakarta, the 9th in UTC
    status: 'assigned',
    assigneeId: cs2Id,
    tags: ['promo'],
    lastCustomerMessageAt: new Date(now - HOUR),
    opener: ownerId,
    text: 'Penawaran spesial minggu ini',
    groupId: salesGroupId,
  });
  await addTicket({
    key: 'late',
    contact: citra,
    createdAt: '2026-03-09T16:59:00Z', // 23:59 on the 9th in Jakarta
    channel: 'IGM',
    assigneeId: ownerId,
    resolvedAt: '2026-03-11T03:00:00Z',
    resolvedBy: ownerId,
    remarks: 'tanya ongkir',
    priority: 2,
    opener: 'in',
    text: 'Berapa ongkir ke Bandung?',
  });
  await addTicket({
    key: 'expired',
    contact: ani,
    createdAt: '2026-03-10T10:00:00Z',
    status: 'unassigned',
    lastCustomerMessageAt: new Date(now - 48 * HOUR),
    opener: 'in',
    text: 'Apakah stok masih ada?',
  });
  await addTicket({
    key: 'cs2resolved',
    contact: budi,
    createdAt: '2026-03-10T12:00:00Z',
    assigneeId: cs2Id,
    resolvedAt: '2026-03-10T13:00:00Z',
    resolvedBy: cs2Id,
    tags: ['vip', 'promo'],
    opener: 'in',
    text: 'Pesanan belum sampai',
  });
  await server.deps.db.insert(ticketFormStates).values({
    clientId: biz.clientId,
    ticketId: ids.refund!,
    values: { [fieldId]: 'Gold Member' },
  });
  // Another business with look-alike data: never part of this business's answers.
  const stranger = await addContact(other.clientId, 'Ani Lestari', '628111000001', 'ani@toko.id');
  await addTicket({
    key: 'foreign',
    clientId: other.clientId,
    account: otherAccountId,
    contact: stranger,
    createdAt: '2026-03-10T02:00:00Z',
    resolvedAt: '2026-03-10T03:00:00Z',
    tags: ['vip'],
    remarks: 'Refund pesanan #77',
    opener: 'in',
    text: 'Halo, saya mau refund',
  });
}

export function get(url: string, tokens = owner, lang = 'en') {
  return server.app.inject({ method: 'GET', url, headers: { ...bearer(tokens), 'accept-language': lang } });
}

export interface Page {
  items: { id: string; status: string; [k: string]: unknown }[];
  nextCursor: string | null;
  total: { count: number; capped: boolean } | null;
}
export async function list(query: string, tokens = owner, path = '/api/ticket-list'): Promise<Page> {
  const res = await get(`${path}?${query}`, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
export const keysOf = (page: Page) =>
  page.items.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0] ?? row.id);
