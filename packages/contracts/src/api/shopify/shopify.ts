import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * Shopify (000 §2 /shopify: store configuration, automated-message settings, report, the connect dialog with the
 * admin URL; 000 §5 rules; 000 §8 messages). Sapa is a Shopify app: the merchant connects a store through
 * Shopify's OAuth, its order webhooks become WhatsApp template messages to the order's customer.
 */

/** The automated order messages, one per order event (each with its own approved template). */
export const SHOPIFY_EVENTS = ['order_created', 'order_paid', 'order_fulfilled', 'order_cancelled'] as const;
export type ShopifyEvent = (typeof SHOPIFY_EVENTS)[number];

/** The order's values a template variable can take, in the order the settings offer them. */
export const SHOPIFY_ORDER_FIELDS = [
  'customer_name',
  'order_number',
  'total_price',
  'items',
  'shop_name',
  'order_status_url',
  'tracking_company',
  'tracking_number',
  'tracking_url',
] as const;
export type ShopifyOrderField = (typeof SHOPIFY_ORDER_FIELDS)[number];

/** A variable with no choice takes the field at its position in this list (event by event). */
export const SHOPIFY_DEFAULT_FIELDS: Record<ShopifyEvent, ShopifyOrderField[]> = {
  order_created: ['customer_name', 'order_number', 'total_price', 'items', 'order_status_url'],
  order_paid: ['customer_name', 'order_number', 'total_price', 'order_status_url'],
  order_fulfilled: ['customer_name', 'order_number', 'tracking_company', 'tracking_number', 'tracking_url'],
  order_cancelled: ['customer_name', 'order_number', 'total_price', 'order_status_url'],
};

/** `https://admin.shopify.com/store/<handle>`, `<handle>.myshopify.com` (with or without scheme and path). */
const SHOP_HANDLE = /^[a-z0-9][a-z0-9-]{0,59}$/;

/**
 * The shop's `<handle>.myshopify.com` domain from what the merchant typed in the connect dialog: the admin URL
 * (`admin.shopify.com/store/<handle>`), the shop's myshopify domain (any path after it), or the bare handle.
 * Null when it names no shop (000 §8 "Failed to connect account …").
 */
export function shopDomainFromAdminUrl(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname === 'admin.shopify.com') {
    const handle = /^\/store\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
    return SHOP_HANDLE.test(handle) ? `${handle}.myshopify.com` : null;
  }
  const m = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/.exec(url.hostname);
  if (m && SHOP_HANDLE.test(m[1]!)) return url.hostname;
  if (!text.includes('.') && !text.includes('/') && SHOP_HANDLE.test(text)) return `${text}.myshopify.com`;
  return null;
}

export const SHOPIFY_STORE_STATUSES = ['connected', 'disconnected'] as const;

export const shopifyStoreSchema = z.object({
  shopDomain: z.string(),
  /** 000 §3 Shopify store: account name (the shop's name; 000 §5 it cannot change after registration). */
  shopName: z.string(),
  status: z.enum(SHOPIFY_STORE_STATUSES),
  /** The WhatsApp number the automated messages go out from. */
  channelAccountId: z.string().uuid().nullable(),
  connectedAt: z.number(),
});
export type ShopifyStore = z.infer<typeof shopifyStoreSchema>;

export const shopifyAutomationSchema = z.object({
  event: z.enum(SHOPIFY_EVENTS),
  enabled: z.boolean(),
  templateId: z.string().uuid().nullable(),
  /** One order field per template variable, in the template's variable order. */
  variables: z.array(z.enum(SHOPIFY_ORDER_FIELDS)),
});
export type ShopifyAutomation = z.infer<typeof shopifyAutomationSchema>;

export const shopifyTemplateOptionSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  language: z.string(),
  body: z.string(),
  variableCount: z.number().int(),
});

export const shopifyReportRowSchema = z.object({
  event: z.enum(SHOPIFY_EVENTS),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  /** Not sent: no phone number on the order, no WhatsApp number, no credits (with the reasons). */
  skipped: z.number(),
});

const adminUrl = z
  .string({ error: 'shopify.urlRequired' })
  .trim()
  .min(1, 'shopify.urlRequired')
  .max(300, 'shopify.connectFailed');

const dayRange = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .optional(),
});

/** The opaque token of a Shopify install waiting for its sign-up (from the callback's redirect). */
export const shopifyInstallToken = z
  .string({ error: 'shopify.installExpired' })
  .min(16, 'shopify.installExpired')
  .max(200, 'shopify.installExpired');

export const shopifyInstallSummarySchema = z.object({
  shopDomain: z.string(),
  shopName: z.string(),
  /** The shop owner's email as Shopify has it ('' when none): the sign-up's email is prefilled with it. */
  email: z.string(),
  expiresAt: z.number(),
});
export type ShopifyInstallSummary = z.infer<typeof shopifyInstallSummarySchema>;

