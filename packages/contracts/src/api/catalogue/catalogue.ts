import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The catalogue (001 §2 Products, §3 Product and category, §5 Products, §9): products with up to 3 variant
 * groups of up to 10 options, categories, photos. Products and categories are ID-country only (000 §6): the
 * PRODUCT, CREATE_PRODUCT and CATEGORY permissions carry `countries: ['ID']`, so the route guard's `can()`
 * refuses an account of another country.
 */

/** 001 §9 "Variant groups / options: 3 / 10". */
export const VARIANT_GROUPS_MAX = 3;
export const VARIANT_OPTIONS_MAX = 10;
/** 000 §9 "Weight kg is converted at 1000 g". */
export const GRAMS_PER_KG = 1000;
/** Sapa's limits (the spec gives none). */
export const PRODUCT_NAME_MAX = 150;
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_UNIT_MAX = 30;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_WEBSITE_MAX = 500;
export const PRODUCT_PRICE_MAX = 1_000_000_000_000;
export const PRODUCT_WEIGHT_MAX_GRAMS = 1_000_000;
export const PRODUCT_PHOTOS_MAX = 5;
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VARIANT_NAME_MAX = 50;
export const CATEGORY_NAME_MAX = 50;
export const PRODUCTS_PAGE_SIZE = 20;
export const PRODUCTS_BULK_MAX = 100;

export const PRODUCT_TYPES = ['physical', 'non_physical'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const WEIGHT_UNITS = ['kg', 'g'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** 000 §9: a weight in kg or g as whole grams (1 kg = 1000 g); 0.5 kg is 500 g. */
export function weightInGrams(weight: number, unit: WeightUnit): number {
  return Math.round(unit === 'kg' ? weight * GRAMS_PER_KG : weight);
}

/** Grams shown in the unit the seller chose (1500 g in kg is 1.5). */
export function weightInUnit(grams: number, unit: WeightUnit): number {
  return unit === 'kg' ? grams / GRAMS_PER_KG : grams;
}

const required = (max: number, maxKey: CatalogueMessageKey | 'validation.max50' | 'validation.max150') =>
  z.string({ error: 'validation.fieldRequired' }).trim().min(1, 'validation.fieldRequired').max(max, maxKey);
const optionalText = (max: number, key: CatalogueMessageKey) =>
  z
    .string()
    .trim()
    .max(max, key)
    .nullish()
    .transform((v) => (v ? v : null));
const rupiah = z
  .number({ error: 'catalogue.priceInvalid' })
  .int('catalogue.priceInvalid')
  .min(0, 'catalogue.priceInvalid')
  .max(PRODUCT_PRICE_MAX, 'catalogue.priceInvalid');

/** 001 §3 variant option: name, extra price, availability. */
export const variantOptionInputSchema = z.object({
  id: z.string().uuid().optional(),
  name: required(VARIANT_NAME_MAX, 'validation.max50'),
  extraPrice: rupiah.default(0),
  available: z.boolean().default(true),
});

/** 001 §3 variant group: name, required flag, single or multiple select, 1 to 10 options. */
export const variantGroupInputSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: required(VARIANT_NAME_MAX, 'validation.max50'),
    required: z.boolean().default(false),
    multiple: z.boolean().default(false),
    options: z
      .array(variantOptionInputSchema)
      .min(1, 'catalogue.optionsRequired')
      .max(VARIANT_OPTIONS_MAX, 'catalogue.tooManyOptions'),
  })
  .superRefine((group, ctx) => {
    const seen = new Set<string>();
    group.options.forEach((option, i) => {
      const key = option.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: 'catalogue.optionDuplicate', path: ['options', i, 'name'] });
      seen.add(key);
    });
    if (group.required && !group.options.some((o) => o.available))
      ctx.addIssue({ code: 'custom', message: 'catalogue.requiredUnavailable', path: ['options'] });
  });

export const variantGroupsInputSchema = z
  .array(variantGroupInputSchema)
  .max(VARIANT_GROUPS_MAX, 'catalogue.tooManyGroups')
  .superRefine((groups, ctx) => {
    const seen = new Set<string>();
    groups.forEach((group, i) => {
      const key = group.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: 'catalogue.groupDuplicate', path: [i, 'name'] });
      seen.add(key);
    });
  });

export const variantOptionSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  extraPrice: z.number(),
  available: z.boolean(),
});
export const variantGroupSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  required: z.boolean(),
  multiple: z.boolean(),
  options: z.array(variantOptionSchema),
});
export type VariantGroup = z.infer<typeof variantGroupSchema>;
export type VariantOption = z.infer<typeof variantOptionSchema>;
export type VariantGroupInput = z.input<typeof variantGroupInputSchema>;

