import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import {
  type ExportHistoryItem,
  type ExportRequestInput,
  featureStringFrom,
  type TokenPair,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import { contacts } from '../../src/modules/contacts/contacts.schema.js';
import { messages, tickets } from '../../src/modules/conversations/index.js';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import { makeBusiness } from '../fixtures.js';
import { type TestServer, waitFor } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { connectWhatsapp } from '../whatsapp.js';

/**
 * The downloads tests' server (`exports.int.test.ts`): business `biz` with a CONTACT-only member, a CS2 agent
 * who may search and a history-only supervisor; four chats seeded around 2026-05-10, one in `other`, one in
 * `broken` (whose exports the failure test makes fail). Files land in `dataDir`.
 */
export let server: TestServer;
export let biz: Business;
export let other: Business;
export let broken: Business;
export let owner: TokenPair;
export let cs2: TokenPair;
export let contactOnly: TokenPair;
export let historyAgent: TokenPair;
export let otherOwner: TokenPair;
export let brokenOwner: TokenPair;
export let ownerId: string;
let cs2Id: string;
let accountId: string;
export let dataDir: string;
export const api = apiClient(() => server.app);

// 2026-05-10 in Jakarta (UTC+7) is 2026-05-09T17:00Z .. 2026-05-10T17:00Z.
export const DAY = '2026-05-10';
let displayNumber = 5000;

export function useExportsServer() {
  dataDir = mkdtempSync(join(tmpdir(), 'sapa-exports-'));
  useTestServer({
    server: { env: { DATA_DIR: dataDir } },
    business: 'Unduh',
    members: [
      { featureAccess: featureStringFrom(['CONTACT']), csPosition: null },
      { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_HISTORY', 'ADVANCE_SEARCH']), csPosition: 'CS2' },
      { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_HISTORY']), csPosition: 'SPV2' },
    ],
    other: 'Unduh Lain',
    // Three businesses, six sign-ins (argon2) and three WhatsApp numbers: slow on a busy machine.
    timeoutMs: 180_000,
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      broken = await makeBusiness(server.deps.db, 'Unduh Rusak');
      ownerId = biz.userIds[biz.owner.email]!;
      cs2Id = biz.userIds[biz.members[4]!.email]!;
      contactOnly = await signInFresh(server.app, biz.members[3]!.email);
      cs2 = await signInFresh(server.app, biz.members[4]!.email);
      historyAgent = await signInFresh(server.app, biz.members[5]!.email);
      brokenOwner = await signInFresh(server.app, broken.owner.email);
      accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
      const otherAccount = (await connectWhatsapp(server.app, otherOwner, 'http://127.0.0.1:9/v25.0')).id;
      const brokenAccount = (await connectWhatsapp(server.app, brokenOwner, 'http://127.0.0.1:9/v25.0')).id;

      const ani = await addContact(biz.clientId, 'Ani Lestari', '628111220001');
      const budi = await addContact(biz.clientId, 'Budi "Bud" Hartono', '628111220002');
      await addTicket(biz.clientId, accountId, {
        contact: ani,
        createdAt: '2026-05-10T01:00:00Z',
        resolvedAt: '2026-05-10T03:00:00Z',
        assigneeId: ownerId,
        tags: ['vip', 'refund'],
        remarks: 'Refund, pesanan #77',
        resolveNote: 'Dana dikembalikan ke rekening',
        messages: [
          { direction: 'in', text: 'Halo, barang saya rusak' },
          { direction: 'out', text: 'Maaf, kami bantu refund', sender: ownerId },
          { direction: 'out', text: 'cek stok dulu', sender: ownerId, internal: true },
        ],
      });
      await addTicket(biz.clientId, accountId, {
        contact: budi,
        createdAt: '2026-05-10T02:00:00Z',
        resolvedAt: '2026-05-10T04:00:00Z',
        assigneeId: cs2Id,
        messages: [{ direction: 'in', text: '=HYPERLINK("x")' }],
      });
      // An open chat that day, and a chat of the next day (outside a one-day range).
      await addTicket(biz.clientId, accountId, {
        contact: budi,
        createdAt: '2026-05-10T05:00:00Z',
        messages: [{ direction: 'in', text: 'Masih buka' }],
      });
      await addTicket(biz.clientId, accountId, {
        contact: ani,
        createdAt: '2026-05-11T05:00:00Z',
        resolvedAt: '2026-05-11T06:00:00Z',
        messages: [{ direction: 'in', text: 'Besoknya' }],
      });
      const stranger = await addContact(other.clientId, 'Rahasia Lain', '628111220009');
      await addTicket(other.clientId, otherAccount, {
        contact: stranger,
        createdAt: '2026-05-10T01:00:00Z',
        resolvedAt: '2026-05-10T02:00:00Z',
        messages: [{ direction: 'in', text: 'pesan bisnis lain' }],
      });
      const brokenContact = await addContact(broken.clientId, 'Rusak', '628111220010');
      await addTicket(broken.clientId, brokenAccount, {
        contact: brokenContact,
        createdAt: '2026-05-10T01:00:00Z',
        messages: [{ direction: 'in', text: 'x' }],
      });
    },
  });
}

async function addContact(clientId: string, name: string, phone: string) {
  const id = uuidv7();
  await server.deps.db.insert(contacts).values({ clientId, id, name, phone });
  return id;
}

interface SeedMessage {
  direction: 'in' | 'out';
  text: string;
  sender?: string;
  internal?: boolean;
}

async function addTicket(
  clientId: string,
  channelAccountId: string,
  seed: {
    contact: string;
    createdAt: string;
    resolvedAt?: string;
    assigneeId?: string;
    tags?: string[];
    remarks?: string;
    resolveNote?: string;
    messages: SeedMessage[];
  },
) {
  const id = uuidv7();
  const createdAt = new Date(seed.createdAt);
  await server.deps.db.insert(tickets).values({
    clientId,
    id,
    displayNumber: ++displayNumber,
    contactId: seed.contact,
    channel: 'WAP',
    channelAccountId,
    status: seed.resolvedAt ? 'resolved' : seed.assigneeId ? 'assigned' : 'unassigned',
    assigneeId: seed.assigneeId ?? null,
    assignedVia: seed.assigneeId ? 'manual' : null,
    tags: seed.tags ?? [],
    remarks: seed.remarks ?? null,
    resolveNote: seed.resolveNote ?? null,
    resolvedAt: seed.resolvedAt ? new Date(seed.resolvedAt) : null,
    resolvedBy: seed.resolvedAt ? (seed.assigneeId ?? null) : null,
    lastCustomerMessageAt: createdAt,
    lastMessageAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  await server.deps.db.insert(messages).values(
    seed.messages.map((m, i) => ({
      clientId,
      id: uuidv7(),
      ticketId: id,
      channelAccountId,
      direction: m.direction,
      visibility: m.internal ? ('internal' as const) : ('public' as const),
      type: 'text' as const,
      text: m.text,
      status: m.direction === 'in' ? ('received' as const) : ('sent' as const),
      senderUserId: m.sender ?? null,
      createdAt: new Date(createdAt.getTime() + i * 60_000),
    })),
  );
  return id;
}

export const ticketList = (over: Partial<ExportRequestInput> = {}): ExportRequestInput =>
  ({
    roomType: 'ticketList',
    type: 'chats',
    format: 'xlsx',
    filter: { createdFrom: DAY, createdTo: DAY },
    ...over,
  }) as ExportRequestInput;

export async function request(body: ExportRequestInput, tokens = owner, lang = 'en') {
  const res = await api('POST', '/api/export-history/request', tokens, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json() as ExportHistoryItem;
  expect(item.status).toBe('inProgress');
  return item;
}

export async function finished(id: string, tokens = owner, timeoutMs = 60_000): Promise<ExportHistoryItem> {
  return waitFor(async () => {
    const res = await api('GET', '/api/export-history/list', tokens);
    const item = (res.json().items as ExportHistoryItem[]).find((i) => i.id === id);
    return item && item.status !== 'inProgress' ? item : false;
  }, timeoutMs);
}

export async function download(id: string, tokens = owner) {
  const signed = await api('GET', `/api/export-history/report/signed?id=${id}`, tokens);
  expect(signed.statusCode, signed.body).toBe(200);
  const link = signed.json() as { url: string; fileName: string; expiresAt: number };
  expect(link.expiresAt).toBeGreaterThan(Date.now());
  // A plain link: no bearer token.
  const file = await server.app.inject({ method: 'GET', url: link.url });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-disposition']).toBe(`attachment; filename="${link.fileName}"`);
  return { bytes: file.rawPayload, link, headers: file.headers };
}

export const grid = (bytes: Buffer, type: 'buffer' | 'string' = 'buffer') => {
  // csv is read as text (raw), xlsx with its date cells as dates.
  const book =
    type === 'string'
      ? XLSX.read(bytes.toString('utf8').replace(/^\ufeff/, ''), { type, raw: true })
      : XLSX.read(bytes, { type, cellDates: true, UTC: true });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: true,
    defval: null,
  });
};
