import { z } from 'zod';
import { productSchema, type VariantGroup } from '../catalogue/catalogue.js';
import { defineEndpoint } from '../endpoint.js';
import { PAYMENT_METHOD_CODES } from '../payments/payments.js';
import { cartItemInputSchema, DELIVERY_METHODS, ORDER_ITEMS_MAX, ORDER_NOTE_MAX } from './orders.js';

/**
 * The cart being built in a chat (000 §2 create-transaction panel), kept by the server per chat so a reload
 * keeps it and a customer's WhatsApp catalogue order can start it; 000 §4: resolving, reassigning or leaving
 * the chat discards it after confirmation (`DELETE`), creating the transaction ends it.
 */

/** What the panel's address fields hold while the order is in progress (checked only when it is created). */
const draftAddressSchema = z.object({
  province: z.string().max(60).default(''),
  city: z.string().max(60).default(''),
  district: z.string().max(60).default(''),
  postalCode: z.string().max(10).default(''),
  fullAddress: z.string().max(500).default(''),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});

export const cartDraftSchema = z.object({
  items: z.array(cartItemInputSchema).max(ORDER_ITEMS_MAX, 'orders.tooManyItems'),
  /** Null: the chat's contact name. */
  customerName: z.string().max(150, 'orders.textTooLong').nullable().default(null),
  delivery: z.enum(DELIVERY_METHODS).default('courier'),
  courierId: z.string().uuid('validation.invalid').nullable().default(null),
  address: draftAddressSchema.default({
    province: '',
    city: '',
    district: '',
    postalCode: '',
    fullAddress: '',
  }),
  note: z.string().max(ORDER_NOTE_MAX, 'orders.textTooLong').default(''),
  paymentMethod: z.enum(PAYMENT_METHOD_CODES).nullable().default(null),
  /** The create request's idempotency key, kept with the cart so a retried create never makes a second order. */
  requestId: z.string().uuid('validation.invalid'),
});
export type CartDraftInput = z.input<typeof cartDraftSchema>;
export type CartDraft = z.output<typeof cartDraftSchema>;

/** A line of a customer's WhatsApp order (the `order` webhook's `product_items[]`). */
export const catalogueOrderItemSchema = z.object({
  retailerId: z.string(),
  quantity: z.number(),
  itemPrice: z.number(),
  currency: z.string(),
});
export type CatalogueOrderItem = z.infer<typeof catalogueOrderItemSchema>;

/** The payload of an inbound `order` message: the catalogue, the customer's text, the items. */
export const catalogueOrderSchema = z.object({
  catalogId: z.string(),
  text: z.string().nullable(),
  items: z.array(catalogueOrderItemSchema),
});
export type CatalogueOrder = z.infer<typeof catalogueOrderSchema>;

export const CART_SOURCES = ['agent', 'catalogue'] as const;

