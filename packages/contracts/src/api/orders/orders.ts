import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PAYMENT_METHOD_CODES } from '../payments/payments.js';

/**
 * Orders taken in the chat (000 §2 create-transaction panel, §4; 001 §2 Transactions, business settings ›
 * shipping, §3 transaction and order, seller courier, cart item, chosen variant, address, §4 statuses, §8).
 * Transactions are ID-country only (000 §6): TRANSACTION carries `countries: ['ID']`.
 */

// ---------------------------------------------------------------- seller couriers (001 §3)

export const COURIER_FEE_TYPES = ['flat', 'by_price'] as const;
export type CourierFeeType = (typeof COURIER_FEE_TYPES)[number];
/** Sapa's limits (the spec gives none). */
export const COURIERS_MAX = 20;
export const COURIER_THRESHOLDS_MAX = 10;
export const COURIER_NAME_MAX = 50;
export const COURIER_ESTIMATE_MAX = 50;
const FEE_MAX = 100_000_000;

const rupiah = z
  .number({ error: 'orders.amountInvalid' })
  .int('orders.amountInvalid')
  .min(0, 'orders.amountInvalid')
  .max(FEE_MAX, 'orders.amountInvalid');
const requiredText = (max: number) =>
  z
    .string({ error: 'validation.fieldRequired' })
    .trim()
    .min(1, 'validation.fieldRequired')
    .max(max, 'orders.textTooLong');

/** 001 §3 "max-price thresholds with fees": up to `maxPrice` (the order's item price), the fee is `fee`. */
export const priceThresholdSchema = z.object({ maxPrice: rupiah, fee: rupiah });
export type PriceThreshold = z.infer<typeof priceThresholdSchema>;

/**
 * 001 §3 seller courier: name, delivery fee type, fee, max-price thresholds with fees, estimate time. With
 * `by_price` the fee of the first threshold (ascending) whose max price the items' price does not pass
 * applies; above every threshold, `fee`.
 */
export const courierInputSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: requiredText(COURIER_NAME_MAX),
    feeType: z.enum(COURIER_FEE_TYPES, { error: 'validation.fieldRequired' }),
    fee: rupiah,
    thresholds: z
      .array(priceThresholdSchema)
      .max(COURIER_THRESHOLDS_MAX, 'orders.tooManyThresholds')
      .default([]),
    estimateTime: z
      .string()
      .trim()
      .max(COURIER_ESTIMATE_MAX, 'orders.textTooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.feeType === 'by_price' && c.thresholds.length === 0)
      ctx.addIssue({ code: 'custom', message: 'orders.thresholdsRequired', path: ['thresholds'] });
    const prices = c.thresholds.map((t) => t.maxPrice);
    if (new Set(prices).size !== prices.length)
      ctx.addIssue({ code: 'custom', message: 'orders.thresholdDuplicate', path: ['thresholds'] });
  });
export type CourierInput = z.input<typeof courierInputSchema>;

export const courierSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  feeType: z.enum(COURIER_FEE_TYPES),
  fee: z.number(),
  thresholds: z.array(priceThresholdSchema),
  estimateTime: z.string().nullable(),
  active: z.boolean(),
});
export type Courier = z.infer<typeof courierSchema>;

export const couriersInputSchema = z.object({
  couriers: z
    .array(courierInputSchema)
    .max(COURIERS_MAX, 'orders.tooManyCouriers')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((c, i) => {
        const key = c.name.trim().toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', message: 'orders.courierDuplicate', path: [i, 'name'] });
        seen.add(key);
      });
    }),
});

/** The delivery fee a courier asks for items worth `itemsPrice` rupiah (001 §3 seller courier). */
export function courierFee(
  courier: Pick<Courier, 'feeType' | 'fee' | 'thresholds'>,
  itemsPrice: number,
): number {
  if (courier.feeType === 'flat') return courier.fee;
  const sorted = [...courier.thresholds].sort((a, b) => a.maxPrice - b.maxPrice);
  return sorted.find((t) => itemsPrice <= t.maxPrice)?.fee ?? courier.fee;
}

