import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.js';
import {
  checkVariantChoice,
  chooseOption,
  priceWithVariants,
  productInputSchema,
  type VariantGroup,
  weightInGrams,
  weightInUnit,
} from './catalogue.js';

const uuid = (n: number) => `0190f4c8-0000-7000-8000-${String(n).padStart(12, '0')}`;
const group = (
  id: number,
  flags: { required?: boolean; multiple?: boolean },
  optionCount = 3,
): VariantGroup => ({
  id: uuid(id),
  name: `Grup ${id}`,
  required: flags.required ?? false,
  multiple: flags.multiple ?? false,
  options: Array.from({ length: optionCount }, (_, i) => ({
    id: uuid(id * 100 + i),
    name: `Opsi ${i}`,
    extraPrice: i * 1000,
    available: i !== 2,
  })),
});
const [o0, o1, o2] = [uuid(100), uuid(101), uuid(102)];

describe('chooseOption (001 §5: a required single choice replaces or toggles; others are multi-select)', () => {
  it.each([
    ['single, optional: first tap chooses', { required: false }, [], o0, [o0]],
    ['single, optional: another option replaces', { required: false }, [o0], o1, [o1]],
    ['single, optional: tapping the chosen one clears it', { required: false }, [o0], o0, []],
    ['single, required: another option replaces', { required: true }, [o0], o1, [o1]],
    ['single, required: tapping the chosen one keeps it', { required: true }, [o0], o0, [o0]],
    ['single: an unavailable option is not chosen', { required: false }, [o0], o2, [o0]],
    ['multiple: a tap adds', { multiple: true }, [o0], o1, [o0, o1]],
    ['multiple: a second tap removes', { multiple: true }, [o0, o1], o0, [o1]],
    [
      'multiple, required: a tap still removes (the check asks for one)',
      { multiple: true, required: true },
      [o0],
      o0,
      [],
    ],
    ['multiple: an unavailable option is not added', { multiple: true }, [], o2, []],
    ['an unknown option changes nothing', { multiple: true }, [o0], uuid(999), [o0]],
  ])('%s', (_label, flags, chosen, tapped, expected) => {
    expect(chooseOption(group(1, flags), chosen, tapped)).toEqual(expected);
  });
});

describe('checkVariantChoice', () => {
  const groups = [group(1, { required: true }), group(2, { multiple: true }), group(3, {})];
  it.each([
    ['a required single group chosen, others empty', { [uuid(1)]: [uuid(100)] }, []],
    ['a required group left empty', {}, [{ groupId: uuid(1), key: 'catalogue.choiceRequired' }]],
    [
      'two options in a single-choice group',
      { [uuid(1)]: [uuid(100), uuid(101)] },
      [{ groupId: uuid(1), key: 'catalogue.choiceSingle' }],
    ],
    [
      'an unavailable option',
      { [uuid(1)]: [uuid(100)], [uuid(2)]: [uuid(202)] },
      [{ groupId: uuid(2), key: 'catalogue.choiceUnavailable' }],
    ],
    [
      "another group's option",
      { [uuid(1)]: [uuid(100)], [uuid(3)]: [uuid(200)] },
      [{ groupId: uuid(3), key: 'catalogue.choiceUnknown' }],
    ],
    [
      'several options in a multiple group',
      { [uuid(1)]: [uuid(101)], [uuid(2)]: [uuid(200), uuid(201)] },
      [],
    ],
  ])('%s', (_label, choice, problems) => {
    expect(checkVariantChoice(groups, choice)).toEqual(problems);
  });
});

describe('priceWithVariants', () => {
  const groups = [group(1, { required: true }), group(2, { multiple: true })];
  it.each([
    [{}, 18000],
    [{ [uuid(1)]: [uuid(101)] }, 19000],
    [{ [uuid(1)]: [uuid(100)], [uuid(2)]: [uuid(200), uuid(201)] }, 19000],
    [{ [uuid(1)]: [uuid(101)], [uuid(2)]: [uuid(201)] }, 20000],
  ])('%j costs %i', (choice, total) => {
    expect(priceWithVariants(18000, groups, choice)).toBe(total);
  });
});

describe('weight (000 §9: kg is converted at 1000 g)', () => {
  it.each([
    [1, 'kg', 1000],
    [0.25, 'kg', 250],
    [1.5, 'kg', 1500],
    [300, 'g', 300],
    [0.0004, 'kg', 0],
  ] as const)('%d %s is %i g', (value, unit, grams) => {
    expect(weightInGrams(value, unit)).toBe(grams);
  });
  it('shows grams in the chosen unit', () => {
    expect(weightInUnit(1500, 'kg')).toBe(1.5);
    expect(weightInUnit(1500, 'g')).toBe(1500);
  });
});

describe('productInputSchema (001 §5 Products, §9 3 / 10)', () => {
  const base = { name: 'Kopi', price: 18000, type: 'non_physical' };
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `o${i}` }));
  const groups = (n: number, optionCount = 1) =>
    Array.from({ length: n }, (_, i) => ({ name: `g${i}`, options: options(optionCount) }));
  const problems = (input: Record<string, unknown>) => {
    const r = productInputSchema.safeParse({ ...base, ...input });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it.each([
    [{ variantGroups: groups(3, 10) }, []],
    [{ variantGroups: groups(4) }, ['variantGroups: catalogue.tooManyGroups']],
    [{ variantGroups: groups(1, 11) }, ['variantGroups.0.options: catalogue.tooManyOptions']],
    [{ variantGroups: [{ name: 'g', options: [] }] }, ['variantGroups.0.options: catalogue.optionsRequired']],
    [
      { variantGroups: [{ name: 'g', options: [{ name: 'A' }, { name: ' a ' }] }] },
      ['variantGroups.0.options.1.name: catalogue.optionDuplicate'],
    ],
    [
      { variantGroups: [...groups(1), { name: 'G0', options: options(1) }] },
      ['variantGroups.1.name: catalogue.groupDuplicate'],
    ],
    [
      { variantGroups: [{ name: 'g', required: true, options: [{ name: 'a', available: false }] }] },
      ['variantGroups.0.options: catalogue.requiredUnavailable'],
    ],
    [
      { variantGroups: [{ name: 'g', options: [{ name: 'a', extraPrice: -500 }] }] },
      ['variantGroups.0.options.0.extraPrice: catalogue.priceInvalid'],
    ],
    [{ type: 'physical' }, ['weight: catalogue.weightRequired']],
    [{ type: 'physical', weight: 2, weightUnit: 'kg' }, []],
    [{ type: 'physical', weight: 1000.5, weightUnit: 'kg' }, ['weight: catalogue.weightInvalid']],
    [{ price: 1.5 }, ['price: catalogue.priceInvalid']],
    [{ website: 'https://toko.id/kopi' }, []],
    [{ website: 'javascript:alert(1)' }, ['website: catalogue.websiteInvalid']],
  ])('%j → %j', (input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it('has every catalogue message in both languages, different', () => {
    for (const key of [
      'catalogue.tooManyGroups',
      'catalogue.tooManyOptions',
      'catalogue.categoryInUse',
    ] as const)
      expect(translate(key, 'id')).not.toBe(translate(key, 'en'));
  });
});
