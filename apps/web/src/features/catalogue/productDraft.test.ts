import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  canAddGroup,
  canAddOption,
  emptyDraft,
  emptyGroup,
  type ProductDraft,
  problemsOf,
} from './productDraft';

const draft = (patch: Partial<ProductDraft>): ProductDraft => ({
  ...emptyDraft(),
  name: 'Kopi',
  price: 18000,
  weight: 250,
  ...patch,
});

describe('the product form checks with the server schema (same message keys, full paths)', () => {
  it.each([
    [{}, {}],
    [{ name: ' ' }, { name: 'validation.fieldRequired' }],
    [{ price: '' as const }, { price: 'catalogue.priceInvalid' }],
    [{ weight: '' as const }, { weight: 'catalogue.weightRequired' }],
    [{ type: 'non_physical' as const, weight: '' as const }, {}],
    [
      { variantGroups: [{ ...emptyGroup(), name: 'Ukuran' }] },
      { 'variantGroups.0.options.0.name': 'validation.fieldRequired' },
    ],
    [
      {
        variantGroups: ['A', 'B', 'C', 'D'].map((name) => ({
          ...emptyGroup(),
          name,
          options: [{ name: 'x', extraPrice: 0, available: true }],
        })),
      },
      { variantGroups: 'catalogue.tooManyGroups' },
    ],
  ])('%j → %j', (patch, problems) => {
    expect(problemsOf(draft(patch as Partial<ProductDraft>))).toEqual(problems);
  });

  it('sends no weight for a non-physical product and keeps variant ids', () => {
    const body = bodyOf(
      draft({
        type: 'non_physical',
        variantGroups: [
          {
            id: 'g1',
            name: 'U',
            required: true,
            multiple: false,
            options: [{ id: 'o1', name: 'R', extraPrice: 0, available: true }],
          },
        ],
      }),
    );
    expect(body.weight).toBeNull();
    expect(body.variantGroups?.[0]).toMatchObject({ id: 'g1', options: [{ id: 'o1' }] });
  });

  it('stops adding at 3 groups and 10 options (001 §9)', () => {
    expect(canAddGroup(draft({ variantGroups: [emptyGroup(), emptyGroup()] }))).toBe(true);
    expect(canAddGroup(draft({ variantGroups: [emptyGroup(), emptyGroup(), emptyGroup()] }))).toBe(false);
    const full = { ...emptyGroup(), options: Array.from({ length: 10 }, () => emptyGroup().options[0]!) };
    expect(canAddOption(full)).toBe(false);
    expect(canAddOption(emptyGroup())).toBe(true);
  });
});
