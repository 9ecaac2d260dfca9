import { z } from 'zod';
import { channelCodeSchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/** A connected channel account (001 §3 Channel account). Secrets are write-only: never returned. */
export const channelAccountSchema = z.object({
  id: z.string().uuid(),
  channel: channelCodeSchema,
  name: z.string(),
  /** WhatsApp: the display number; live chat: the domain; Telegram: the bot's @username. */
  address: z.string(),
  status: z.enum(['connected', 'disconnected']),
  /**
   * 001 §4 channel connection state: `connecting` while Sapa re-checks the account with its provider (refresh),
   * `connected`, or `error` with `connectionError`, the 001 §8 message key (translated by the client).
   */
  connection: z.enum(['connecting', 'connected', 'error']),
  connectionError: z.string().nullable(),
  /** When the provider last confirmed or refused the account (a refresh); null: not since connecting. */
  checkedAt: z.number().nullable(),
  /** Whether the account can be re-checked with its provider (refresh); live chat has no provider. */
  refreshable: z.boolean(),
  /** Where the provider must post its webhooks (WhatsApp Cloud; Telegram's is set by Sapa itself). */
  webhookUrl: z.string().nullable(),
  /**
   * 001 §4: LINE's "webhook verification pending" until LINE's verification call reaches Sapa
   * (`pending`), then `verified`; absent for channels without such a check.
   */
  webhookVerification: z.enum(['pending', 'verified']).optional(),
  /**
   * Messenger and Instagram: the verify token Meta's webhook verification must carry, to paste with
   * `webhookUrl` in the app's webhook settings (it proves the URL only: not one of the account's secrets).
   */
  webhookVerifyToken: z.string().optional(),
  /** 001 §2 email settings of an email account (absent for other channels). */
  email: z
    .object({
      displayName: z.string(),
      header: z.string(),
      footer: z.string(),
      /** The mailbox read over IMAP (never its password), and how the last attempt went; null: none. */
      imap: z
        .object({
          host: z.string(),
          port: z.number(),
          security: z.enum(['tls', 'starttls', 'none']),
          user: z.string(),
          state: z.enum(['connecting', 'connected', 'error']),
          error: z.string().nullable(),
        })
        .nullable(),
    })
    .optional(),
  createdAt: z.number(),
});
export type ChannelAccount = z.infer<typeof channelAccountSchema>;

const digits = z
  .string()
  .trim()
  .regex(/^\d{5,20}$/, 'validation.invalid');

export const whatsappCloudAccountBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(60),
  displayPhoneNumber: z
    .string()
    .trim()
    .regex(/^\d{9,15}$/, 'validation.phone'),
  phoneNumberId: digits,
  wabaId: digits,
  accessToken: z.string().trim().min(10, 'validation.invalid').max(1000),
  appSecret: z.string().trim().min(8, 'validation.invalid').max(200),
  verifyToken: z.string().trim().min(8, 'validation.invalid').max(200),
  /** The provider's Graph API base; the simulator's in demo and tests. */
  graphBaseUrl: z.string().url().optional(),
});

/** A Telegram bot token as BotFather gives it: the bot's id, a colon, and the secret part. */
export const TELEGRAM_BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;

/** 001 §2 "Telegram bot token" dialog; 001 §5 Channels: bot token required. */
export const telegramAccountBody = z.object({
  botToken: z
    .string({ error: 'channel.botTokenRequired' })
    .trim()
    .min(1, 'channel.botTokenRequired')
    .regex(TELEGRAM_BOT_TOKEN, 'channel.tokenInvalid'),
  /** The name shown in Sapa; the bot's own name when left empty. */
  name: z.string().trim().max(60, 'livechat.nameMax').optional(),
  /** The Bot API's base; the simulator's in demo and tests. */
  apiBaseUrl: z.string().url().optional(),
});

/** A Viber bot's authentication token as the admin panel shows it: groups of letters and digits joined by dashes. */
export const VIBER_AUTH_TOKEN = /^[A-Za-z0-9]{8,40}(-[A-Za-z0-9]{4,40}){1,5}$/;

/** 001 §2 "Viber and Telegram bot token" dialog; 001 §5 Channels: bot token required. */
export const viberAccountBody = z.object({
  botToken: z
    .string({ error: 'channel.botTokenRequired' })
    .trim()
    .min(1, 'channel.botTokenRequired')
    .regex(VIBER_AUTH_TOKEN, 'channel.tokenInvalid'),
  /** The name shown in Sapa; the bot's own name when left empty. */
  name: z.string().trim().max(60, 'livechat.nameMax').optional(),
  /** The REST API's base (`https://chatapi.viber.com/pa`); the simulator's in demo and tests. */
  apiBaseUrl: z.string().url().optional(),
});

