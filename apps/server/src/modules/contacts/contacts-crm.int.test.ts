import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { connectWhatsapp } from '../../../test/whatsapp.js';

/** The contact pages (001 §2 Contacts; §3 Contact, group, tag, custom field; §5; §8 contacts). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let agent: TokenPair;
let noContact: TokenPair;
let otherOwner: TokenPair;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Kontak CRM', [
    { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']), csPosition: 'CS2' },
  ]);
  other = await makeBusiness(server.deps.db, 'Kontak Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  agent = await signInFresh(server.app, biz.agent.email);
  noContact = await signInFresh(server.app, biz.members[3]!.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
  accountId = (await connectWhatsapp(server.app, owner, 'http://127.0.0.1:9/v25.0')).id;
}, 180_000);
afterAll(() => server?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, tokens = owner, lang = 'en') {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let phoneCounter = 0;
const newPhone = () => `62813${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(3, '0')}`;

async function addContact(body: Record<string, unknown>, tokens = owner) {
  const res = await call('POST', '/api/contacts', body, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; name: string; phone: string | null };
}

const listOf = async (query: string, tokens = owner) => {
  const res = await call('GET', `/api/contacts?${query}`, undefined, tokens);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; name: string; tags: { name: string }[] }[];
    nextCursor: string | null;
  };
};

describe('contacts: add, list, search, edit, delete', () => {
  it('adds a contact with a normalised phone and lists it first', async () => {
    const created = await addContact({
      name: '  Sari Wulandari ',
      phone: '+62 812-3456-7001',
      email: 'Sari@X.id',
    });
    expect(created).toMatchObject({ name: 'Sari Wulandari', phone: '6281234567001', email: 'sari@x.id' });
    const list = await listOf('limit=5');
    expect(list.items[0]).toMatchObject({ id: created.id, name: 'Sari Wulandari', channels: [], tags: [] });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is Required'],
    [{ name: 'x'.repeat(151) }, 'name', 'Max 150 Characters'],
    [{ name: 'Budi', phone: '0812345' }, 'phone', 'Phone number must be 9-13 digits.'],
    [{ name: 'Budi', email: 'bukan-email' }, 'email', 'Email format is invalid'],
    [{ name: 'Budi', birthDate: '2024-13-45' }, 'birthDate', 'Date format is invalid'],
  ])('refuses %j with the translated message', async (body, field, message) => {
    const res = await call('POST', '/api/contacts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: expect.any(String) } });
  });

  it('refuses a phone another contact has (001 §8 duplicate contact), in Indonesian too', async () => {
    const phone = newPhone();
    await addContact({ name: 'Pertama', phone });
    const res = await call('POST', '/api/contacts', { name: 'Kedua', phone: `+${phone}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Duplicate contact/);
    const id = await call('POST', '/api/contacts', { name: 'Kedua', phone }, owner, 'id');
    expect(id.json().message).toMatch(/^Kontak duplikat/);
    // Editing another contact to that phone is refused too.
    const second = await addContact({ name: 'Kedua', phone: newPhone() });
    const edit = await call('PUT', `/api/contacts/${second.id}/profile`, { name: 'Kedua', phone });
    expect(edit.statusCode).toBe(409);
  });

  it('searches by part of the name and by part of the phone, also typed the local way', async () => {
    const unique = `Zq${Date.now().toString(36)}`;
    const a = await addContact({ name: `Ibu ${unique} Rahma`, phone: '6289912340001' });
    const b = await addContact({ name: 'Pak Lain', phone: '6289912340002' });
    expect((await listOf(`search=${unique.toLowerCase()}`)).items.map((c) => c.id)).toEqual([a.id]);
    const byDigits = (await listOf('search=99123400')).items.map((c) => c.id);
    expect(byDigits).toEqual([b.id, a.id]);
    expect((await listOf(`search=${encodeURIComponent('0899-1234-0002')}`)).items.map((c) => c.id)).toEqual([
      b.id,
    ]);
    // LIKE wildcards are plain text.
    expect((await listOf('search=%25')).items).toEqual([]);
  });

  it('pages by keyset without repeats or gaps', async () => {
    const tag = (await call('POST', '/api/contact-tags', { name: `Halaman ${Date.now()}` })).json();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addContact({ name: `Halaman ${i}`, tagIds: [tag.id] })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listOf(`tagId=${tag.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await call('GET', '/api/contacts?cursor=rusak')).statusCode).toBe(400);
  });

  it('filters by channel: the WhatsApp identity or the main channel', async () => {
    const { contactId } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const main = await addContact({ name: 'Utama Telegram', mainChannel: 'TLG' });
    const wap = (await listOf('channel=WAP&limit=100')).items.map((c) => c.id);
    expect(wap).toContain(contactId);
    expect(wap).not.toContain(main.id);
    expect((await listOf('channel=TLG&limit=100')).items.map((c) => c.id)).toEqual([main.id]);
  });

  it('shows the profile with tags, groups and chats, and edits it without breaking the inbox panel', async () => {
    const { contactId, ticketId, phone } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
      name: 'Profil',
    });
    const tag = (await call('POST', '/api/contact-tags', { name: `VIP ${Date.now()}` })).json();
    const group = (
      await call('POST', '/api/contact-groups', {
        name: `Grup ${Date.now()}`.slice(0, 30),
        description: 'Pelanggan tetap',
      })
    ).json();
    const saved = await call('PUT', `/api/contacts/${contactId}/profile`, {
      name: 'Profil Baru',
      phone,
      mainChannel: 'WAP',
      birthDate: '1990-05-17',
      lastEducation: 'S1',
      tagIds: [tag.id],
      groupIds: [group.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Profil Baru',
      mainChannel: 'WAP',
      birthDate: '1990-05-17',
      lastEducation: 'S1',
      averageTransaction: null,
      tags: [{ id: tag.id }],
      groups: [{ id: group.id }],
      recentTickets: [{ id: ticketId }],
    });
    expect((await call('GET', `/api/contact-groups/${group.id}`)).json().memberCount).toBe(1);
    // The inbox panel's PATCH still edits name and email only, and keeps the CRM fields.
    const patched = await call('PATCH', `/api/contacts/${contactId}`, { name: 'Dari Inbox' });
    expect(patched.statusCode).toBe(200);
    const profile = (await call('GET', `/api/contacts/${contactId}/profile`)).json();
    expect(profile).toMatchObject({ name: 'Dari Inbox', mainChannel: 'WAP', tags: [{ id: tag.id }] });
    // Leaving the groups out keeps them; an empty list clears them and the count follows.
    await call('PUT', `/api/contacts/${contactId}/profile`, { name: 'Dari Inbox', groupIds: [] });
    expect((await call('GET', `/api/contact-groups/${group.id}`)).json().memberCount).toBe(0);
  });

  it('pages the chat history of a contact: every ticket, latest activity first', async () => {
    const first = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const ids = [first.ticketId];
    for (let i = 0; i < 2; i++) {
      const resolved = await call('POST', `/api/tickets/${ids.at(-1)}/resolve`, { note: 'selesai' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const next = await openWhatsappTicket(server.deps.db, {
        clientId: biz.clientId,
        channelAccountId: accountId,
        phone: first.phone,
      });
      expect(next.contactId).toBe(first.contactId);
      ids.push(next.ticketId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `/api/contacts/${first.contactId}/chats?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((t: { id: string }) => t.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await call('GET', `/api/contacts/${first.contactId}/chats?cursor=rusak`)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/contacts/${first.contactId}/chats`, undefined, otherOwner)).statusCode,
    ).toBe(404);
  });

  it('deletes a contact without chats (its group count follows) and refuses one with chats', async () => {
    const group = (
      await call('POST', '/api/contact-groups', {
        name: `Hapus ${Date.now()}`.slice(0, 30),
        description: 'x',
      })
    ).json();
    const plain = await addContact({ name: 'Dihapus', groupIds: [group.id] });
    expect((await call('GET', `/api/contact-groups/${group.id}`)).json().memberCount).toBe(1);
    expect((await call('DELETE', `/api/contacts/${plain.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/contacts/${plain.id}/profile`)).statusCode).toBe(404);
    expect((await call('GET', `/api/contact-groups/${group.id}`)).json().memberCount).toBe(0);
    const { contactId } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const refused = await call('DELETE', `/api/contacts/${contactId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This contact has chat history and cannot be deleted.');
  });
});

describe('contact groups and tags', () => {
  it.each([
    [{ name: '', description: 'x' }, 'name', 'Name is Required'],
    [{ name: 'x'.repeat(31), description: 'x' }, 'name', 'Max 30 Characters'],
    [{ name: 'Grup', description: '' }, 'description', 'Description is required'],
    [{ name: 'Grup', description: 'x'.repeat(301) }, 'description', 'Max 300 Characters'],
  ])('refuses the group %j', async (body, field, message) => {
    const res = await call('POST', '/api/contact-groups', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
  });

  it('creates, renames, lists and deletes a group; a duplicate name is refused whatever its case', async () => {
    const name = `Reseller ${Date.now() % 100000}`;
    const created = await call('POST', '/api/contact-groups', { name, description: 'Mitra' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const dup = await call('POST', '/api/contact-groups', { name: name.toUpperCase(), description: 'y' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A group with this name already exists');
    const renamed = await call('PUT', `/api/contact-groups/${id}`, {
      name: `${name} B`,
      description: 'Baru',
    });
    expect(renamed.json()).toMatchObject({ name: `${name} B`, description: 'Baru', memberCount: 0 });
    const list = await call('GET', `/api/contact-groups?search=${encodeURIComponent(name)}`);
    expect(list.json().items.map((g: { id: string }) => g.id)).toEqual([id]);
    expect((await call('DELETE', `/api/contact-groups/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/contact-groups/${id}`)).statusCode).toBe(404);
  });

  it('adds and removes members; the list filters by group; contacts of another business are refused', async () => {
    const group = (
      await call('POST', '/api/contact-groups', { name: `Anggota ${Date.now() % 100000}`, description: 'x' })
    ).json();
    const a = await addContact({ name: 'Anggota A' });
    const b = await addContact({ name: 'Anggota B' });
    const added = await call('POST', `/api/contact-groups/${group.id}/contacts`, {
      contactIds: [a.id, b.id, a.id],
    });
    expect(added.json().memberCount).toBe(2);
    // Adding again changes nothing.
    expect(
      (await call('POST', `/api/contact-groups/${group.id}/contacts`, { contactIds: [a.id] })).json()
        .memberCount,
    ).toBe(2);
    expect((await listOf(`groupId=${group.id}`)).items.map((c) => c.id)).toEqual([b.id, a.id]);
    const removed = await call('POST', `/api/contact-groups/${group.id}/contacts/remove`, {
      contactIds: [a.id],
    });
    expect(removed.json().memberCount).toBe(1);
    const foreign = (await call('POST', '/api/contacts', { name: 'Milik Lain' }, otherOwner)).json();
    const refused = await call('POST', `/api/contact-groups/${group.id}/contacts`, {
      contactIds: [foreign.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call('POST', `/api/contact-groups/${group.id}/contacts`, { contactIds: [] })).statusCode,
    ).toBe(400);
  });

  it('keeps tag names unique, tags and untags contacts, and deleting a tag untags them', async () => {
    const name = `Loyal ${Date.now()}`;
    const tag = (await call('POST', '/api/contact-tags', { name })).json();
    const dup = await call('POST', '/api/contact-tags', { name: ` ${name.toLowerCase()} ` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Contact tag name must be unique: this tag already exists');
    expect((await call('POST', '/api/contact-tags', { name: '' })).json().message).toBe(
      'Tag name is required',
    );
    const c = await addContact({ name: 'Bertag' });
    await call('POST', `/api/contact-tags/${tag.id}/contacts`, { contactIds: [c.id] });
    expect((await listOf(`tagId=${tag.id}`)).items).toMatchObject([{ id: c.id, tags: [{ name }] }]);
    await call('POST', `/api/contact-tags/${tag.id}/contacts/remove`, { contactIds: [c.id] });
    expect((await listOf(`tagId=${tag.id}`)).items).toEqual([]);
    await call('POST', `/api/contact-tags/${tag.id}/contacts`, { contactIds: [c.id] });
    const renamed = await call('PUT', `/api/contact-tags/${tag.id}`, { name: `${name} Baru` });
    expect(renamed.json().name).toBe(`${name} Baru`);
    expect((await call('DELETE', `/api/contact-tags/${tag.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/contacts/${c.id}/profile`)).json().tags).toEqual([]);
    expect(
      (await call('GET', '/api/contact-tags')).json().items.map((t: { id: string }) => t.id),
    ).not.toContain(tag.id);
  });
});

describe('custom fields', () => {
  it('creates fields of each kind, refuses a duplicate title, a choice without options and a type change', async () => {
    const title = `Kota ${Date.now()}`;
    const city = await call('POST', '/api/contact-fields', {
      title,
      type: 'singleChoice',
      options: ['Jakarta', 'Bandung'],
      validation: 'optional',
    });
    expect(city.statusCode, city.body).toBe(200);
    expect(city.json()).toMatchObject({
      title,
      type: 'singleChoice',
      options: ['Jakarta', 'Bandung'],
      display: true,
    });
    const dup = await call('POST', '/api/contact-fields', {
      title: title.toUpperCase(),
      type: 'text',
      validation: 'optional',
    });
    expect(dup.statusCode).toBe(409);
    const noOptions = await call('POST', '/api/contact-fields', {
      title: 'Hobi',
      type: 'multipleChoice',
      options: [],
      validation: 'optional',
    });
    expect(noOptions.json()).toMatchObject({
      message: 'Option is required',
      fields: { options: 'Option is required' },
    });
    const blankOption = await call('POST', '/api/contact-fields', {
      title: 'Hobi',
      type: 'multipleChoice',
      options: ['Baca', ' '],
      validation: 'optional',
    });
    expect(blankOption.statusCode).toBe(400);
    const typeChange = await call('PUT', `/api/contact-fields/${city.json().id}`, {
      title,
      type: 'text',
      validation: 'optional',
    });
    expect(typeChange.statusCode).toBe(409);
    const hidden = await call('PUT', `/api/contact-fields/${city.json().id}`, {
      title,
      type: 'singleChoice',
      options: ['Jakarta', 'Bandung', 'Medan'],
      validation: 'optional',
      display: false,
    });
    expect(hidden.json()).toMatchObject({ display: false, options: ['Jakarta', 'Bandung', 'Medan'] });
    // No delete (001 §3).
    expect((await call('DELETE', `/api/contact-fields/${city.json().id}`)).statusCode).toBe(404);
  });

  it("checks a contact's values by type and requires the required fields", async () => {
    const other = await makeBusiness(server.deps.db, 'Kolom');
    const tokens = await signInFresh(server.app, other.owner.email);
    const make = async (body: Record<string, unknown>) =>
      (await call('POST', '/api/contact-fields', body, tokens)).json().id as string;
    const age = await make({ title: 'Umur', type: 'number', validation: 'optional' });
    const site = await make({ title: 'Situs', type: 'url', validation: 'optional' });
    const hobby = await make({
      title: 'Hobi',
      type: 'multipleChoice',
      options: ['Baca', 'Lari'],
      validation: 'optional',
    });
    const member = await make({
      title: 'Member',
      type: 'singleChoice',
      options: ['Ya', 'Tidak'],
      validation: 'required',
    });
    const missing = await call('POST', '/api/contacts', { name: 'Tanpa' }, tokens);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ [`customValues.${member}`]: 'This field is required' });
    const bad = await call(
      'POST',
      '/api/contacts',
      { name: 'Salah', customValues: { [age]: 'tua', [site]: 'situs', [member]: 'Mungkin' } },
      tokens,
    );
    expect(bad.json().fields).toEqual({
      [`customValues.${age}`]: 'Enter a number',
      [`customValues.${site}`]: 'URL format is invalid (start with http:// or https://)',
      [`customValues.${member}`]: 'Choose one of the options',
    });
    const ok = await call(
      'POST',
      '/api/contacts',
      {
        name: 'Benar',
        customValues: {
          [age]: '31',
          [site]: 'https://toko.id',
          [hobby]: ['Lari', 'Baca', 'Lari'],
          [member]: 'Ya',
        },
      },
      tokens,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().customValues).toEqual({
      [age]: 31,
      [site]: 'https://toko.id',
      [hobby]: ['Lari', 'Baca'],
      [member]: 'Ya',
    });
    // An edit that names one field keeps the others; a field of another business is unknown.
    const edited = await call(
      'PUT',
      `/api/contacts/${ok.json().id}/profile`,
      { name: 'Benar', customValues: { [age]: null } },
      tokens,
    );
    expect(edited.json().customValues).toEqual({
      [site]: 'https://toko.id',
      [hobby]: ['Lari', 'Baca'],
      [member]: 'Ya',
    });
    const foreignField = (
      await call('POST', '/api/contact-fields', {
        title: `Asing ${Date.now()}`,
        type: 'text',
        validation: 'optional',
      })
    ).json().id;
    const foreign = await call(
      'PUT',
      `/api/contacts/${ok.json().id}/profile`,
      { name: 'Benar', customValues: { [foreignField]: 'x' } },
      tokens,
    );
    expect(foreign.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('needs the CONTACT feature: a user without it gets 403 everywhere, an agent with it may work', async () => {
    const c = await addContact({ name: 'Akses' });
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/contacts'],
      ['POST', '/api/contacts', { name: 'X' }],
      ['GET', `/api/contacts/${c.id}/profile`],
      ['PUT', `/api/contacts/${c.id}/profile`, { name: 'X' }],
      ['DELETE', `/api/contacts/${c.id}`],
      ['GET', '/api/contact-groups'],
      ['POST', '/api/contact-groups', { name: 'X', description: 'Y' }],
      ['GET', '/api/contact-tags'],
      ['POST', '/api/contact-tags', { name: 'X' }],
      ['GET', '/api/contact-fields'],
      ['POST', '/api/contact-fields', { title: 'X', type: 'text', validation: 'optional' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body, noContact);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You have no permission to access this menu.');
    }
    // The legacy customer-service role has the contact menu (000 §6).
    expect((await call('GET', '/api/contacts', undefined, agent)).statusCode).toBe(200);
  });

  it("answers 404 for another business's contact, group, tag and field, and lists none of them", async () => {
    const c = await addContact({ name: 'Rahasia CRM' });
    const g = (
      await call('POST', '/api/contact-groups', { name: `Rahasia ${Date.now() % 100000}`, description: 'x' })
    ).json();
    const t = (await call('POST', '/api/contact-tags', { name: `Rahasia ${Date.now()}` })).json();
    const f = (
      await call('POST', '/api/contact-fields', {
        title: `Rahasia ${Date.now()}`,
        type: 'text',
        validation: 'optional',
      })
    ).json();
    for (const [method, url, body] of [
      ['GET', `/api/contacts/${c.id}/profile`],
      ['PUT', `/api/contacts/${c.id}/profile`, { name: 'Diretas' }],
      ['DELETE', `/api/contacts/${c.id}`],
      ['GET', `/api/contact-groups/${g.id}`],
      ['PUT', `/api/contact-groups/${g.id}`, { name: 'Diretas', description: 'x' }],
      ['POST', `/api/contact-groups/${g.id}/contacts`, { contactIds: [c.id] }],
      ['DELETE', `/api/contact-groups/${g.id}`],
      ['PUT', `/api/contact-tags/${t.id}`, { name: 'Diretas' }],
      ['DELETE', `/api/contact-tags/${t.id}`],
      ['PUT', `/api/contact-fields/${f.id}`, { title: 'Diretas', type: 'text', validation: 'optional' }],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, body, otherOwner);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await listOf('search=Rahasia%20CRM', otherOwner)).items).toEqual([]);
    expect((await listOf(`groupId=${g.id}`, otherOwner)).items).toEqual([]);
    expect((await call('GET', '/api/contact-fields', undefined, otherOwner)).json().items).toEqual([]);
    expect((await call('GET', `/api/contacts/${c.id}/profile`)).json().name).toBe('Rahasia CRM');
  });
});