// ---------------------------------------------------------------- transaction statuses (001 §4)

/** 001 §3/§4 "Statuses: new order, prepared, ready, done, cancelled" (the page's tabs, in this order). */
export const TRANSACTION_STATUSES = ['new_order', 'prepared', 'ready', 'done', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** New Order → Prepared → Ready → Done, and Cancelled from any status not yet done. */
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  new_order: ['prepared', 'cancelled'],
  prepared: ['ready', 'cancelled'],
  ready: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};

export function canMoveTransaction(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

/** The next step forward from a status (the page's main button), if any. */
export function nextTransactionStatus(from: TransactionStatus): TransactionStatus | null {
  return TRANSACTION_TRANSITIONS[from].find((s) => s !== 'cancelled') ?? null;
}

// ---------------------------------------------------------------- cart and order (001 §3)

/** 001 §3 transaction: delivery method, courier or customer pickup (the page's "service type"). */
export const DELIVERY_METHODS = ['courier', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const ORDER_ITEMS_MAX = 50;
export const ORDER_QUANTITY_MAX = 999;
export const ORDER_NOTE_MAX = 500;
export const ITEM_NOTE_MAX = 200;
export const TRANSACTIONS_PAGE_SIZE = 20;

/** 001 §3 address: province, city, district, postal code, full address, optional coordinates. */
export const addressInputSchema = z.object({
  province: requiredText(60),
  city: requiredText(60),
  district: requiredText(60),
  postalCode: z
    .string({ error: 'validation.fieldRequired' })
    .trim()
    .regex(/^\d{5}$/, 'orders.postalCodeInvalid'),
  fullAddress: requiredText(500),
  latitude: z.number().min(-90, 'orders.coordinateInvalid').max(90, 'orders.coordinateInvalid').nullish(),
  longitude: z.number().min(-180, 'orders.coordinateInvalid').max(180, 'orders.coordinateInvalid').nullish(),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.output<typeof addressInputSchema>;

/** 001 §3 cart item: the product, how many, the chosen variant (group id → option ids), its note. */
export const cartItemInputSchema = z.object({
  productId: z.string().uuid('validation.invalid'),
  quantity: z
    .number({ error: 'orders.quantityInvalid' })
    .int('orders.quantityInvalid')
    .min(1, 'orders.quantityInvalid')
    .max(ORDER_QUANTITY_MAX, 'orders.quantityInvalid'),
  choice: z.record(z.string().uuid(), z.array(z.string().uuid()).max(10)).default({}),
  note: z
    .string()
    .trim()
    .max(ITEM_NOTE_MAX, 'orders.textTooLong')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;

export const transactionInputSchema = z
  .object({
    /** Idempotency: a retried create with the same key returns the first transaction. */
    clientRequestId: z.string().uuid('validation.invalid'),
    customerName: requiredText(150),
    items: z
      .array(cartItemInputSchema)
      .min(1, 'orders.itemsRequired')
      .max(ORDER_ITEMS_MAX, 'orders.tooManyItems'),
    delivery: z.enum(DELIVERY_METHODS, { error: 'validation.fieldRequired' }),
    courierId: z.string().uuid('validation.invalid').nullish(),
    address: addressInputSchema.nullish(),
    note: z
      .string()
      .trim()
      .max(ORDER_NOTE_MAX, 'orders.textTooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
    /** With the payment gateway on: the summary carries a payment link for this method. */
    paymentMethod: z.enum(PAYMENT_METHOD_CODES).nullish(),
  })
  .superRefine((t, ctx) => {
    if (t.delivery === 'courier' && !t.courierId)
      ctx.addIssue({ code: 'custom', message: 'orders.courierRequired', path: ['courierId'] });
    if (t.delivery === 'courier' && !t.address)
      ctx.addIssue({ code: 'custom', message: 'orders.addressRequired', path: ['address'] });
  });
export type TransactionInput = z.input<typeof transactionInputSchema>;

/** One chosen option as kept on the order (names and prices of the moment it was ordered). */
export const chosenOptionSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  optionId: z.string(),
  optionName: z.string(),
  extraPrice: z.number(),
});
export type ChosenOption = z.infer<typeof chosenOptionSchema>;

export const transactionItemSchema = z.object({
  productId: z.string().uuid().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  unitPrice: z.number(),
  quantity: z.number(),
  variants: z.array(chosenOptionSchema),
  note: z.string().nullable(),
  subtotal: z.number(),
  weightGrams: z.number(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const transactionSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  delivery: z.enum(DELIVERY_METHODS),
  courierName: z.string().nullable(),
  total: z.number(),
  itemCount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  paid: z.boolean(),
  createdAt: z.number(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionEventSchema = z.object({
  status: z.enum(TRANSACTION_STATUSES),
  at: z.number(),
  byName: z.string().nullable(),
  notified: z.boolean(),
});

export const transactionSchema = transactionSummarySchema.extend({
  ticketId: z.string().uuid().nullable(),
  contactId: z.string().uuid().nullable(),
  courierEstimate: z.string().nullable(),
  address: z
    .object({
      province: z.string(),
      city: z.string(),
      district: z.string(),
      postalCode: z.string(),
      fullAddress: z.string(),
      latitude: z.number().nullish(),
      longitude: z.number().nullish(),
    })
    .nullable(),
  note: z.string().nullable(),
  items: z.array(transactionItemSchema),
  subtotal: z.number(),
  shippingFee: z.number(),
  weightGrams: z.number(),
  paymentUrl: z.string().nullable(),
  timeline: z.array(transactionEventSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  delivery: z.enum(DELIVERY_METHODS).optional(),
  contactId: z.string().uuid('validation.invalid').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TRANSACTIONS_PAGE_SIZE),
});

export const statusChangeSchema = z.object({
  status: z.enum(TRANSACTION_STATUSES, { error: 'validation.fieldRequired' }),
  /** Tell the customer in the chat the order came from. */
  notify: z.boolean().default(false),
  /**
   * With `notify`: when the chat's 24-hour window has closed, the notice goes as this approved WhatsApp template
   * (a follow-up template, with its variables) instead of a text (issue 19 §3).
   */
  templateId: z.string().uuid('validation.invalid').nullish(),
  variables: z.array(z.string().trim().max(1024, 'orders.textTooLong')).max(20).default([]),
});

/** What the panel shows before creating: the items' price, weight, delivery fee and total. */
export const quoteSchema = z.object({
  subtotal: z.number(),
  weightGrams: z.number(),
  shippingFee: z.number(),
  total: z.number(),
});
export type CartQuote = z.infer<typeof quoteSchema>;

/** Totals of one order: items, their weight in grams (000 §9: 1 kg = 1000 g), the courier's fee. */
export function cartQuote(
  lines: readonly { unitPrice: number; quantity: number; weightGrams: number }[],
  courier: Pick<Courier, 'feeType' | 'fee' | 'thresholds'> | null,
): CartQuote {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const weightGrams = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const shippingFee = courier ? courierFee(courier, subtotal) : 0;
  return { subtotal, weightGrams, shippingFee, total: subtotal + shippingFee };
}

export const transactionsSummaryResponse = z.object({
  counts: z.record(z.enum(TRANSACTION_STATUSES), z.number()),
  revenueDone: z.number(),
  recent: z.array(transactionSummarySchema),
});

export const ordersEndpoints = {
  couriers: defineEndpoint({
    method: 'GET',
    path: '/api/couriers',
    response: z.object({ items: z.array(courierSchema) }),
  }),
  saveCouriers: defineEndpoint({
    method: 'PUT',
    path: '/api/couriers',
    body: couriersInputSchema,
    response: z.object({ items: z.array(courierSchema) }),
  }),
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/transactions/quote',
    body: z.object({
      items: z
        .array(cartItemInputSchema)
        .min(1, 'orders.itemsRequired')
        .max(ORDER_ITEMS_MAX, 'orders.tooManyItems'),
      courierId: z.string().uuid('validation.invalid').nullish(),
    }),
    response: quoteSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    /** A ticket-scoped route: the chat the order is taken in (its visibility is checked before anything). */
    path: '/api/tickets/:id/transactions',
    body: transactionInputSchema,
    response: transactionSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/transactions',
    query: transactionListQuerySchema,
    response: z.object({ items: z.array(transactionSummarySchema), nextCursor: z.string().nullable() }),
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/transactions/summary',
    response: transactionsSummaryResponse,
  }),
  detail: defineEndpoint({ method: 'GET', path: '/api/transactions/:id', response: transactionSchema }),
  changeStatus: defineEndpoint({
    method: 'POST',
    path: '/api/transactions/:id/status',
    body: statusChangeSchema,
    response: z.object({
      transaction: transactionSchema,
      notified: z.boolean(),
      /** How the customer was told: a text in the open window, or the approved template outside it. */
      notifiedBy: z.enum(['text', 'template']).nullable(),
    }),
  }),
} as const;

/** Order messages in both languages; 001 §8's text verbatim where the spec gives it. */
export const ORDER_MESSAGES = {
  'orders.createFailed': {
    en: 'Failed create transaction. Please try again in a few minutes.',
    id: 'Gagal membuat transaksi. Silakan coba lagi dalam beberapa menit.',
  },
  'orders.detailFailed': { en: 'Order details failed to load', id: 'Detail pesanan gagal dimuat' },
  'orders.amountInvalid': {
    en: 'Enter an amount in whole rupiah, 0 or more.',
    id: 'Masukkan nominal dalam rupiah bulat, 0 atau lebih.',
  },
  'orders.textTooLong': { en: 'This text is too long.', id: 'Teks ini terlalu panjang.' },
  'orders.tooManyThresholds': {
    en: 'A courier can have up to 10 price thresholds.',
    id: 'Kurir dapat memiliki maksimal 10 batas harga.',
  },
  'orders.thresholdsRequired': {
    en: 'Add at least one price threshold.',
    id: 'Tambahkan minimal satu batas harga.',
  },
  'orders.thresholdDuplicate': {
    en: 'Each price threshold needs a different max price.',
    id: 'Setiap batas harga harus memiliki harga maksimal yang berbeda.',
  },
  'orders.tooManyCouriers': { en: 'Up to 20 couriers.', id: 'Maksimal 20 kurir.' },
  'orders.courierDuplicate': {
    en: 'This courier name is already used.',
    id: 'Nama kurir ini sudah dipakai.',
  },
  'orders.postalCodeInvalid': { en: 'Enter a 5-digit postal code.', id: 'Masukkan kode pos 5 digit.' },
  'orders.coordinateInvalid': { en: 'This coordinate is not valid.', id: 'Koordinat ini tidak valid.' },
  'orders.quantityInvalid': {
    en: 'Enter a quantity from 1 to 999.',
    id: 'Masukkan jumlah dari 1 sampai 999.',
  },
  'orders.itemsRequired': { en: 'Add at least one product.', id: 'Tambahkan minimal satu produk.' },
  'orders.tooManyItems': { en: 'Up to 50 products per order.', id: 'Maksimal 50 produk per pesanan.' },
  'orders.courierRequired': { en: 'Choose a courier.', id: 'Pilih kurir.' },
  'orders.addressRequired': {
    en: 'The delivery address is required.',
    id: 'Alamat pengiriman wajib diisi.',
  },
  'orders.courierNotFound': {
    en: 'This courier is no longer available.',
    id: 'Kurir ini sudah tidak tersedia.',
  },
  'orders.productNotFound': {
    en: 'A product in the cart is no longer available.',
    id: 'Ada produk di keranjang yang sudah tidak tersedia.',
  },
  'orders.statusNotAllowed': {
    en: 'The order cannot move to this status.',
    id: 'Pesanan tidak dapat dipindahkan ke status ini.',
  },
  'orders.notNotified': {
    en: 'The status changed, but the customer could not be told in the chat.',
    id: 'Status berubah, tetapi pelanggan tidak dapat diberi tahu lewat chat.',
  },
} as const;
export type OrderMessageKey = keyof typeof ORDER_MESSAGES;