/** 001 §2 LINE dialog; 001 §3: channel secret, access token and name. */
export const lineAccountBody = z.object({
  channelSecret: z
    .string({ error: 'channel.channelSecretRequired' })
    .trim()
    .min(1, 'channel.channelSecretRequired')
    .regex(/^[0-9a-f]{32}$/i, 'channel.channelSecretInvalid'),
  accessToken: z
    .string({ error: 'channel.accessTokenRequired' })
    .trim()
    .min(1, 'channel.accessTokenRequired')
    .max(1000, 'channel.tokenInvalid')
    .regex(/^[A-Za-z0-9+/=._-]+$/, 'channel.tokenInvalid'),
  /** The name shown in Sapa; the account's own display name when left empty. */
  name: z.string().trim().max(60, 'livechat.nameMax').optional(),
  /** The Messaging API and content hosts; the simulator's in demo and tests. */
  apiBaseUrl: z.string().url().optional(),
  dataBaseUrl: z.string().url().optional(),
});

/** A marketplace order as the chat's side panel shows it (amounts in the order's currency, whole units). */
export const marketplaceOrderSchema = z.object({
  orderSn: z.string(),
  status: z.string(),
  currency: z.string(),
  total: z.number(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number() })),
  shipping: z.string().nullable(),
});
export type MarketplaceOrder = z.infer<typeof marketplaceOrderSchema>;

/** A marketplace product as the chat's side panel shows it. */
export const marketplaceProductSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  status: z.string(),
  currency: z.string(),
  price: z.number().nullable(),
  stock: z.number().int().nullable(),
});
export type MarketplaceProduct = z.infer<typeof marketplaceProductSchema>;

export const marketplaceContextSchema = z.object({
  order: marketplaceOrderSchema.nullable(),
  product: marketplaceProductSchema.nullable(),
});
export type MarketplaceContext = z.infer<typeof marketplaceContextSchema>;

/**
 * 001 §2 marketplace account dialog, §3 channel account "store username or URL", §5 "Marketplace username or
 * link required": the store the owner means to connect (`tokoku`, `shopee.co.id/tokoku`, a shop link); Sapa
 * answers the platform's consent page, where the seller authorises the shop.
 */
export const marketplaceAccountBody = z.object({
  store: z
    .string({ error: 'channel.marketplaceStoreRequired' })
    .trim()
    .min(1, 'channel.marketplaceStoreRequired')
    .max(200, 'channel.storeNotFound'),
});

/**
 * 001 §2 Facebook Page (Messenger) and Instagram professional account dialogs; 001 §3: the account's id, its
 * Page access token and the app's secret (the webhooks' signature key).
 */
export const metaAccountBody = z.object({
  metaAccountId: z
    .string({ error: 'channel.metaAccountIdRequired' })
    .trim()
    .min(1, 'channel.metaAccountIdRequired')
    .regex(/^\d{5,25}$/, 'channel.metaAccountIdInvalid'),
  accessToken: z
    .string({ error: 'channel.accessTokenRequired' })
    .trim()
    .min(1, 'channel.accessTokenRequired')
    .max(1000, 'channel.tokenInvalid')
    .regex(/^[A-Za-z0-9_|-]{20,}$/, 'channel.tokenInvalid'),
  appSecret: z
    .string({ error: 'channel.appSecretRequired' })
    .trim()
    .min(1, 'channel.appSecretRequired')
    .regex(/^[0-9a-f]{32}$/i, 'channel.appSecretInvalid'),
  /** The name shown in Sapa; the Page's (or account's) own name when left empty. */
  name: z.string().trim().max(60, 'livechat.nameMax').optional(),
  /** The Graph API base; the simulator's in demo and tests. */
  graphBaseUrl: z.string().url().optional(),
});

export const channelEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/channel-accounts',
    response: z.object({ items: z.array(channelAccountSchema) }),
  }),
  connectWhatsappCloud: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/whatsapp-cloud',
    body: whatsappCloudAccountBody,
    response: channelAccountSchema,
  }),
  connectTelegram: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/telegram',
    body: telegramAccountBody,
    response: channelAccountSchema,
  }),
  connectViber: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/viber',
    body: viberAccountBody,
    response: channelAccountSchema,
  }),
  connectLine: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/line',
    body: lineAccountBody,
    response: channelAccountSchema,
  }),
  connectMessenger: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/messenger',
    body: metaAccountBody,
    response: channelAccountSchema,
  }),
  connectInstagram: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/instagram',
    body: metaAccountBody,
    response: channelAccountSchema,
  }),
  /**
   * 001 §2 marketplace dialog (Shopee): the platform's consent page for the store; the seller's consent comes
   * back to `/api/channel-accounts/shopee/callback`, which connects the shop and sends the browser to
   * `/settings/channels` (with `connected=SHP` or `error=<message key>`).
   */
  authorizeShopee: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/shopee/authorize',
    body: marketplaceAccountBody,
    response: z.object({ authorizeUrl: z.string() }),
  }),
  /**
   * 001 §4 refresh: re-checks a connected account with its provider (Telegram `getMe`, LINE bot info, Viber
   * account info, Meta's Page or Instagram node, WhatsApp's phone number) and points its webhook at Sapa again;
   * the answer carries the state (`connected`, or `error` with the provider's refusal).
   */
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/channel-accounts/:id/refresh',
    response: channelAccountSchema,
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/channel-accounts/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /**
   * Issue 18 "in the chat room": the marketplace order and the product the buyer asked about in this chat (the
   * latest order and product cards they sent), read from the platform; null when the chat names none.
   */
  marketplaceContext: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/marketplace',
    response: marketplaceContextSchema,
  }),
} as const;
