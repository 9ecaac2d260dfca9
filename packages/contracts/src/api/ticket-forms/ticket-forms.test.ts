import { describe, expect, it } from 'vitest';
import { checkTicketFormValues, parseEmailCc, type TicketFormField } from './ticket-forms.js';

describe('email CC (000 §5: comma-separated, an invalid format is refused)', () => {
  it.each([
    ['', []],
    ['  ', []],
    ['a@toko.id', ['a@toko.id']],
    [' a@toko.id , b@toko.id ', ['a@toko.id', 'b@toko.id']],
    ['a@toko.id,,b@toko.id,', ['a@toko.id', 'b@toko.id']],
    ['A@toko.id, a@TOKO.id', ['A@toko.id']],
    ['a@toko.id; b@toko.id', null],
    ['bukan-email', null],
    ['a@toko.id, b@', null],
    ['a b@toko.id', null],
    [Array.from({ length: 21 }, (_, i) => `u${i}@toko.id`).join(','), null],
    [Array.from({ length: 20 }, (_, i) => `u${i}@toko.id`).join(','), expect.any(Array)],
  ])('%j → %j', (text, expected) => {
    expect(parseEmailCc(text)).toEqual(expected);
  });
});

describe('form values: mandatory and types', () => {
  const f = (id: string, type: TicketFormField['type'], mandatory: boolean, options: string[] = []) => ({
    id,
    type,
    mandatory,
    options,
  });
  const fields = [
    f('text', 'text', true),
    f('num', 'number', false),
    f('date', 'date', false),
    f('sel', 'select', true, ['JNE', 'J&T']),
    f('multi', 'multi-select', false, ['Rusak', 'Telat']),
    f('check', 'checkbox', true),
  ];
  const ok = { text: 'INV-1', sel: 'JNE', check: true };
  it.each([
    ['all mandatory filled', ok, {}],
    [
      'mandatory missing',
      {},
      {
        text: 'validation.fieldRequired',
        sel: 'validation.fieldRequired',
        check: 'validation.fieldRequired',
      },
    ],
    ['empty text is missing', { ...ok, text: '' }, { text: 'validation.fieldRequired' }],
    [
      'an unticked mandatory checkbox is missing',
      { ...ok, check: false },
      { check: 'validation.fieldRequired' },
    ],
    ['null optional is fine', { ...ok, num: null, date: null, multi: [] }, {}],
    ['number as text', { ...ok, num: '3' }, { num: 'ticketForm.valueInvalid' }],
    ['a real date', { ...ok, date: '2026-02-28' }, {}],
    ['an impossible date', { ...ok, date: '2026-02-30' }, { date: 'ticketForm.valueInvalid' }],
    ['a date in another format', { ...ok, date: '28/02/2026' }, { date: 'ticketForm.valueInvalid' }],
    ['an unknown option', { ...ok, sel: 'Pos' }, { sel: 'ticketForm.valueInvalid' }],
    ['multi with known options', { ...ok, multi: ['Rusak', 'Telat'] }, {}],
    ['multi with a repeat', { ...ok, multi: ['Rusak', 'Rusak'] }, { multi: 'ticketForm.valueInvalid' }],
    ['multi as one string', { ...ok, multi: 'Rusak' }, { multi: 'ticketForm.valueInvalid' }],
    ['checkbox as text', { ...ok, check: 'yes' }, { check: 'ticketForm.valueInvalid' }],
    ['text too long', { ...ok, text: 'x'.repeat(1001) }, { text: 'ticketForm.valueInvalid' }],
  ])('%s', (_name, values, expected) => {
    expect(checkTicketFormValues(fields, values)).toEqual(expected);
  });
});
