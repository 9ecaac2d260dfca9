import type { Product } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { estimate, linesValid, newLine, tapOption, unitPriceOf } from './cart';

const product: Product = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  name: 'Kopi Susu',
  sku: null,
  price: 18_000,
  categoryId: null,
  categoryName: null,
  type: 'physical',
  active: true,
  variantGroups: [
    {
      id: 'size',
      name: 'Ukuran',
      required: true,
      multiple: false,
      options: [
        { id: 'regular', name: 'Regular', extraPrice: 0, available: true },
        { id: 'large', name: 'Large', extraPrice: 5_000, available: true },
      ],
    },
    {
      id: 'sugar',
      name: 'Gula',
      required: false,
      multiple: false,
      options: [{ id: 'less', name: 'Sedikit', extraPrice: 0, available: true }],
    },
    {
      id: 'topping',
      name: 'Topping',
      required: false,
      multiple: true,
      options: [
        { id: 'boba', name: 'Boba', extraPrice: 4_000, available: true },
        { id: 'jelly', name: 'Jelly', extraPrice: 3_000, available: false },
      ],
    },
  ],
  variantGroupCount: 3,
  thumbnailUrl: null,
  createdAt: 0,
  unit: null,
  weight: 350,
  weightUnit: 'g',
  weightGrams: 350,
  description: null,
  website: null,
  photos: [],
  updatedAt: 0,
};

describe('a cart line under the variant rules (001 §5)', () => {
  const line = newLine(product, 'k');
  it('starts a required single choice on its first available option', () => {
    expect(line.choice).toEqual({ size: ['regular'] });
    expect(linesValid([line])).toBe(true);
  });
  it.each([
    ['a required single choice is replaced', [['size', 'large']], { size: ['large'] }],
    ['a required single choice cannot be emptied', [['size', 'regular']], { size: ['regular'] }],
    [
      'an optional single choice toggles off',
      [
        ['sugar', 'less'],
        ['sugar', 'less'],
      ],
      { size: ['regular'], sugar: [] },
    ],
    ['multiple choice adds and toggles', [['topping', 'boba']], { size: ['regular'], topping: ['boba'] }],
    ['an unavailable option is not chosen', [['topping', 'jelly']], { size: ['regular'], topping: [] }],
  ] as const)('%s', (_name, taps, choice) => {
    const after = taps.reduce((l, [g, o]) => tapOption(l, g, o), line);
    expect(after.choice).toMatchObject(choice);
  });
  it('prices the options and estimates with the courier (000 §9 weight in grams)', () => {
    const large = tapOption(tapOption({ ...line, quantity: 2 }, 'size', 'large'), 'topping', 'boba');
    expect(unitPriceOf(large)).toBe(27_000);
    expect(
      estimate([large], {
        feeType: 'flat',
        fee: 9_000,
        thresholds: [],
        id: 'c',
        name: 'JNE',
        estimateTime: null,
        active: true,
      }),
    ).toEqual({
      subtotal: 54_000,
      weightGrams: 700,
      shippingFee: 9_000,
      total: 63_000,
    });
  });
});