export const cartResponseSchema = z.object({
  draft: cartDraftSchema.nullable(),
  /** The products the draft names, as the panel shows them (sold or not: the panel says which cannot be sold). */
  products: z.array(productSchema),
  source: z.enum(CART_SOURCES).nullable(),
  /** A catalogue order's lines that name no product of the business (retailer id = SKU). */
  unmatched: z.array(catalogueOrderItemSchema),
  updatedAt: z.number().nullable(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** A new line's choice (001 §5): each required single-choice group starts on its first available option. */
export function defaultVariantChoice(groups: readonly VariantGroup[]): Record<string, string[]> {
  const choice: Record<string, string[]> = {};
  for (const g of groups) {
    const first = g.options.find((o) => o.available);
    if (g.required && !g.multiple && first) choice[g.id] = [first.id];
  }
  return choice;
}

// ---------------------------------------------------------------- WhatsApp catalogue (issue 19 §4)

/** Up to 30 products in a multi-product message, 1 for a single-product message (WhatsApp's limits). */
export const PRODUCT_MESSAGE_MAX = 30;
export const PRODUCT_MESSAGE_HEADER_MAX = 60;
export const PRODUCT_MESSAGE_BODY_MAX = 1024;

export const productMessageInputSchema = z
  .object({
    productIds: z
      .array(z.string().uuid('validation.invalid'))
      .min(1, 'orders.itemsRequired')
      .max(PRODUCT_MESSAGE_MAX, 'waCatalogue.tooManyProducts'),
    /** Required for a multi-product message (WhatsApp's header). */
    header: z.string().trim().max(PRODUCT_MESSAGE_HEADER_MAX, 'orders.textTooLong').default(''),
    body: z.string().trim().max(PRODUCT_MESSAGE_BODY_MAX, 'orders.textTooLong').default(''),
    clientMessageId: z.string().uuid('validation.invalid'),
  })
  .superRefine((m, ctx) => {
    if (m.productIds.length > 1 && !m.header)
      ctx.addIssue({ code: 'custom', message: 'waCatalogue.headerRequired', path: ['header'] });
    if (m.productIds.length > 1 && !m.body)
      ctx.addIssue({ code: 'custom', message: 'waCatalogue.bodyRequired', path: ['body'] });
  });
export type ProductMessageInput = z.input<typeof productMessageInputSchema>;

export const waCatalogueItemSchema = z.object({
  productId: z.string().uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  active: z.boolean(),
  /**
   * synced: in the WhatsApp catalogue as it is now; pending: changed since (or refused there); noSku, noPhoto:
   * cannot be synced (WhatsApp names a product by its retailer id and requires an image).
   */
  state: z.enum(['synced', 'pending', 'noSku', 'noPhoto']),
});

export const waCatalogueStateSchema = z.object({
  /** The connected WhatsApp number whose Business Account's catalogue is used; null: none connected. */
  account: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  catalogId: z.string().nullable(),
  syncedAt: z.number().nullable(),
  lastError: z.string().nullable(),
  items: z.array(waCatalogueItemSchema),
});
export type WaCatalogueState = z.infer<typeof waCatalogueStateSchema>;

export const cartEndpoints = {
  cart: defineEndpoint({ method: 'GET', path: '/api/tickets/:id/cart', response: cartResponseSchema }),
  saveCart: defineEndpoint({
    method: 'PUT',
    path: '/api/tickets/:id/cart',
    body: cartDraftSchema,
    response: z.object({ ok: z.literal(true), updatedAt: z.number() }),
  }),
  discardCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/tickets/:id/cart',
    response: z.object({ ok: z.literal(true) }),
  }),
  sendProducts: defineEndpoint({
    method: 'POST',
    /** A single-product (one id) or multi-product message to the chat's WhatsApp customer. */
    path: '/api/tickets/:id/product-messages',
    body: productMessageInputSchema,
    response: z.object({ messageId: z.string().uuid() }),
  }),
  waCatalogue: defineEndpoint({
    method: 'GET',
    path: '/api/whatsapp-catalogue',
    response: waCatalogueStateSchema,
  }),
  syncWaCatalogue: defineEndpoint({
    method: 'POST',
    path: '/api/whatsapp-catalogue/sync',
    response: waCatalogueStateSchema,
  }),
} as const;

export const WA_CATALOGUE_MESSAGES = {
  'waCatalogue.tooManyProducts': {
    en: 'Up to 30 products in one message.',
    id: 'Maksimal 30 produk dalam satu pesan.',
  },
  'waCatalogue.headerRequired': {
    en: 'A message with several products needs a title.',
    id: 'Pesan dengan beberapa produk memerlukan judul.',
  },
  'waCatalogue.bodyRequired': {
    en: 'A message with several products needs a text.',
    id: 'Pesan dengan beberapa produk memerlukan teks.',
  },
  'waCatalogue.noAccount': {
    en: 'Connect a WhatsApp number first.',
    id: 'Hubungkan nomor WhatsApp terlebih dahulu.',
  },
  'waCatalogue.notSynced': {
    en: 'Sync the product to the WhatsApp catalogue first.',
    id: 'Sinkronkan produk ke katalog WhatsApp terlebih dahulu.',
  },
  'waCatalogue.whatsappOnly': {
    en: 'Products can be sent only in WhatsApp chats.',
    id: 'Produk hanya dapat dikirim di chat WhatsApp.',
  },
  'waCatalogue.syncFailed': {
    en: 'The WhatsApp catalogue could not be updated. Please try again.',
    id: 'Katalog WhatsApp tidak dapat diperbarui. Silakan coba lagi.',
  },
} as const;
