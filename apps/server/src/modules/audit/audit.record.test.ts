import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.record.js';

describe('changedFields: what an audit entry keeps', () => {
  it.each([
    [
      'a creation keeps every field',
      null,
      { name: 'Kasir', menus: ['inbox'] },
      { before: null, after: { name: 'Kasir', menus: ['inbox'] } },
    ],
    ['a deletion keeps every field', { name: 'Kasir' }, null, { before: { name: 'Kasir' }, after: null }],
    [
      'an update keeps only what changed',
      { name: 'A', role: 'USC' },
      { name: 'A', role: 'ADC' },
      { before: { role: 'USC' }, after: { role: 'ADC' } },
    ],
    [
      'a field only on one side shows null on the other',
      { a: 1 },
      { a: 1, passwordChanged: true },
      { before: { passwordChanged: null }, after: { passwordChanged: true } },
    ],
    [
      'an update that changed nothing is nothing',
      { a: [1, 2], b: { x: 1, y: 2 } },
      { b: { y: 2, x: 1 }, a: [1, 2] },
      null,
    ],
    [
      'a reordered list is a change',
      { a: [1, 2] },
      { a: [2, 1] },
      { before: { a: [1, 2] }, after: { a: [2, 1] } },
    ],
    [
      'secret text is masked, a flag is not',
      null,
      { password: 'rahasia', accessToken: 'abc', passwordChanged: true },
      { before: null, after: { password: '••••••', accessToken: '••••••', passwordChanged: true } },
    ],
    ['undefined fields are left out', null, { a: undefined, b: 1 }, { before: null, after: { b: 1 } }],
  ] as const)('%s', (_, before, after, expected) => {
    expect(changedFields(before as never, after as never)).toEqual(expected);
  });
});
