import type { TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import {
  changeValue,
  connectWhatsapp,
  delivery,
  type FakeGraph,
  newWamid,
  postWebhook,
  startFakeGraph,
} from '../../../test/whatsapp.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { messages, tickets } from '../conversations/index.js';
import { contactIdentities, contacts } from './contacts.schema.js';
import { fillContactDetails, typedPhoneOf, upsertContactByIdentity } from './contacts.service.js';

/**
 * One contact per (business, phone) (issue 6, session 3): the unique index `contacts_phone_key` and the
 * upserts that rely on it — inbound WhatsApp, identities made elsewhere (new chat window, live chat), the
 * contact page — under concurrency.
 */
let server: TestServer;
let graph: FakeGraph;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let otherOwner: TokenPair;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer();
  graph = await startFakeGraph();
  biz = await makeBusiness(server.deps.db, 'Satu Nomor');
  other = await makeBusiness(server.deps.db, 'Nomor Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, graph.url)).id;
}, 120_000);
afterAll(async () => {
  await server.close();
  await graph.close();
});

const db = () => server.deps.db;
const contactsWith = (clientId: string, phone: string) =>
  db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.phone, phone)));
const ticketsOf = (clientId: string, contactId: string) =>
  db()
    .select()
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), eq(tickets.contactId, contactId)));
/** Adds a contact on the contact page (POST /api/contacts). */
const addContact = (tokens: TokenPair, name: string, phone: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: bearer(tokens),
    payload: { name, phone },
  });
const identitiesOf = (clientId: string, contactId: string) =>
  db()
    .select()
    .from(contactIdentities)
    .where(and(eq(contactIdentities.clientId, clientId), eq(contactIdentities.contactId, contactId)));

describe('one contact per number', () => {
  it('20 simultaneous first messages from one number make one contact, one identity and one ticket', async () => {
    const phone = '6281277220001';
    const ids = Array.from({ length: 20 }, () => newWamid());
    const results = await Promise.all(
      ids.map((id, i) =>
        postWebhook(
          server.app,
          accountId,
          delivery([changeValue({ messages: [{ from: phone, name: 'Serentak', id, text: `pesan ${i}` }] })]),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    await waitFor(
      async () =>
        (
          await db()
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.clientId, biz.clientId), eq(messages.channelAccountId, accountId)))
        ).length >= 20,
      60_000,
    );
    const found = await contactsWith(biz.clientId, phone);
    expect(found).toHaveLength(1);
    expect(found[0]!.name).toBe('Serentak');
    expect(await identitiesOf(biz.clientId, found[0]!.id)).toHaveLength(1);
    const open = await ticketsOf(biz.clientId, found[0]!.id);
    expect(open).toHaveLength(1);
  });

  it('a number added on the contact page keeps its contact when the customer writes on WhatsApp', async () => {
    const phone = '6281277220002';
    const added = await addContact(owner, 'Dicatat Dulu', phone);
    expect(added.statusCode, added.body).toBe(200);
    const id = newWamid();
    const body = delivery([changeValue({ messages: [{ from: phone, name: 'Nama WA', id, text: 'halo' }] })]);
    expect((await postWebhook(server.app, accountId, body)).statusCode).toBe(200);
    await waitFor(async () => (await ticketsOf(biz.clientId, added.json().id)).length === 1, 60_000);
    const found = await contactsWith(biz.clientId, phone);
    // The same contact, with its name kept (a provider name replaces only a bare number) and the identity.
    expect(found.map((c) => [c.id, c.name])).toEqual([[added.json().id, 'Dicatat Dulu']]);
    expect((await identitiesOf(biz.clientId, added.json().id)).map((i) => i.externalId)).toEqual([phone]);
  });

  it('20 concurrent identity upserts and a contact-page add of the same number end as one contact', async () => {
    const phone = '6281277220004';
    const upserts = Array.from({ length: 20 }, () =>
      db().transaction((tx) =>
        upsertContactByIdentity(tx, {
          clientId: biz.clientId,
          channel: 'WAP',
          channelAccountId: accountId,
          externalId: phone,
          name: null,
        }),
      ),
    );
    const add = addContact(owner, 'Halaman Kontak', phone);
    const [added, ...made] = await Promise.all([add, ...upserts]);
    const found = await contactsWith(biz.clientId, phone);
    expect(found).toHaveLength(1);
    expect(new Set(made.map((c) => c.id))).toEqual(new Set([found[0]!.id]));
    expect(made.filter((c) => c.created).length).toBeLessThanOrEqual(1);
    // The page's add either made the contact or was refused as a duplicate — never a 500.
    expect([200, 409]).toContain(added.statusCode);
    if (added.statusCode === 409) expect(added.json().code).toBe('contact.duplicate');
  });

  it('the same number is a contact of each business on its own', async () => {
    const phone = '6281277220005';
    for (const tokens of [owner, otherOwner]) {
      const res = await addContact(tokens, 'Di Dua Toko', phone);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await contactsWith(biz.clientId, phone)).toHaveLength(1);
    expect(await contactsWith(other.clientId, phone)).toHaveLength(1);
    // The other business's search does not see this business's contact and vice versa.
    const theirs = await server.app.inject({
      method: 'GET',
      url: `/api/contacts?search=${phone}`,
      headers: bearer(otherOwner),
    });
    expect(theirs.json().items).toHaveLength(1);
  });

  it('the database refuses a second contact with a number of the business', async () => {
    const phone = '6281277220006';
    await db().insert(contacts).values({ clientId: biz.clientId, id: uuidv7(), name: 'Pertama', phone });
    const second = db()
      .insert(contacts)
      .values({ clientId: biz.clientId, id: uuidv7(), name: 'Kedua', phone });
    await expect(second).rejects.toSatisfy(isUniqueViolation);
    await db().insert(contacts).values({ clientId: other.clientId, id: uuidv7(), name: 'Lain', phone });
  });
});

describe('a phone typed in the live-chat pre-chat form', () => {
  it.each([
    ['+62 812-7722-0007', '6281277220007'],
    ['0812 7722 0007', '6281277220007'],
    ['6281277220007', '6281277220007'],
    ['12345', null],
    ['', null],
    [null, null],
  ])('%j → %j', (typed, stored) => {
    expect(typedPhoneOf(typed)).toBe(stored);
  });

  const visitor = () =>
    db().transaction((tx) =>
      upsertContactByIdentity(tx, {
        clientId: biz.clientId,
        channel: 'LVC',
        channelAccountId: uuidv7(),
        externalId: uuidv7(),
        name: 'Pengunjung',
      }),
    );

  it('goes on the new contact, normalised, while no other contact has it', async () => {
    const contact = await visitor();
    await db().transaction((tx) =>
      fillContactDetails(tx, biz.clientId, contact.id, { email: 'v@toko.id', phone: '0812 7722 0008' }),
    );
    const [row] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, biz.clientId), eq(contacts.id, contact.id)));
    expect(row).toMatchObject({ phone: '6281277220008', email: 'v@toko.id' });
  });

  it("never joins the chat to another customer's contact: a taken number is left off", async () => {
    const phone = '6281277220009';
    await db().insert(contacts).values({ clientId: biz.clientId, id: uuidv7(), name: 'Pemilik', phone });
    const contact = await visitor();
    await db().transaction((tx) =>
      fillContactDetails(tx, biz.clientId, contact.id, { email: null, phone: `+${phone}` }),
    );
    const owners = await contactsWith(biz.clientId, phone);
    expect(owners.map((c) => c.name)).toEqual(['Pemilik']);
  });
});