export const shopifyEndpoints = {
  /** The connected store (or none), whether the business has the Shopify add-on (000 §6 client index 29). */
  store: defineEndpoint({
    method: 'GET',
    path: '/api/shopify/store',
    response: z.object({ store: shopifyStoreSchema.nullable(), addOnActive: z.boolean() }),
  }),
  /** The connect dialog: the admin URL → Shopify's authorize page to open (the merchant approves there). */
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/shopify/connect',
    body: z.object({ adminUrl }),
    response: z.object({ authorizeUrl: z.string() }),
  }),
  /** Store configuration: the WhatsApp number that sends the automated messages. */
  updateStore: defineEndpoint({
    method: 'PUT',
    path: '/api/shopify/store',
    body: z.object({ channelAccountId: z.string().uuid('shopify.whatsappRequired') }),
    response: shopifyStoreSchema,
  }),
  /** Disconnects the store: Sapa's webhook subscriptions removed at Shopify, the token forgotten. */
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/shopify/store',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The automated-message settings, with the approved templates of the sending number. */
  automations: defineEndpoint({
    method: 'GET',
    path: '/api/shopify/automations',
    response: z.object({
      items: z.array(shopifyAutomationSchema),
      templates: z.array(shopifyTemplateOptionSchema),
    }),
  }),
  /** One event's message: on/off (000 §5: off without a store or the add-on; on needs a template). */
  saveAutomation: defineEndpoint({
    method: 'PUT',
    path: '/api/shopify/automations',
    body: z.object({
      event: z.enum(SHOPIFY_EVENTS),
      enabled: z.boolean(),
      templateId: z.string().uuid('shopify.templateRequired').nullable(),
      variables: z.array(z.enum(SHOPIFY_ORDER_FIELDS)).max(20),
    }),
    response: shopifyAutomationSchema,
  }),
  /** The report: messages per event (sent, delivered, read, failed, skipped) and the orders received (WIB days). */
  report: defineEndpoint({
    method: 'GET',
    path: '/api/shopify/report',
    query: dayRange,
    response: z.object({
      events: z.array(shopifyReportRowSchema),
      orders: z.object({ total: z.number(), paid: z.number(), fulfilled: z.number(), cancelled: z.number() }),
    }),
  }),
  /**
   * Sign-up via Shopify: what the sign-up page shows of the install Shopify granted (public: the opaque install
   * token from the callback's redirect names it; 410 `shopify.installExpired` once used, unknown or expired).
   */
  installSummary: defineEndpoint({
    method: 'POST',
    path: '/api/shopify/install/summary',
    body: z.object({ install: shopifyInstallToken }),
    response: shopifyInstallSummarySchema,
  }),
} as const;

/** 000 §5 and §8 Shopify messages, in both languages (the English is the spec's wording where it gives one). */
export const SHOPIFY_MESSAGES = {
  'shopify.urlRequired': { en: 'Shopify URL is required', id: 'URL Shopify wajib diisi' },
  'shopify.templateRequired': { en: 'Template is required', id: 'Template wajib dipilih' },
  'shopify.connectFailed': {
    en: 'Failed to connect account. Check your username or store URL again to connect',
    id: 'Gagal menghubungkan akun. Periksa kembali nama pengguna atau URL toko Anda untuk menghubungkan',
  },
  'shopify.invalidToken': {
    en: 'Invalid token. Please connect your store again.',
    id: 'Token tidak valid. Silakan hubungkan toko Anda lagi.',
  },
  'shopify.somethingWrong': {
    en: 'Something went wrong. Please try again.',
    id: 'Terjadi kesalahan. Silakan coba lagi.',
  },
  'shopify.templatesFailed': { en: 'Failed to get templates', id: 'Gagal mengambil template' },
  'shopify.deleteFailed': { en: 'Failed to delete the account', id: 'Gagal menghapus akun' },
  'shopify.signUpFailed': {
    en: 'Sign up failed. Please contact support.',
    id: 'Pendaftaran gagal. Silakan hubungi tim dukungan.',
  },
  'shopify.installExpired': {
    en: 'This Shopify install link has expired or was already used. Open Sapa from your Shopify admin again.',
    id: 'Tautan pemasangan Shopify ini sudah kedaluwarsa atau sudah dipakai. Buka Sapa dari admin Shopify Anda lagi.',
  },
  'shopify.shopNameLocked': {
    en: 'The Shopify shop name cannot be changed after registration',
    id: 'Nama toko Shopify tidak dapat diubah setelah terdaftar',
  },
  'shopify.shopTaken': {
    en: 'This Shopify store is already connected to another business',
    id: 'Toko Shopify ini sudah terhubung ke bisnis lain',
  },
  'shopify.noStore': {
    en: 'Connect a Shopify store first',
    id: 'Hubungkan toko Shopify terlebih dahulu',
  },
  'shopify.addOnRequired': {
    en: 'Subscribe to the Shopify add-on first',
    id: 'Berlangganan add-on Shopify terlebih dahulu',
  },
  'shopify.whatsappRequired': {
    en: 'Choose the WhatsApp number that sends the messages',
    id: 'Pilih nomor WhatsApp yang mengirim pesan',
  },
  'shopify.notConfigured': {
    en: 'Shopify is not set up on this server',
    id: 'Shopify belum diatur di server ini',
  },
  'shopify.skip.noPhone': { en: 'The order has no phone number', id: 'Pesanan tidak memiliki nomor telepon' },
  'shopify.skip.noWhatsapp': {
    en: 'No WhatsApp number sends the messages',
    id: 'Tidak ada nomor WhatsApp yang mengirim pesan',
  },
  'shopify.skip.templateGone': {
    en: 'The template is no longer approved',
    id: 'Template sudah tidak disetujui',
  },
} as const;
