import { describe, expect, it } from 'vitest';
import { checkContactFieldValue, contactFieldInputSchema } from './contact-fields.js';
import {
  contactGroupInputSchema,
  contactProfileInputSchema,
  contactTagInputSchema,
} from './contacts-list.js';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success
    ? null
    : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

/** 001 §5 contacts validation rules, table by table. */
describe('contact (001 §3, §5, §9)', () => {
  it.each([
    [{ name: 'Budi' }, null],
    [{ name: '   ' }, { path: 'name', message: 'validation.required' }],
    [{}, { path: 'name', message: 'validation.required' }],
    [{ name: 'x'.repeat(150) }, null],
    [{ name: 'x'.repeat(151) }, { path: 'name', message: 'validation.max150' }],
    [{ name: 'B', phone: '+62 812-3456-7890' }, null],
    [{ name: 'B', phone: '081234567890' }, null], // 08… is read as 628… (issue 16)
    [
      { name: 'B', phone: '62812' },
      { path: 'phone', message: 'phone.length' },
    ],
    [
      { name: 'B', phone: '62812345678901' },
      { path: 'phone', message: 'phone.length' },
    ],
    [
      { name: 'B', phone: '62abc4567890' },
      { path: 'phone', message: 'phone.characters' },
    ],
    [{ name: 'B', phone: '' }, null],
    [
      { name: 'B', email: 'a@b' },
      { path: 'email', message: 'validation.email' },
    ],
    [
      { name: 'B', birthDate: '1990-02-30x' },
      { path: 'birthDate', message: 'contacts.valueDate' },
    ],
    [{ name: 'B', birthDate: '1990-02-28' }, null],
    [
      { name: 'B', mainChannel: 'XXX' },
      { path: 'mainChannel', message: expect.any(String) },
    ],
    [
      { name: 'B', tagIds: ['nope'] },
      { path: 'tagIds.0', message: expect.any(String) },
    ],
  ])('%j → %j', (input, expected) => {
    expect(firstMessage(contactProfileInputSchema.safeParse(input))).toEqual(expected);
  });

  it('keeps the phone as digits with the country code', () => {
    expect(contactProfileInputSchema.parse({ name: 'B', phone: '+62 (812) 3456.7890' }).phone).toBe(
      '6281234567890',
    );
  });
});

describe('group and tag (001 §3, §5)', () => {
  it.each([
    [{ name: 'Reseller', description: 'Mitra' }, null],
    [
      { name: '', description: 'Mitra' },
      { path: 'name', message: 'validation.required' },
    ],
    [{ name: 'x'.repeat(30), description: 'd' }, null],
    [
      { name: 'x'.repeat(31), description: 'd' },
      { path: 'name', message: 'validation.max30' },
    ],
    [
      { name: 'G', description: ' ' },
      { path: 'description', message: 'contacts.descriptionRequired' },
    ],
    [{ name: 'G', description: 'x'.repeat(300) }, null],
    [
      { name: 'G', description: 'x'.repeat(301) },
      { path: 'description', message: 'validation.max300' },
    ],
  ])('group %j → %j', (input, expected) => {
    expect(firstMessage(contactGroupInputSchema.safeParse(input))).toEqual(expected);
  });

  it.each([
    [{ name: 'VIP' }, null],
    [{ name: ' ' }, { path: 'name', message: 'contacts.tagRequired' }],
    [{ name: 'x'.repeat(51) }, { path: 'name', message: 'validation.max50' }],
  ])('tag %j → %j', (input, expected) => {
    expect(firstMessage(contactTagInputSchema.safeParse(input))).toEqual(expected);
  });
});

describe('custom field definition (001 §3, §5)', () => {
  it.each([
    [{ title: 'Kota', type: 'text', validation: 'optional' }, null],
    [
      { title: '', type: 'text', validation: 'optional' },
      { path: 'title', message: 'contacts.fieldTitleRequired' },
    ],
    [
      { title: 'Kota', validation: 'optional' },
      { path: 'type', message: 'contacts.fieldTypeRequired' },
    ],
    [
      { title: 'Kota', type: 'text' },
      { path: 'validation', message: 'contacts.fieldValidationRequired' },
    ],
    [
      { title: 'K', type: 'singleChoice', validation: 'optional' },
      { path: 'options', message: 'contacts.optionRequired' },
    ],
    [
      { title: 'K', type: 'singleChoice', options: ['A', ''], validation: 'optional' },
      { path: 'options.1', message: 'contacts.optionRequired' },
    ],
    [
      { title: 'K', type: 'multipleChoice', options: ['A', 'a'], validation: 'optional' },
      { path: 'options', message: 'contacts.optionDuplicate' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(firstMessage(contactFieldInputSchema.safeParse(input))).toEqual(expected);
  });

  it('drops options of a type that has none', () => {
    expect(
      contactFieldInputSchema.parse({ title: 'K', type: 'text', options: ['A'], validation: 'optional' })
        .options,
    ).toEqual([]);
  });
});

describe('custom field values by type (001 §3)', () => {
  const field = (type: string, validation = 'optional', options: string[] = []) =>
    ({ type, validation, options }) as Parameters<typeof checkContactFieldValue>[0];
  it.each([
    [field('text'), '  halo ', { ok: true, value: 'halo' }],
    [field('text'), 'x'.repeat(1001), { ok: false, message: 'validation.max1000' }],
    [field('text'), '', { ok: true, value: null }],
    [field('text', 'required'), '', { ok: false, message: 'validation.fieldRequired' }],
    [field('text', 'required'), null, { ok: false, message: 'validation.fieldRequired' }],
    [field('number'), '12,5', { ok: true, value: 12.5 }],
    [field('number'), 7, { ok: true, value: 7 }],
    [field('number'), 'tujuh', { ok: false, message: 'contacts.valueNumber' }],
    [field('date'), '2024-02-29', { ok: true, value: '2024-02-29' }],
    [field('date'), '29/02/2024', { ok: false, message: 'contacts.valueDate' }],
    [field('singleChoice', 'optional', ['A', 'B']), 'B', { ok: true, value: 'B' }],
    [field('singleChoice', 'optional', ['A', 'B']), 'C', { ok: false, message: 'contacts.valueChoice' }],
    [field('multipleChoice', 'optional', ['A', 'B']), ['B', 'A', 'B'], { ok: true, value: ['B', 'A'] }],
    [field('multipleChoice', 'optional', ['A', 'B']), ['C'], { ok: false, message: 'contacts.valueChoice' }],
    [field('multipleChoice', 'required', ['A']), [], { ok: false, message: 'validation.fieldRequired' }],
    [field('phone'), '+62 812 3456 7890', { ok: true, value: '6281234567890' }],
    [field('phone'), '0812', { ok: false, message: 'phone.length' }],
    [field('phone'), '0812 3456 7890', { ok: true, value: '6281234567890' }],
    [field('email'), 'Budi@Toko.ID', { ok: true, value: 'budi@toko.id' }],
    [field('email'), 'budi@', { ok: false, message: 'validation.email' }],
    [field('url'), 'https://toko.id/katalog', { ok: true, value: 'https://toko.id/katalog' }],
    [field('url'), 'toko.id', { ok: false, message: 'contacts.valueUrl' }],
  ])('%j with %j → %j', (f, raw, expected) => {
    expect(checkContactFieldValue(f, raw)).toEqual(expected);
  });
});
