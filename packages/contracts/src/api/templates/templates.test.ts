import { describe, expect, it } from 'vitest';
import { normaliseNewMessagePhone, renderTemplateBody, templateValuesOf } from './templates.js';

describe('new message phone (000 §5, 001 §5: 9-13 digits, 628xxx or 08xxx)', () => {
  it.each([
    ['081234567', '6281234567'],
    ['0812345678901', '62812345678901'],
    ['628123456', '628123456'],
    ['6281234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    [' 081234567890 ', '6281234567890'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseNewMessagePhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['08123456', '8 digits'],
    ['08123456789012', '14 digits'],
    ['62812345678901', '14 digits with 62'],
    ['6212345678', 'not 628'],
    ['812345678', 'no prefix'],
    ['7812345678', 'other country'],
    ['0812345678a', 'letters'],
    ['++6281234567', 'two pluses'],
  ])('refuses %s (%s)', (input) => {
    expect(normaliseNewMessagePhone(input)).toBeNull();
  });
});

describe('template rendering', () => {
  it.each([
    ['Halo {{1}}', ['Budi'], 'Halo Budi'],
    ['Pesanan {{1}}: {{2}}', ['#1', 'dikirim'], 'Pesanan #1: dikirim'],
    ['{{2}} sebelum {{1}}', ['a', 'b'], 'b sebelum a'],
    ['Spasi {{ 1 }}', ['ok'], 'Spasi ok'],
    ['Belum {{1}} {{2}}', ['diisi'], 'Belum diisi {{2}}'],
    ['Tanpa variabel', [], 'Tanpa variabel'],
  ])('%s with %j → %s', (body, values, expected) => {
    expect(renderTemplateBody(body, values)).toBe(expected);
  });

  const variables = [
    { name: 'nama', sample: 'Budi', contactField: 'name' },
    { name: 'nomor', sample: '#1', contactField: null },
    { name: 'email', sample: 'a@b.c', contactField: 'email' },
  ];
  it.each([
    [['', '#1', ''], { name: 'Rina', email: 'r@x.id' }, ['Rina', '#1', 'r@x.id']],
    [['Kak Rina', '#2', ''], { name: 'Rina', email: null }, ['Kak Rina', '#2', '']],
    [[], {}, ['', '', '']],
    [['  ', ' #3 '], { name: '  ' }, ['', '#3', '']],
  ])('values %j with contact %j → %j', (typed, contact, expected) => {
    expect(templateValuesOf(variables, typed, contact)).toEqual(expected);
  });
});
