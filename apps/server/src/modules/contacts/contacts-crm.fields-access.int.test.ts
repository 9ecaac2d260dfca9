import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import {
  addContact,
  agent,
  call,
  listOf,
  type Method,
  noContact,
  otherOwner,
  server,
  useContactsCrmServer,
} from '../../../test/servers/contacts-crm.js';

/** The contact pages: custom fields, and who may use them (001 §3 custom field; §5; §8 contacts). */
useContactsCrmServer();

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
