import { describe, expect, it } from 'vitest';
import {
  accountId,
  addContact,
  biz,
  call,
  listOf,
  newPhone,
  otherOwner,
  owner,
  server,
  useContactsCrmServer,
} from '../../../test/servers/contacts-crm.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';

/**
 * The contact pages: contacts (add, list, search, edit, delete), their groups and tags (001 §2 Contacts; §3
 * Contact, group, tag).
 */
useContactsCrmServer();

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
