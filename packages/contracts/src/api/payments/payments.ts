import { z } from 'zod';
import { type PriceWithVat, type Rupiah, withVat } from '../../pricing.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Online payments through the payment gateway (001 §7 POST billing-transaction, calculate-payment-fee; 001 §4
 * Top-up; 001 §8 Billing and credits). Amounts are whole rupiah.
 */

export const PAYMENT_METHOD_KINDS = ['virtual_account', 'qris', 'ewallet'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** A fee is a flat amount or a share of the amount in basis points (1/100 of a percent), VAT 11% on top. */
export type PaymentFeeRule = { flat: Rupiah } | { basisPoints: number };

export interface PaymentMethodRule {
  /** The gateway's channel code (Xendit: BCA, BNI, …, QRIS, OVO, DANA, …). */
  code: string;
  kind: PaymentMethodKind;
  name: string;
  fee: PaymentFeeRule;
}

/**
 * The methods Sapa offers and the fee the payer pays for each (001 §7 calculate-payment-fee; the figures are
 * not shown in the spec: these are Xendit's published Indonesian rates, Sapa's choice).
 */
export const PAYMENT_METHODS = [
  { code: 'BCA', kind: 'virtual_account', name: 'BCA Virtual Account', fee: { flat: 4_000 } },
  { code: 'BNI', kind: 'virtual_account', name: 'BNI Virtual Account', fee: { flat: 4_000 } },
  { code: 'BRI', kind: 'virtual_account', name: 'BRI Virtual Account', fee: { flat: 4_000 } },
  { code: 'MANDIRI', kind: 'virtual_account', name: 'Mandiri Virtual Account', fee: { flat: 4_000 } },
  { code: 'PERMATA', kind: 'virtual_account', name: 'Permata Virtual Account', fee: { flat: 4_000 } },
  { code: 'QRIS', kind: 'qris', name: 'QRIS', fee: { basisPoints: 70 } },
  { code: 'OVO', kind: 'ewallet', name: 'OVO', fee: { basisPoints: 273 } },
  { code: 'DANA', kind: 'ewallet', name: 'DANA', fee: { basisPoints: 150 } },
  { code: 'SHOPEEPAY', kind: 'ewallet', name: 'ShopeePay', fee: { basisPoints: 200 } },
  { code: 'LINKAJA', kind: 'ewallet', name: 'LinkAja', fee: { basisPoints: 150 } },
] as const satisfies readonly PaymentMethodRule[];
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number]['code'];
export const PAYMENT_METHOD_CODES = PAYMENT_METHODS.map((m) => m.code) as [
  PaymentMethodCode,
  ...PaymentMethodCode[],
];

export function paymentMethodRule(code: string): PaymentMethodRule | undefined {
  return PAYMENT_METHODS.find((m) => m.code === code);
}

/** The fee for paying `amount` by `rule`: a share is rounded up to the rupiah; VAT 11% on the fee. */
export function paymentFee(rule: PaymentFeeRule, amount: Rupiah): PriceWithVat {
  const net = 'flat' in rule ? rule.flat : Math.ceil((amount * rule.basisPoints) / 10_000);
  return withVat(net);
}

/** 001 §4 Top-up: Sapa's bounds (not shown in the spec). */
export const TOP_UP_MIN: Rupiah = 10_000;
export const TOP_UP_MAX: Rupiah = 100_000_000;
/** How long a payment stays payable at the gateway (Sapa's choice: one day, like a virtual account's default). */
export const PAYMENT_EXPIRY_SECONDS = 86_400;

export const PAYMENT_PURPOSES = ['top_up', 'subscription', 'order'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string(),
  fee: z.object({ flat: z.number().nullable(), basisPoints: z.number().nullable() }),
  /** False while the method is temporarily off (001 §8). */
  available: z.boolean(),
});

export const paymentSchema = z.object({
  id: z.string().uuid(),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The gateway's payment page. */
  checkoutUrl: z.string().nullable(),
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
  createdAt: z.number(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

const amountSchema = z.number({ error: 'payments.amountInvalid' }).int('payments.amountInvalid');
const methodSchema = z.enum(PAYMENT_METHOD_CODES, { error: 'payments.methodRequired' });

export const paymentsEndpoints = {
  /** 001 §2 payment dialog: the methods with their fees; 001 §8 "Failed to get payment method". */
  paymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/payments/methods',
    response: z.object({ methods: z.array(paymentMethodSchema) }),
  }),
  /** 001 §7 POST billing-transaction/calculate-payment-fee. */
  paymentFee: defineEndpoint({
    method: 'POST',
    path: '/api/payments/fee',
    body: z.object({ method: methodSchema, amount: amountSchema.min(1, 'payments.amountInvalid') }),
    response: z.object({ amount: z.number(), fee: z.number(), feeVat: z.number(), total: z.number() }),
  }),
  /** 001 §7 POST billing-transaction (top up); 001 §4 Top-up: refused while an earlier one is unpaid. */
  topUp: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/chat-credit/top-ups',
    body: z.object({
      method: methodSchema,
      amount: amountSchema.min(TOP_UP_MIN, 'payments.topUpRange').max(TOP_UP_MAX, 'payments.topUpRange'),
    }),
    response: paymentSchema,
  }),
  /** 001 §7 GET billing-transaction/list: the business's payments, newest first. */
  payments: defineEndpoint({
    method: 'GET',
    path: '/api/payments',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: z.object({ items: z.array(paymentSchema), nextCursor: z.string().nullable() }),
  }),
  payment: defineEndpoint({
    method: 'GET',
    path: '/api/payments/:paymentId',
    response: paymentSchema,
  }),
} as const;

/** 001 §8 Billing and credits, in both languages (the English is the spec's wording where it gives one). */
export const PAYMENT_MESSAGES = {
  'payments.topUpUnpaid': {
    en: 'Please complete payment for top up process before this one.',
    id: 'Selesaikan pembayaran isi ulang sebelumnya sebelum membuat yang baru.',
  },
  'payments.methodsFailed': {
    en: 'Failed to get payment method (refresh the page)',
    id: 'Gagal mendapatkan metode pembayaran (muat ulang halaman)',
  },
  'payments.methodOff': {
    en: 'This payment method is temporarily off. Choose another one.',
    id: 'Metode pembayaran ini sedang tidak tersedia. Pilih metode lain.',
  },
  'payments.off': {
    en: 'Online payment is temporarily off. Please try again later.',
    id: 'Pembayaran online sedang tidak tersedia. Coba lagi nanti.',
  },
  'payments.gatewayFailed': {
    en: 'The payment could not be created. Please try again.',
    id: 'Pembayaran tidak dapat dibuat. Silakan coba lagi.',
  },
  'payments.methodRequired': { en: 'Payment method is required', id: 'Metode pembayaran wajib dipilih' },
  'payments.amountInvalid': {
    en: 'Enter an amount in whole rupiah',
    id: 'Masukkan jumlah dalam rupiah bulat',
  },
  'payments.topUpRange': {
    en: `A top-up is between Rp${TOP_UP_MIN.toLocaleString('id-ID')} and Rp${TOP_UP_MAX.toLocaleString('id-ID')}`,
    id: `Isi ulang antara Rp${TOP_UP_MIN.toLocaleString('id-ID')} dan Rp${TOP_UP_MAX.toLocaleString('id-ID')}`,
  },
} as const;
