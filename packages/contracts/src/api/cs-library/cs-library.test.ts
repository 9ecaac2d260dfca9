import { describe, expect, it } from 'vitest';
import {
  fillReplyVariables,
  isDuplicateTitle,
  type MacroAction,
  macroInputSchema,
  orderMacroActions,
} from './cs-library.js';

describe('unique titles (001 §8 "Duplicate titles")', () => {
  const existing = [
    { id: 'a', title: 'Salam Pembuka' },
    { id: 'b', title: 'Ongkir' },
  ];
  it.each([
    ['Salam Pembuka', undefined, true],
    ['salam pembuka', undefined, true],
    ['  ONGKIR ', undefined, true],
    ['Ongkir', 'b', false],
    ['ongkir', 'a', true],
    ['Salam Penutup', undefined, false],
    ['Salam  Pembuka', undefined, false],
    ['   ', undefined, false],
  ] as const)('%j (editing %s) is a duplicate: %s', (title, exceptId, expected) => {
    expect(isDuplicateTitle(title, existing, exceptId)).toBe(expected);
  });
});

describe('macro actions run in a fixed order', () => {
  const p = (priority: 1 | 2 | 3): MacroAction => ({ type: 'priority', priority });
  const add = (tag: string): MacroAction => ({ type: 'addTags', tags: [tag] });
  const remove = (tag: string): MacroAction => ({ type: 'removeTags', tags: [tag] });
  const msg = (text: string): MacroAction => ({ type: 'message', visibility: 'public', text });
  const note = (text: string): MacroAction => ({ type: 'message', visibility: 'internal', text });
  const resolve: MacroAction = { type: 'status', status: 'resolved' };
  it.each([
    [
      'already in order',
      [p(1), remove('x'), add('y'), msg('a'), resolve],
      [p(1), remove('x'), add('y'), msg('a'), resolve],
    ],
    ['resolve written first runs last', [resolve, msg('a')], [msg('a'), resolve]],
    ['messages keep their written order', [note('2'), resolve, msg('1')], [note('2'), msg('1'), resolve]],
    ['tags removed before added', [add('vip'), remove('baru'), p(2)], [p(2), remove('baru'), add('vip')]],
    ['no actions', [], []],
  ] as const)('%s', (_name, input, expected) => {
    expect(orderMacroActions(input)).toEqual(expected);
  });

  it.each([
    [[{ type: 'priority', priority: 1 }], true],
    [[], false],
    [[{ type: 'status', status: 'assigned' }], false],
    [
      [
        { type: 'priority', priority: 1 },
        { type: 'priority', priority: 2 },
      ],
      false,
    ],
    [[{ type: 'message', visibility: 'public', text: '  ' }], false],
    [[{ type: 'addTags', tags: [] }], false],
    [Array.from({ length: 11 }, () => ({ type: 'addTags', tags: ['x'] })), false],
  ])('actions %j are valid: %s', (actions, valid) => {
    expect(macroInputSchema.safeParse({ title: 'M', actions }).success).toBe(valid);
  });
});

describe('reply variables', () => {
  it.each([
    ['Halo {{name}}!', { name: 'Rina' }, 'Halo Rina!'],
    ['Halo {{ NAME }}, tiket {{ticket}}', { name: 'Rina', ticket: 'T-000001' }, 'Halo Rina, tiket T-000001'],
    ['Nomor {{phone}}', {}, 'Nomor '],
    ['{{unknown}} tetap', { name: 'x' }, '{{unknown}} tetap'],
    ['Tanpa variabel', { name: 'x' }, 'Tanpa variabel'],
  ] as const)('%j → %j', (text, values, expected) => {
    expect(fillReplyVariables(text, values)).toBe(expected);
  });
});