/**
 * 001 §5 "A required single choice replaces or toggles; others are multi-select": the options chosen in a
 * group after the buyer taps `optionId`. Single choice: another option replaces the chosen one; tapping the
 * chosen one again clears it unless the group is required (a required choice cannot be left empty).
 * Multiple: the tap toggles. An unavailable option cannot be chosen.
 */
export function chooseOption(
  group: Pick<VariantGroup, 'required' | 'multiple' | 'options'>,
  chosen: readonly string[],
  optionId: string,
): string[] {
  const option = group.options.find((o) => o.id === optionId);
  if (!option) return [...chosen];
  const isChosen = chosen.includes(optionId);
  if (group.multiple)
    return isChosen
      ? chosen.filter((id) => id !== optionId)
      : option.available
        ? [...chosen, optionId]
        : [...chosen];
  if (isChosen) return group.required ? [optionId] : [];
  return option.available ? [optionId] : [...chosen];
}

export type VariantChoiceProblem =
  | { groupId: string; key: 'catalogue.choiceRequired' }
  | { groupId: string; key: 'catalogue.choiceSingle' }
  | { groupId: string; key: 'catalogue.choiceUnavailable' }
  | { groupId: string; key: 'catalogue.choiceUnknown' };

/** Whether a buyer's choices (group id → option ids) follow each group's rules; the first problem per group. */
export function checkVariantChoice(
  groups: readonly VariantGroup[],
  choice: Readonly<Record<string, readonly string[]>>,
): VariantChoiceProblem[] {
  const problems: VariantChoiceProblem[] = [];
  for (const group of groups) {
    const ids = choice[group.id] ?? [];
    const options = ids.map((id) => group.options.find((o) => o.id === id));
    if (options.some((o) => !o)) problems.push({ groupId: group.id, key: 'catalogue.choiceUnknown' });
    else if (options.some((o) => !o!.available))
      problems.push({ groupId: group.id, key: 'catalogue.choiceUnavailable' });
    else if (group.required && ids.length === 0)
      problems.push({ groupId: group.id, key: 'catalogue.choiceRequired' });
    else if (!group.multiple && ids.length > 1)
      problems.push({ groupId: group.id, key: 'catalogue.choiceSingle' });
  }
  return problems;
}

/** The unit price with the chosen options' extra prices added (rupiah). */
export function priceWithVariants(
  basePrice: number,
  groups: readonly VariantGroup[],
  choice: Readonly<Record<string, readonly string[]>>,
): number {
  let total = basePrice;
  for (const group of groups)
    for (const id of choice[group.id] ?? []) total += group.options.find((o) => o.id === id)?.extraPrice ?? 0;
  return total;
}

/** 001 §3 product, as the seller writes it. A physical product needs its weight (couriers price by it). */
export const productInputSchema = z
  .object({
    name: required(PRODUCT_NAME_MAX, 'validation.max150'),
    categoryId: z
      .string()
      .uuid('validation.invalid')
      .nullish()
      .transform((v) => v ?? null),
    price: rupiah,
    type: z.enum(PRODUCT_TYPES, { error: 'validation.fieldRequired' }),
    unit: optionalText(PRODUCT_UNIT_MAX, 'catalogue.unitTooLong'),
    weight: z
      .number({ error: 'catalogue.weightInvalid' })
      .positive('catalogue.weightInvalid')
      .nullish()
      .transform((v) => v ?? null),
    weightUnit: z.enum(WEIGHT_UNITS).default('g'),
    description: optionalText(PRODUCT_DESCRIPTION_MAX, 'catalogue.descriptionTooLong'),
    sku: optionalText(PRODUCT_SKU_MAX, 'catalogue.skuTooLong'),
    website: optionalText(PRODUCT_WEBSITE_MAX, 'catalogue.websiteInvalid').refine(
      (v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v),
      'catalogue.websiteInvalid',
    ),
    active: z.boolean().default(true),
    photoIds: z
      .array(z.string().uuid('validation.invalid'))
      .max(PRODUCT_PHOTOS_MAX, 'catalogue.tooManyPhotos')
      .default([]),
    variantGroups: variantGroupsInputSchema.default([]),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'physical' && p.weight === null)
      ctx.addIssue({ code: 'custom', message: 'catalogue.weightRequired', path: ['weight'] });
    if (p.weight !== null && weightInGrams(p.weight, p.weightUnit) > PRODUCT_WEIGHT_MAX_GRAMS)
      ctx.addIssue({ code: 'custom', message: 'catalogue.weightInvalid', path: ['weight'] });
    if (p.weight !== null && weightInGrams(p.weight, p.weightUnit) < 1)
      ctx.addIssue({ code: 'custom', message: 'catalogue.weightInvalid', path: ['weight'] });
    if (new Set(p.photoIds).size !== p.photoIds.length)
      ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['photoIds'] });
  });
