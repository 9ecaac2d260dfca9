import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** Non-secret WhatsApp Cloud settings of a channel account. */
export interface WhatsappCloudConfig {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  graphBaseUrl: string;
}

/** One extra component of the live-chat pre-chat form (001 §3, §5: at most 3, customized data unique). */
export interface PreChatField {
  label: string;
  /** Which visitor datum the answer fills: name, email, phone, or a free key. */
  customizedData: string;
}

/** Non-secret settings of a live-chat widget (001 §3 Channel account: live chat widget). */
export interface LiveChatConfig {
  domain: string;
  logoUrl: string | null;
  colour: string;
  onlineTitle: string;
  onlineMessage: string;
  offlineTitle: string;
  offlineMessage: string;
  personaName: string;
  preChatForm: { fields: PreChatField[]; consentText: string | null };
}

/** Non-secret settings of a Telegram bot (001 §3 Channel account: bot token). */
export interface TelegramConfig {
  /** The bot's user id (the number before the token's colon), from `getMe`. */
  botId: string;
  botUsername: string;
  /** The Bot API base (`https://api.telegram.org`; the simulator's in demo and tests). */
  apiBaseUrl: string;
}

/** Non-secret settings of a LINE Official Account (001 §2 LINE dialog: channel secret and access token). */
export interface LineConfig {
  /** The bot's user id (`U…`, LINE's `destination` of every delivery), from `/v2/bot/info`. */
  botUserId: string;
  /** The account's LINE ID (`@…`). */
  basicId: string;
  /** The Messaging API host (`https://api.line.me`; the simulator's in demo and tests). */
  apiBaseUrl: string;
  /** The content host (`https://api-data.line.me`; the simulator's in demo and tests). */
  dataBaseUrl: string;
  /** When LINE's verification call (an empty delivery) arrived; null: "webhook verification pending" (001 §4). */
  webhookVerifiedAt: number | null;
}

/**
 * Non-secret settings of a Facebook Page (Messenger) or an Instagram professional account (001 §2: page id or
 * Instagram account id, page access token, app secret).
 */
export interface MetaMessagingConfig {
  /** The Page id or the Instagram professional account id: `entry[].id` of every delivery, the Send API node. */
  metaAccountId: string;
  /** The Graph API base (`https://graph.facebook.com/v25.0`; the simulator's in demo and tests). */
  graphBaseUrl: string;
  /**
   * The token Meta's webhook verification GET must carry (`hub.verify_token`), shown to the owner to paste in
   * the app's webhook settings with the webhook URL: not a secret of the account (it only proves the URL).
   */
  verifyToken: string;
}

/** Secrets of a Page or Instagram account: the Page access token (Send API) and the app secret (signatures). */
export interface MetaMessagingSecrets {
  accessToken: string;
  appSecret: string;
}

/** Non-secret settings of a Viber bot (001 §2 "Viber and Telegram bot token"). */
export interface ViberConfig {
  /** The bot's id (`pa:…`) and its URI, from `get_account_info`. */
  viberBotId: string;
  botUri: string;
  /** The REST API base (`https://chatapi.viber.com/pa`; the simulator's in demo and tests). */
  apiBaseUrl: string;
}

/** Settings of an email channel account (001 §2 email settings: display name, header, footer). */
export interface EmailConfig {
  /** The sending domain (one of `EMAIL_DOMAINS`); the account's `address` is the full address. */
  domain: string;
  displayName: string;
  /** Text put above and below every email an agent sends. */
  header: string;
  footer: string;
  /** A mailbox also read over IMAP (its password in the account's sealed secrets); absent or null: none. */
  imap?: ImapConfig | null;
}

/** How Sapa reaches an email account's mailbox over IMAP (`connectors/email/imap-reader.ts`). */
export interface ImapConfig {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
  user: string;
}

/** Secrets of an email account: the IMAP password, when it reads a mailbox. */
export interface EmailSecrets {
  imapPassword?: string;
}

/**
 * Non-secret settings of a Shopee shop (001 §2 marketplace dialog: store username or URL, then the seller's
 * consent). Its tokens are in the sealed secrets (`ShopeeSecrets`); the partner app is the server's.
 */
