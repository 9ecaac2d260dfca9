import { z } from 'zod';
import { SUBSCRIPTION_PERIOD_MONTHS } from '../../pricing.js';
import { defineEndpoint } from '../endpoint.js';
import { PAYMENT_METHOD_CODES, paymentMethodSchema, paymentSchema } from '../payments/payments.js';
import { ORDER_KINDS, SELF_SERVE_PACKAGES } from './subscription-rules.js';

export * from './subscription-rules.js';

/**
 * Plans and subscription (001 §2 /setting/plan-and-pricing, subscription: package, payment method, summary,
 * terms; §3 Subscription: package, period, end date, service fee, tax; §4 Subscription; §6; §9).
 */

const priceSchema = z.object({ net: z.number(), vat: z.number(), total: z.number() });

/** The business's subscription now (000 §3 Account: subscriptionPackage, accountSubscriptionDateEnd, accountStatus). */
export const subscriptionSchema = z.object({
  accountStatus: z.string(),
  package: z.string().nullable(),
  /** The tier in force now: FREE, FREE_TRIAL, STARTER, PRO, ENTERPRISE. */
  tier: z.string(),
  endsAt: z.number().nullable(),
  /** Days of validity left, rounded up (null: no end). */
  daysLeft: z.number().nullable(),
  premium: z.boolean(),
  whatsapp: z.boolean(),
  extraUsers: z.number(),
  users: z.number(),
  userLimit: z.number().nullable(),
  channels: z.number(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

const orderRequestSchema = z.object({
  kind: z.enum(ORDER_KINDS, { error: 'subscription.choosePackage' }),
  package: z.enum(SELF_SERVE_PACKAGES, { error: 'subscription.choosePackage' }).optional(),
  months: z
    .union(
      SUBSCRIPTION_PERIOD_MONTHS.map((m) => z.literal(m)) as unknown as [
        z.ZodLiteral<3>,
        z.ZodLiteral<6>,
        z.ZodLiteral<12>,
      ],
      { error: 'subscription.periodInvalid' },
    )
    .optional(),
  extraUsers: z
    .number({ error: 'subscription.extraUsersInvalid' })
    .int('subscription.extraUsersInvalid')
    .min(0, 'subscription.extraUsersInvalid')
    .max(100, 'subscription.extraUsersInvalid')
    .optional(),
});

export const orderQuoteSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  package: z.enum(SELF_SERVE_PACKAGES),
  months: z.number(),
  extraUsers: z.number(),
  price: priceSchema,
  endsAt: z.number(),
});

export const subscriptionOrderSchema = orderQuoteSchema.extend({
  id: z.string().uuid(),
  /** pending (payable), paid, cancelled, expired. */
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  payment: paymentSchema,
  createdAt: z.number(),
});
export type SubscriptionOrder = z.infer<typeof subscriptionOrderSchema>;

/** A self-serve package's monthly price and the users it includes (the plan-and-pricing table). */
export const planOfferSchema = z.object({
  package: z.enum(SELF_SERVE_PACKAGES),
  monthly: z.number(),
  includedUsers: z.number().nullable(),
  whatsapp: z.boolean(),
  periods: z.array(z.object({ months: z.number(), price: priceSchema })),
});

export const subscriptionsEndpoints = {
  /** The business's subscription (everyone signed in: the banner shows it to the owner and to CS). */
  current: defineEndpoint({ method: 'GET', path: '/api/subscription', response: subscriptionSchema }),
  /** 001 §2 plan and pricing: the packages, their periods and prices with VAT. */
  plans: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/plans',
    response: z.object({
      plans: z.array(planOfferSchema),
      extraUserMonthly: z.number(),
      proUpgradePerMonth: z.number(),
      vatPercent: z.number(),
    }),
  }),
  /** 001 §2 subscription: the payment methods with their fees (the payments module's list). */
  paymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/payment-methods',
    response: z.object({ methods: z.array(paymentMethodSchema) }),
  }),
  /** 001 §2 subscription summary: the order priced with VAT, and the method's fee. */
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/subscription/quote',
    body: orderRequestSchema.extend({
      method: z.enum(PAYMENT_METHOD_CODES, { error: 'payments.methodRequired' }).optional(),
    }),
    response: orderQuoteSchema.extend({ fee: z.number(), total: z.number() }),
  }),
  /** Places an order and its gateway invoice; refused while another is unpaid. Terms must be accepted. */
  order: defineEndpoint({
    method: 'POST',
    path: '/api/subscription/orders',
    body: orderRequestSchema.extend({
      method: z.enum(PAYMENT_METHOD_CODES, { error: 'payments.methodRequired' }),
      acceptTerms: z.literal(true, { error: 'subscription.acceptTerms' }),
    }),
    response: subscriptionOrderSchema,
  }),
  /** The unpaid order, to resume or cancel (null when none). */
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/orders/pending',
    response: z.object({ order: subscriptionOrderSchema.nullable() }),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/subscription/orders/:orderId/cancel',
    response: subscriptionOrderSchema,
  }),
} as const;

