import type { CatalogueOrderItem, VariantGroup } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { cartItemsFromOrder, type SkuProduct } from './catalogue-order.js';

const KOPI = '00000000-0000-4000-8000-000000000001';
const ROTI = '00000000-0000-4000-8000-000000000002';
const TEH = '00000000-0000-4000-8000-000000000003';
const SIZE = '00000000-0000-4000-8000-00000000000a';
const SMALL = '00000000-0000-4000-8000-00000000000b';
const LARGE = '00000000-0000-4000-8000-00000000000c';
const TOPPING = '00000000-0000-4000-8000-00000000000d';

const sizes: VariantGroup = {
  id: SIZE,
  name: 'Ukuran',
  required: true,
  multiple: false,
  options: [
    { id: SMALL, name: 'Kecil', extraPrice: 0, available: false },
    { id: LARGE, name: 'Besar', extraPrice: 5000, available: true },
  ],
};
const toppings: VariantGroup = {
  id: TOPPING,
  name: 'Topping',
  required: false,
  multiple: true,
  options: [{ id: SMALL, name: 'Keju', extraPrice: 3000, available: true }],
};

const products: SkuProduct[] = [
  { id: KOPI, sku: 'KOPI-1', active: true, variantGroups: [sizes, toppings] },
  { id: ROTI, sku: 'roti-1', active: true, variantGroups: [] },
  { id: TEH, sku: 'TEH-1', active: false, variantGroups: [] },
];

const line = (retailerId: string, quantity: number): CatalogueOrderItem => ({
  retailerId,
  quantity,
  itemPrice: 18000,
  currency: 'IDR',
});

const cases: {
  name: string;
  items: CatalogueOrderItem[];
  expected: { productId: string; quantity: number; choice: Record<string, string[]> }[];
  unmatched: string[];
}[] = [
  {
    name: 'one line per product, required single choice on its first available option',
    items: [line('KOPI-1', 2), line('ROTI-1', 1)],
    expected: [
      { productId: KOPI, quantity: 2, choice: { [SIZE]: [LARGE] } },
      { productId: ROTI, quantity: 1, choice: {} },
    ],
    unmatched: [],
  },
  {
    name: 'the retailer id is the SKU, ignoring case',
    items: [line('kopi-1', 1), line('Roti-1', 3)],
    expected: [
      { productId: KOPI, quantity: 1, choice: { [SIZE]: [LARGE] } },
      { productId: ROTI, quantity: 3, choice: {} },
    ],
    unmatched: [],
  },
  {
    name: 'the same product twice adds up',
    items: [line('ROTI-1', 2), line('ROTI-1', 5)],
    expected: [{ productId: ROTI, quantity: 7, choice: {} }],
    unmatched: [],
  },
  {
    name: 'a quantity is at most 999',
    items: [line('ROTI-1', 1500), line('ROTI-1', 1)],
    expected: [{ productId: ROTI, quantity: 999, choice: {} }],
    unmatched: [],
  },
  {
    name: 'unknown SKUs, products not sold and bad quantities are left unmatched',
    items: [line('NOPE', 1), line('TEH-1', 1), line('ROTI-1', 0), line('ROTI-1', 1.5), line('KOPI-1', 1)],
    expected: [{ productId: KOPI, quantity: 1, choice: { [SIZE]: [LARGE] } }],
    unmatched: ['NOPE', 'TEH-1', 'ROTI-1', 'ROTI-1'],
  },
  { name: 'an empty order is an empty cart', items: [], expected: [], unmatched: [] },
];

describe('cartItemsFromOrder (a WhatsApp catalogue order → the chat cart)', () => {
  it.each(cases)('$name', ({ items, expected, unmatched }) => {
    const out = cartItemsFromOrder({ items }, products);
    expect(out.items).toEqual(expected);
    expect(out.unmatched.map((u) => u.retailerId)).toEqual(unmatched);
  });

  it('keeps at most 50 lines, the rest unmatched', () => {
    const many: SkuProduct[] = Array.from({ length: 55 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      sku: `P-${i}`,
      active: true,
      variantGroups: [],
    }));
    const out = cartItemsFromOrder({ items: many.map((p) => line(p.sku!, 1)) }, many);
    expect(out.items).toHaveLength(50);
    expect(out.unmatched.map((u) => u.retailerId)).toEqual(['P-50', 'P-51', 'P-52', 'P-53', 'P-54']);
  });
});