export type ProductInput = z.input<typeof productInputSchema>;

export const productPhotoSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

export const productSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  categoryId: z.string().uuid().nullable(),
  categoryName: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
  active: z.boolean(),
  variantGroupCount: z.number(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSchema = productSummarySchema.extend({
  unit: z.string().nullable(),
  weight: z.number().nullable(),
  weightUnit: z.enum(WEIGHT_UNITS),
  weightGrams: z.number().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  photos: z.array(productPhotoSchema),
  variantGroups: z.array(variantGroupSchema),
  updatedAt: z.number(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_STATUS_FILTERS = ['active', 'inactive'] as const;

export const productListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  categoryId: z.string().uuid('validation.invalid').optional(),
  status: z.enum(PRODUCT_STATUS_FILTERS).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PRODUCTS_PAGE_SIZE),
});

const productIdsSchema = z
  .array(z.string().uuid('validation.invalid'))
  .min(1, 'validation.fieldRequired')
  .max(PRODUCTS_BULK_MAX, 'catalogue.tooManySelected');

/** 001 §3 category: name, display flag. */
export const categoryInputSchema = z.object({
  name: required(CATEGORY_NAME_MAX, 'validation.max50'),
  displayed: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  displayed: z.boolean(),
  productCount: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * Deleting a category that products use must say what becomes of them (the server refuses with 409
 * `catalogue.categoryInUse` otherwise): move them to another category, or leave them without one.
 */
export const categoryDeleteQuerySchema = z.object({
  moveTo: z.string().uuid('validation.invalid').optional(),
  leaveEmpty: z.enum(['true', 'false']).optional(),
});

const ok = z.object({ ok: z.literal(true) });

export const catalogueEndpoints = {
  listProducts: defineEndpoint({
    method: 'GET',
    path: '/api/products',
    query: productListQuerySchema,
    response: z.object({ items: z.array(productSummarySchema), nextCursor: z.string().nullable() }),
  }),
  product: defineEndpoint({ method: 'GET', path: '/api/products/:id', response: productSchema }),
  /** 000 §7 `GET product-catalog/items/by-retailerid/{id}`: the product whose SKU is the WhatsApp retailer id. */
  productByRetailerId: defineEndpoint({
    method: 'GET',
    path: '/api/product-catalog/items/by-retailerid/:retailer',
    response: productSchema,
  }),
  createProduct: defineEndpoint({
    method: 'POST',
    path: '/api/products',
    body: productInputSchema,
    response: productSchema,
  }),
  updateProduct: defineEndpoint({
    method: 'PUT',
    path: '/api/products/:id',
    body: productInputSchema,
    response: productSchema,
  }),
  deleteProduct: defineEndpoint({ method: 'DELETE', path: '/api/products/:id', response: ok }),
  /** 001 §2 bulk activate or deactivate. */
  bulkStatus: defineEndpoint({
    method: 'POST',
    path: '/api/products/bulk-status',
    body: z.object({ ids: productIdsSchema, active: z.boolean() }),
    response: z.object({ changed: z.number() }),
  }),
  /** 001 §2 bulk delete (the page confirms first). */
  bulkDelete: defineEndpoint({
    method: 'POST',
    path: '/api/products/bulk-delete',
    body: z.object({ ids: productIdsSchema }),
    response: z.object({ deleted: z.number() }),
  }),
  /** A photo is the raw image as the body (jpeg, png or webp, ≤ 5 MB); the product names it in `photoIds`. */
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/product-photos',
    query: z.object({ name: z.string().max(200).optional() }),
    response: productPhotoSchema,
  }),
  photo: defineEndpoint({
    method: 'GET',
    path: '/api/product-photos/:id',
    query: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
    response: z.unknown(),
  }),
  listCategories: defineEndpoint({
    method: 'GET',
    path: '/api/product-categories',
    response: z.object({ items: z.array(categorySchema) }),
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: '/api/product-categories',
    body: categoryInputSchema,
    response: categorySchema,
  }),
  updateCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/product-categories/:id',
    body: categoryInputSchema,
    response: categorySchema,
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/product-categories/:id',
    query: categoryDeleteQuerySchema,
    response: z.object({ ok: z.literal(true), movedProducts: z.number() }),
  }),
} as const;

