import { describe, expect, it } from 'vitest';
import { previewText, variablesOfBody } from './draft';

const v = (name: string, sample = '', contactField: 'name' | null = null) => ({ name, sample, contactField });

describe('variables follow the body', () => {
  it.each([
    ['no placeholders', 'Halo', [], []],
    ['positional, numeric order', 'A {{2}} B {{1}}', [], [v('variabel_1'), v('variabel_2')]],
    ['named, appearance order', '{{nomor}} {{nama}}', [], [v('nomor'), v('nama')]],
    [
      'keeps samples of positional ones',
      'Halo {{1}}',
      [v('nama', 'Budi', 'name')],
      [v('nama', 'Budi', 'name')],
    ],
    ['keeps samples of named ones', 'Halo {{nama}}', [v('x'), v('nama', 'Budi')], [v('nama', 'Budi')]],
    ['a repeated placeholder counts once', '{{1}} {{1}}', [], [v('variabel_1')]],
  ] as const)('%s', (_name, body, previous, expected) => {
    expect(variablesOfBody(body, previous)).toEqual(expected);
  });
});

describe('preview', () => {
  it.each([
    ['Halo {{1}}, pesanan {{2}}', [v('a', 'Budi'), v('b', '#1')], 'Halo Budi, pesanan #1'],
    ['Halo {{nama}}', [v('nama', 'Rina')], 'Halo Rina'],
    ['Halo {{1}}', [v('a')], 'Halo {{1}}'],
  ] as const)('%s', (body, variables, expected) => {
    expect(previewText(body, variables)).toBe(expected);
  });
});
