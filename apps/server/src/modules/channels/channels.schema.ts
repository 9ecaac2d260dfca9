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

export type ChannelAccountConfig = WhatsappCloudConfig | LiveChatConfig;

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
    // 001 §5: a live-chat domain must be unique.
    uniqueIndex('channel_accounts_livechat_domain_key')
      .on(sql`lower(${t.address})`)
      .where(sql`${t.channel} = 'LVC' and ${t.status} = 'connected'`),
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