export interface ShopeeConfig {
  /** The shop the seller authorised (`shop_id` of the consent's redirect and of every push). */
  shopId: number;
  /** The store username the owner gave (`shopee.co.id/<username>`). */
  storeUsername: string;
  /** When the access token stops working (ms since the epoch); refreshed before. */
  accessTokenExpiresAt: number;
  /**
   * The chat pull's cursor (`shopee-recovery.ts`): the newest conversation time (ns, as text) whose messages
   * Sapa has read with `sellerchat/get_message`; absent before the first pull (then: when the shop connected).
   */
  chatPulledNano?: string;
}

/** Secrets of a Shopee shop: its access token (4 h) and its single-use refresh token (30 days). */
export interface ShopeeSecrets {
  accessToken: string;
  refreshToken: string;
}

export type ChannelAccountConfig =
  | WhatsappCloudConfig
  | LiveChatConfig
  | TelegramConfig
  | LineConfig
  | MetaMessagingConfig
  | ViberConfig
  | EmailConfig
  | ShopeeConfig;

/** Secrets of a Viber account: the bot's authentication token (API calls and the deliveries' signature). */
export interface ViberSecrets {
  authToken: string;
}

/** Secrets of a LINE account: the channel secret (signatures) and the channel access token (API calls). */
export interface LineSecrets {
  channelSecret: string;
  accessToken: string;
}

/** Secrets of a Telegram account: the bot token, and the `secret_token` its webhooks carry. */
export interface TelegramSecrets {
  botToken: string;
  webhookSecret: string;
}

