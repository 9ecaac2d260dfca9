import { randomUUID } from 'node:crypto';
import type { Broadcast, TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { uuidv7 } from 'uuidv7';
import { chatCreditWallets } from '../../src/modules/billing/billing.schema.js';
import { contactGroupMembers, contactGroups } from '../../src/modules/contacts/contact-groups.schema.js';
import { contacts } from '../../src/modules/contacts/contacts.schema.js';
import { insertTemplates } from '../../src/modules/templates/templates.repository.js';
import { apiClient } from '../api-client.js';
import { signInFresh } from '../auth-helpers.js';
import { type TestServer, waitFor } from '../harness.js';
import type { Business } from '../use-test-server.js';
import { useSimulatedBusiness } from '../whatsapp-simulator.js';

/**
 * The broadcast tests' server (`broadcasts.*.int.test.ts`), beside the WhatsApp Cloud simulator: business
 * `biz` with its number, 100000 credits, the templates `T` (promo with a contact variable, plain, pending) and a
 * group `groupId` of three contacts (Sari `sariId`, Joko, one without a number).
 */
export let server: TestServer;
export let sim: WhatsappCloudSimulator;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let admin: TokenPair;
export let agent: TokenPair;
export let otherOwner: TokenPair;
export let accountId: string;
export const api = apiClient(() => server.app);
export const number = {
  phoneNumberId: '106540352270001',
  wabaId: '102290129370001',
  displayPhoneNumber: '6281100000777',
  accessToken: 'sim-access-token-bc',
  appSecret: 'sim-app-secret-bc',
};
export const T = { promo: uuidv7(), plain: uuidv7(), pending: uuidv7() };
export let groupId: string;
export let sariId: string;
export const P = (n: number) => `62812772700${String(n).padStart(2, '0')}`;

export async function setBalance(clientId: string, balance: string) {
  await server.deps.db
    .insert(chatCreditWallets)
    .values({ clientId, balance })
    .onConflictDoUpdate({ target: chatCreditWallets.clientId, set: { balance } });
}

export const create = (tokens: TokenPair, body: Record<string, unknown>) =>
  api('POST', '/api/broadcasts', tokens, {
    channelAccountId: accountId,
    templateId: T.promo,
    variables: [{ source: 'contact', field: 'name', fallback: 'Pelanggan' }],
    clientRequestId: randomUUID(),
    ...body,
  });

export async function until(
  id: string,
  tokens: TokenPair,
  done: (b: Broadcast) => boolean,
  timeoutMs = 60_000,
) {
  return waitFor(async () => {
    const b = (await api('GET', `/api/broadcasts/${id}`, tokens)).json() as Broadcast;
    return done(b) ? b : undefined;
  }, timeoutMs);
}

export function useBroadcastsServer() {
  useSimulatedBusiness('Siaran', 'Lain', number, async (started) => {
    // `agent` here is the member who may use CONTACT only.
    ({ server, sim, biz, other, owner, contactOnly: agent, otherOwner, accountId } = started);
    admin = await signInFresh(server.app, biz.admin.email);
    await setBalance(biz.clientId, '100000');
    await insertTemplates(server.deps.db, [
      {
        clientId: biz.clientId,
        id: T.promo,
        name: 'promo_akhir_tahun',
        language: 'id',
        category: 'MARKETING',
        body: 'Halo {{1}}, diskon akhir tahun menunggu!',
        variables: [{ name: 'nama', sample: 'Budi', contactField: 'name' }],
        status: 'approved',
      },
      {
        clientId: biz.clientId,
        id: T.plain,
        name: 'info_toko',
        language: 'id',
        category: 'UTILITY',
        body: 'Toko buka jam 9.',
        status: 'approved',
      },
      {
        clientId: biz.clientId,
        id: T.pending,
        name: 'menunggu',
        language: 'id',
        category: 'MARKETING',
        body: 'x',
        status: 'pending',
      },
    ]);
    const db = server.deps.db;
    const people = [
      { id: uuidv7(), name: 'Sari', phone: P(11) },
      { id: uuidv7(), name: 'Joko', phone: P(12) },
      { id: uuidv7(), name: 'Tanpa Nomor', phone: null },
    ];
    await db.insert(contacts).values(people.map((p) => ({ clientId: biz.clientId, ...p })));
    sariId = people[0]!.id;
    groupId = uuidv7();
    await db
      .insert(contactGroups)
      .values({ clientId: biz.clientId, id: groupId, name: 'Pelanggan Setia', description: '' });
    await db
      .insert(contactGroupMembers)
      .values(people.map((p) => ({ clientId: biz.clientId, groupId, contactId: p.id })));
  });
}
