import {
  type Product,
  type ProductInput,
  productInputSchema,
  VARIANT_GROUPS_MAX,
  VARIANT_OPTIONS_MAX,
  type WeightUnit,
} from '@sapa/contracts';

/** The add/edit product form's state: what the inputs hold (numbers may be empty while typing). */
export interface OptionDraft {
  id?: string;
  name: string;
  extraPrice: number | '';
  available: boolean;
}
export interface GroupDraft {
  id?: string;
  name: string;
  required: boolean;
  multiple: boolean;
  options: OptionDraft[];
}
export interface ProductDraft {
  name: string;
  categoryId: string | null;
  price: number | '';
  type: 'physical' | 'non_physical';
  unit: string;
  weight: number | '';
  weightUnit: WeightUnit;
  description: string;
  sku: string;
  website: string;
  active: boolean;
  photos: { id: string; thumbnailUrl: string }[];
  variantGroups: GroupDraft[];
}

export const emptyOption = (): OptionDraft => ({ name: '', extraPrice: 0, available: true });
export const emptyGroup = (): GroupDraft => ({
  name: '',
  required: false,
  multiple: false,
  options: [emptyOption()],
});

export const emptyDraft = (): ProductDraft => ({
  name: '',
  categoryId: null,
  price: '',
  type: 'physical',
  unit: '',
  weight: '',
  weightUnit: 'g',
  description: '',
  sku: '',
  website: '',
  active: true,
  photos: [],
  variantGroups: [],
});

export function draftOf(p: Product): ProductDraft {
  return {
    name: p.name,
    categoryId: p.categoryId,
    price: p.price,
    type: p.type,
    unit: p.unit ?? '',
    weight: p.weight ?? '',
    weightUnit: p.weightUnit,
    description: p.description ?? '',
    sku: p.sku ?? '',
    website: p.website ?? '',
    active: p.active,
    photos: p.photos.map((ph) => ({ id: ph.id, thumbnailUrl: ph.thumbnailUrl })),
    variantGroups: p.variantGroups.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o })) })),
  };
}

/** The request body of a draft (an empty number is sent as missing, so the contract names the problem). */
export function bodyOf(d: ProductDraft): ProductInput {
  const num = (v: number | '') => (v === '' ? undefined : v);
  return {
    name: d.name,
    categoryId: d.categoryId,
    price: num(d.price) as number,
    type: d.type,
    unit: d.unit,
    weight: d.type === 'physical' ? (d.weight === '' ? null : d.weight) : null,
    weightUnit: d.weightUnit,
    description: d.description,
    sku: d.sku,
    website: d.website,
    active: d.active,
    photoIds: d.photos.map((p) => p.id),
    variantGroups: d.variantGroups.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      name: g.name,
      required: g.required,
      multiple: g.multiple,
      options: g.options.map((o) => ({
        ...(o.id ? { id: o.id } : {}),
        name: o.name,
        extraPrice: num(o.extraPrice) as number,
        available: o.available,
      })),
    })),
  };
}

/**
 * The draft's problems by full path (`variantGroups.0.options.1.name`), as message keys: the same schema
 * and messages as the server's.
 */
export function problemsOf(d: ProductDraft): Record<string, string> {
  const result = productInputSchema.safeParse(bodyOf(d));
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

export const canAddGroup = (d: ProductDraft) => d.variantGroups.length < VARIANT_GROUPS_MAX;
export const canAddOption = (g: GroupDraft) => g.options.length < VARIANT_OPTIONS_MAX;