/** Secrets of a WhatsApp Cloud account, sealed together as one JSON with deps.secrets. */
export interface WhatsappCloudSecrets {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** A connected channel account of a business (001 §3 Channel account). */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    status: text('status').$type<'connected' | 'disconnected'>().notNull().default('connected'),
    /**
     * 001 §4 channel connection state of a connected account: `connecting` while Sapa re-checks it with the
     * provider (refresh), `connected`, or `error` with the 001 §8 message key in `connectionError`.
     */
    connectionState: text('connection_state')
      .$type<'connecting' | 'connected' | 'error'>()
      .notNull()
      .default('connected'),
    connectionError: text('connection_error'),
    /** When the provider last confirmed (or refused) the account (refresh); null: only at connect time. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    config: jsonb('config').$type<ChannelAccountConfig>().notNull(),
    /** Sealed JSON (AES-GCM, deps.secrets): never returned by the API. */
    secrets: text('secrets').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The webhook URL carries only the account id; it is globally unique (UUIDv7).
    uniqueIndex('channel_accounts_id_key').on(t.id),
    // 001 §9: one WhatsApp number per business.
    uniqueIndex('channel_accounts_one_wap_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'WAP' and ${t.status} = 'connected'`),
    // 001 §9: one account per social platform (one Telegram bot per business).
    uniqueIndex('channel_accounts_one_tlg_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'TLG' and ${t.status} = 'connected'`),
    // 001 §8: a bot is connected to one business at most (else "token registered on another client").
    uniqueIndex('channel_accounts_telegram_bot_key')
      .on(sql`(${t.config}->>'botId')`)
      .where(sql`${t.channel} = 'TLG' and ${t.status} = 'connected'`),
    // 001 §9: one LINE Official Account per business; 001 §8: a LINE bot in one business at most.
    uniqueIndex('channel_accounts_one_lne_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'LNE' and ${t.status} = 'connected'`),
    uniqueIndex('channel_accounts_line_bot_key')
      .on(sql`(${t.config}->>'botUserId')`)
      .where(sql`${t.channel} = 'LNE' and ${t.status} = 'connected'`),
    // 001 §9: one Facebook Page and one Instagram account per business; each in one business at most.
    uniqueIndex('channel_accounts_one_msg_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'MSG' and ${t.status} = 'connected'`),
    uniqueIndex('channel_accounts_one_igm_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'IGM' and ${t.status} = 'connected'`),
    uniqueIndex('channel_accounts_meta_account_key')
      .on(t.channel, sql`(${t.config}->>'metaAccountId')`)
      .where(sql`${t.channel} in ('MSG', 'IGM') and ${t.status} = 'connected'`),
    // 001 §9: one Viber bot per business; 001 §8: a Viber bot in one business at most.
    uniqueIndex('channel_accounts_one_vbr_key')
      .on(t.clientId)
      .where(sql`${t.channel} = 'VBR' and ${t.status} = 'connected'`),
    uniqueIndex('channel_accounts_viber_bot_key')
      .on(sql`(${t.config}->>'viberBotId')`)
      .where(sql`${t.channel} = 'VBR' and ${t.status} = 'connected'`),
    // 001 §5: a live-chat domain must be unique.
    uniqueIndex('channel_accounts_livechat_domain_key')
      .on(sql`lower(${t.address})`)
      .where(sql`${t.channel} = 'LVC' and ${t.status} = 'connected'`),
    // 001 §8 "duplicate email account": an address belongs to one account (several per business are fine).
    uniqueIndex('channel_accounts_email_address_key')
      .on(sql`lower(${t.address})`)
      .where(sql`${t.channel} = 'EML' and ${t.status} = 'connected'`),
    // 001 §8 "already connected elsewhere": a Shopee shop is connected to one business at most.
    uniqueIndex('channel_accounts_shopee_shop_key')
      .on(sql`(${t.config}->>'shopId')`)
      .where(sql`${t.channel} = 'SHP' and ${t.status} = 'connected'`),
    // Routing sanity: a phone number id is connected to one account at most.
    uniqueIndex('channel_accounts_phone_number_id_key')
      .on(sql`(${t.config}->>'phoneNumberId')`)
      .where(sql`${t.channel} = 'WAP' and ${t.status} = 'connected'`),
  ],
);

/**
 * Raw provider deliveries, stored before they are answered (ARCHITECTURE hot path). The event key is the
 * sha256 of the raw body: a redelivery is byte-identical, so it is a no-op.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    providerEventKey: text('provider_event_key').notNull(),
    raw: jsonb('raw').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Failed or deferred processing attempts; the drainer retries the event after `next_attempt_at`. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The drain lane (`INBOUND_LANES`): 0 conversations (messages, statuses of agents' messages, template
     * reviews), 1 status-only deliveries of broadcast messages. Each lane has its own drainer and lock, so
     * a broadcast's two statuses per recipient never queue ahead of customers' messages.
     */
    lane: smallint('lane').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('inbound_events_key').on(t.clientId, t.channelAccountId, t.providerEventKey),
    index('inbound_events_unprocessed_idx').on(t.clientId, t.receivedAt).where(sql`${t.processedAt} is null`),
    // Each lane's drainer claims the oldest unprocessed events of every business (one queue per lane).
    index('inbound_events_lane_pending_idx')
      .on(t.lane, t.receivedAt, t.id)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** The WhatsApp Cloud settings of an account; throws for an account of another channel. */
export function whatsappConfigOf(account: {
  channel: string;
  config: ChannelAccountConfig;
}): WhatsappCloudConfig {
  if (account.channel !== 'WAP' || !('phoneNumberId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not WhatsApp Cloud`);
  }
  return account.config;
}

/** The LINE settings of an account; throws for an account of another channel. */
export function lineConfigOf(account: { channel: string; config: ChannelAccountConfig }): LineConfig {
  if (account.channel !== 'LNE' || !('botUserId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not LINE`);
  }
  return account.config;
}

/** The Messenger or Instagram settings of an account; throws for an account of another channel. */
export function metaMessagingConfigOf(account: {
  channel: string;
  config: ChannelAccountConfig;
}): MetaMessagingConfig {
  if ((account.channel !== 'MSG' && account.channel !== 'IGM') || !('metaAccountId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not Messenger or Instagram`);
  }
  return account.config;
}

/** The Viber settings of an account; throws for an account of another channel. */
export function viberConfigOf(account: { channel: string; config: ChannelAccountConfig }): ViberConfig {
  if (account.channel !== 'VBR' || !('viberBotId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not Viber`);
  }
  return account.config;
}

/** The Telegram settings of an account; throws for an account of another channel. */
export function telegramConfigOf(account: { channel: string; config: ChannelAccountConfig }): TelegramConfig {
  if (account.channel !== 'TLG' || !('botId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not Telegram`);
  }
  return account.config;
}

/** The email settings of an account; throws for an account of another channel. */
export function emailConfigOf(account: { channel: string; config: ChannelAccountConfig }): EmailConfig {
  if (account.channel !== 'EML' || !('displayName' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not email`);
  }
  return account.config;
}

/** The Shopee settings of an account; throws for an account of another channel. */
export function shopeeConfigOf(account: { channel: string; config: ChannelAccountConfig }): ShopeeConfig {
  if (account.channel !== 'SHP' || !('shopId' in account.config)) {
    throw new Error(`channel account is ${account.channel}, not Shopee`);
  }
  return account.config;
}