/** Catalogue messages in both languages (the spec gives the limits, not the wording: these are Sapa's). */
export const CATALOGUE_MESSAGES = {
  'catalogue.tooManyGroups': {
    en: 'A product can have up to 3 variant groups.',
    id: 'Produk dapat memiliki maksimal 3 grup varian.',
  },
  'catalogue.tooManyOptions': {
    en: 'A variant group can have up to 10 options.',
    id: 'Grup varian dapat memiliki maksimal 10 opsi.',
  },
  'catalogue.optionsRequired': {
    en: 'Add at least one option to this variant group.',
    id: 'Tambahkan minimal satu opsi pada grup varian ini.',
  },
  'catalogue.optionDuplicate': {
    en: 'This option name is already in the group.',
    id: 'Nama opsi ini sudah ada di grup.',
  },
  'catalogue.groupDuplicate': {
    en: 'This variant group name is already used.',
    id: 'Nama grup varian ini sudah dipakai.',
  },
  'catalogue.requiredUnavailable': {
    en: 'A required variant group needs at least one available option.',
    id: 'Grup varian wajib membutuhkan minimal satu opsi yang tersedia.',
  },
  'catalogue.priceInvalid': {
    en: 'Enter a price in whole rupiah, 0 or more.',
    id: 'Masukkan harga dalam rupiah bulat, 0 atau lebih.',
  },
  'catalogue.weightRequired': {
    en: 'Weight is required for a physical product.',
    id: 'Berat wajib diisi untuk produk fisik.',
  },
  'catalogue.weightInvalid': {
    en: 'Enter a weight between 1 g and 1,000 kg.',
    id: 'Masukkan berat antara 1 g dan 1.000 kg.',
  },
  'catalogue.unitTooLong': { en: 'Max 30 Characters', id: 'Maksimal 30 karakter' },
  'catalogue.skuTooLong': { en: 'Max 64 Characters', id: 'Maksimal 64 karakter' },
  'catalogue.descriptionTooLong': { en: 'Max 2000 Characters', id: 'Maksimal 2000 karakter' },
  'catalogue.websiteInvalid': {
    en: 'Enter a website starting with http:// or https://',
    id: 'Masukkan situs web yang diawali http:// atau https://',
  },
  'catalogue.tooManyPhotos': {
    en: 'A product can have up to 5 photos.',
    id: 'Produk dapat memiliki maksimal 5 foto.',
  },
  'catalogue.photoType': {
    en: 'The photo must be a JPG, PNG or WEBP image.',
    id: 'Foto harus berupa gambar JPG, PNG, atau WEBP.',
  },
  'catalogue.photoSize': { en: 'The photo is larger than 5 MB.', id: 'Ukuran foto melebihi 5 MB.' },
  'catalogue.skuTaken': {
    en: 'This SKU is already used by another product.',
    id: 'SKU ini sudah dipakai produk lain.',
  },
  'catalogue.categoryTaken': {
    en: 'This category name is already used.',
    id: 'Nama kategori ini sudah dipakai.',
  },
  'catalogue.categoryNotFound': {
    en: 'This category no longer exists.',
    id: 'Kategori ini sudah tidak ada.',
  },
  'catalogue.categoryInUse': {
    en: 'Products use this category. Move them to another category or leave them without one.',
    id: 'Kategori ini dipakai produk. Pindahkan produknya ke kategori lain atau biarkan tanpa kategori.',
  },
  'catalogue.photoNotFound': {
    en: 'This photo is no longer available. Upload it again.',
    id: 'Foto ini sudah tidak tersedia. Unggah kembali.',
  },
  'catalogue.tooManySelected': {
    en: 'Choose up to 100 products at a time.',
    id: 'Pilih maksimal 100 produk sekaligus.',
  },
  'catalogue.choiceRequired': { en: 'Choose an option.', id: 'Pilih salah satu opsi.' },
  'catalogue.choiceSingle': { en: 'Choose only one option.', id: 'Pilih satu opsi saja.' },
  'catalogue.choiceUnavailable': { en: 'This option is not available.', id: 'Opsi ini tidak tersedia.' },
  'catalogue.choiceUnknown': { en: 'This option no longer exists.', id: 'Opsi ini sudah tidak ada.' },
} as const;
export type CatalogueMessageKey = keyof typeof CATALOGUE_MESSAGES;