/** Plans and subscription messages in both languages (001 §6, §8; the spec's wording where it gives one). */
export const SUBSCRIPTION_MESSAGES = {
  'subscription.premiumRequired': {
    en: 'This feature is not available on a free account. Subscribe to a package to use it.',
    id: 'Fitur ini tidak tersedia untuk akun gratis. Berlangganan paket untuk menggunakannya.',
  },
  'subscription.whatsappNeedsPro': {
    en: 'The WhatsApp channel needs the Pro or Enterprise package.',
    id: 'Channel WhatsApp memerlukan paket Pro atau Enterprise.',
  },
  'subscription.maxUsers': {
    en: 'Maximum users reached. Add extra users to your package.',
    id: 'Jumlah pengguna maksimal tercapai. Tambahkan pengguna ekstra pada paket Anda.',
  },
  'subscription.downgradeWhileProActive': {
    en: 'You cannot downgrade while your Pro package is active.',
    id: 'Anda tidak dapat turun paket selama paket Pro masih aktif.',
  },
  'subscription.tooManyChannelsForStarter': {
    en: 'The Starter package allows at most 50 channels.',
    id: 'Paket Starter hanya untuk maksimal 50 channel.',
  },
  'subscription.alreadyActive': {
    en: 'Your package is still active: extend or upgrade it instead.',
    id: 'Paket Anda masih aktif: perpanjang atau tingkatkan paket.',
  },
  'subscription.nothingToExtend': {
    en: 'There is no active package to extend. Choose a package.',
    id: 'Tidak ada paket aktif untuk diperpanjang. Pilih paket.',
  },
  'subscription.upgradeNeedsStarter': {
    en: 'Only an active Starter package can be upgraded to Pro.',
    id: 'Hanya paket Starter yang aktif yang dapat ditingkatkan ke Pro.',
  },
  'subscription.needsActivePackage': {
    en: 'Extra users need an active package.',
    id: 'Pengguna ekstra memerlukan paket aktif.',
  },
  'subscription.enterpriseByContract': {
    en: 'The Enterprise package is managed by contract. Contact us to change it.',
    id: 'Paket Enterprise dikelola melalui kontrak. Hubungi kami untuk mengubahnya.',
  },
  'subscription.choosePackage': {
    en: 'Choose a package and a period.',
    id: 'Pilih paket dan periode.',
  },
  'subscription.packageNotOffered': {
    en: 'This package is not offered. Choose another package.',
    id: 'Paket ini tidak tersedia. Pilih paket lain.',
  },
  'subscription.periodInvalid': {
    en: 'Choose a period of 3, 6 or 12 months.',
    id: 'Pilih periode 3, 6, atau 12 bulan.',
  },
  'subscription.extraUsersInvalid': {
    en: 'Enter a number of extra users from 0 to 100.',
    id: 'Masukkan jumlah pengguna ekstra dari 0 sampai 100.',
  },
  'subscription.acceptTerms': {
    en: 'Accept the terms and conditions to continue.',
    id: 'Setujui syarat dan ketentuan untuk melanjutkan.',
  },
  'subscription.orderUnpaid': {
    en: 'Please complete or cancel the payment of your previous subscription first.',
    id: 'Selesaikan atau batalkan pembayaran langganan sebelumnya terlebih dahulu.',
  },
  'subscription.orderNotPending': {
    en: 'This order is no longer waiting for payment.',
    id: 'Pesanan ini tidak lagi menunggu pembayaran.',
  },
} as const;
