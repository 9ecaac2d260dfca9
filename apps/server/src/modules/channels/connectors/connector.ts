import {
  allowedAttachmentKinds,
  CHANNELS,
  CHAT_WINDOW_MS,
  type ChannelCode,
  type MarketplaceContext,
  type MessageKey,
} from '@sapa/contracts';
import type { Tx } from '../../../platform/db/database.js';
import type { ServerDeps } from '../../../platform/deps.js';
import type { InboundMessage, InboundStatus, MessageRow } from '../../conversations/index.js';
import type { channelAccounts } from '../channels.schema.js';
import type { InboundLane } from '../inbound/inbound-drain.js';
import type { OutboundSender } from '../outbound/outbound-sender.js';

export type ChannelAccountRow = typeof channelAccounts.$inferSelect;

/**
 * One channel behind one interface (ARCHITECTURE "Channels and simulators"): every connector under
 * `connectors/<code>/` exports one object of this shape, listed in `registry.ts`. It turns what its provider
 * sends into normalised inbound messages and statuses (handed to `conversations.ingestInbound` by the drain,
 * or by the connector's own routes when the channel is Sapa's, like live chat), sends a normalised outbound
 * message, fetches media, and says what the channel allows. Nothing in a connector writes a ticket or a
 * message. The send job, the inbound drain, the media job and the broadcast engine reach a connector through
 * `connectorFor(code)` only.
 */
export interface ChannelConnector {
  code: ChannelCode;
  capabilities: ChannelCapabilities;
  /** Webhooks of the provider (absent: the channel has none: its routes hand events over themselves). */
  webhook?: ConnectorWebhook;
  /** The sender of one process (it may keep state: a per-number rate, say); the outbound send job calls it. */
  createSender(deps: ServerDeps): OutboundSender;
  /**
   * Tells the provider a customer's message was read (`outbound.mark-read`): WhatsApp by the message's id,
   * Messenger and Instagram by the customer's id (`mark_seen`), Shopee by the conversation. Absent: the channel has no read receipts to send.
   */
  markRead?(
    deps: Pick<ServerDeps, 'secrets' | 'config' | 'db'>,
    account: ChannelAccountRow,
    providerMessageId: string,
    customerExternalId: string | null,
    /** The provider's conversation of the message (Shopee's `read_conversation` names it), when it has one. */
    context?: { conversationId: string | null },
  ): Promise<{ ok: true } | { ok: false; retryable: boolean; detail: string }>;
  /**
   * Tells the provider the account is disconnected (Telegram: `deleteWebhook`), after Sapa has marked it so;
   * best effort: a failure is logged, the account stays disconnected. Absent: nothing to tell.
   */
  release?(deps: Pick<ServerDeps, 'secrets'>, account: ChannelAccountRow): Promise<void>;
  /**
   * 001 §4 refresh: asks the provider whether the account still works (Telegram `getMe`, LINE bot info, …)
   * and points its webhook at Sapa again. Throws an `AppError` with the 001 §8 message when the provider
   * refuses it (an invalid token, another account behind the token, the provider failing). Absent: the
   * channel has no provider to ask (`REFRESHABLE_CHANNELS` lists the others).
   */
  refresh?(
    deps: Pick<ServerDeps, 'config' | 'secrets' | 'db' | 'logger'>,
    account: ChannelAccountRow,
  ): Promise<void>;
  /**
   * The customer's name from the provider's profile API, for a customer whose messages carry only an id
   * (Messenger, Instagram): the contact named by their id gets it (`inbound.contact-profile`). Null: none.
   * Throws when worth another try. Absent: messages carry the name, or nothing gives it.
   */
  profileName?(
    deps: Pick<ServerDeps, 'secrets'>,
    account: ChannelAccountRow,
    customerExternalId: string,
  ): Promise<string | null>;
  /** Media the provider only names in an inbound message (absent: the channel hands files over itself). */
  media?: ConnectorMedia;
  /**
   * Marketplaces: the order and the product a buyer's cards name, read from the platform for the chat's side
   * panel (issue 18). Throws an `AppError` when the platform does not answer. Absent: not a marketplace.
   */
  marketplaceContext?(
    deps: ServerDeps,
    account: ChannelAccountRow,
    refs: MarketplaceRefs,
  ): Promise<MarketplaceContext>;
  /** Template messages sent in bulk (broadcasts); present when `capabilities.templates`. */
  templates?: TemplateSending;
}

/** What a marketplace chat's latest cards name (their ids in the messages' payloads). */
export interface MarketplaceRefs {
  orderSn: string | null;
  itemId: string | null;
}

export interface ChannelCapabilities {
  /** The customer-service window after the customer's last message (ms); null: none. */
  windowMs: number | null;
  /** Templates may open a conversation outside the window. */
  templates: boolean;
  /** What may be attached (000 §5 attachment rules, from `@sapa/contracts`). */
  attachments: readonly string[];
}

/** A channel's capabilities from the 000 §5 table in `@sapa/contracts` (window, attachment kinds). */
export function capabilitiesOf(code: ChannelCode, options: { templates: boolean }): ChannelCapabilities {
  return {
    windowMs: CHANNELS[code].hasExpiry ? CHAT_WINDOW_MS : null,
    templates: options.templates,
    attachments: allowedAttachmentKinds(code),
  };
}

/**
 * A provider's webhooks. Deliveries arrive at the one channel-neutral route (`inbound/webhook-intake.routes.ts`,
 * `POST /webhooks/<path>/<account id>`, the path from `webhook-paths.ts`): it keeps the raw bytes, has them
 * verified here with the account's secret, stores them in `inbound_events` (one row per event key) and
 * answers 200; the drain hands each stored delivery to `parse`.
 */
export interface ConnectorWebhook {
  /** The secret, among the account's opened secrets, that deliveries are checked with. */
  secretOf(secrets: Record<string, unknown>): string;
  /** Checks a delivery's signature on its raw bytes (constant time); false: refuse it. */
  verify(input: { rawBody: Buffer; headers: Record<string, unknown>; secret: string }): boolean;
  /**
   * Reads a delivery's JSON text (absent: `JSON.parse`); Viber's keeps its 64-bit `message_token`s exact. Throws
   * for text that is not JSON.
   */
  parseBody?(text: string): unknown;
  /**
   * The provider's id of a delivery (Telegram: its `update_id`), unique per account, so that a redelivery
   * stores nothing; absent or null: the sha256 of the raw bytes (a redelivery is byte-identical).
   */
  eventKeyOf?(body: unknown): string | null;
  /**
   * The events of one delivery, each stored as its own delivery under its own key (LINE: one per
   * `webhookEventId`; a delivery may hold several, a redelivery may group them otherwise). An empty list: the
   * delivery holds no event (LINE's webhook verification call): nothing is stored and `checked` is called.
   * Absent or null: the delivery is one event, keyed by `eventKeyOf`.
   */
  eventsOf?(body: unknown): { key: string; body: unknown }[] | null;
  /** A signed delivery without any event arrived (LINE's verification call): the account's webhook works. */
  checked?(deps: Pick<ServerDeps, 'db'>, account: { clientId: string; id: string }): Promise<void>;
  /** The drain lane of a delivery's JSON text (absent: the conversations lane). */
  laneOf?(text: string): InboundLane;
  /** A stored delivery → what it says, in Sapa's shape. */
  parse(delivery: StoredDelivery, now: Date): ParsedDelivery;
  /** The provider's id of an account (WhatsApp: its phone number id) that deliveries name; null: none. */
  accountAddressOf(account: Pick<ChannelAccountRow, 'channel' | 'config'>): string | null;
}

export interface ConnectorMedia {
  /** This new inbound message names media whose bytes are still at the provider. */
  pending(message: Pick<MessageRow, 'payload' | 'media'>): boolean;
  /** The bytes of that media (null: nothing to fetch); throws to be tried again. */
  fetch(
    deps: ServerDeps,
    input: { account: ChannelAccountRow; message: MessageRow },
  ): Promise<{ bytes: Buffer; mime: string; filename: string | null } | null>;
}

/** One template message to one recipient (a broadcast's), in channel-neutral words. */
export interface TemplateMessage {
  /** The recipient's address on the channel (WhatsApp: the phone number). */
  to: string;
  templateName: string;
  templateLanguage: string;
  /** The body's variables, in order. */
  values: readonly string[];
  /** The header: media uploaded to the provider (its id), a link, or none. */
  header: { mediaId: string } | { kind: string; link: string } | null;
  /** The opaque key the provider echoes in the message's statuses (`send-keys.ts`). */
  callbackKey: string;
}

/**
 * The outcome of one provider call of a template send (or of its media upload), for the broadcast engine:
 * `answered` false means no answer at all (network, timeout) — the provider may have the message.
 */
export type ProviderSendResult =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      answered: boolean;
      retryable: boolean;
      /** The provider says the sending account is over its throughput: pause it. */
      throttled: boolean;
      /** Try this recipient again after this long rather than the engine's back-off (null: back-off). */
      retryAfterMs: number | null;
      /** The spec's reason when it fails for good. */
      reason: MessageKey;
      detail: string;
    };

/** A template sender bound to one account's settings and secrets (opened once per broadcast round). */
export interface TemplateSession {
  send(message: TemplateMessage): Promise<ProviderSendResult>;
  /** Uploads a file once so that messages name it (`header.mediaId`). */
  uploadMedia(file: {
    bytes: Buffer;
    mime: string;
    filename: string;
  }): Promise<{ ok: true; id: string } | Extract<ProviderSendResult, { ok: false }>>;
}

export interface TemplateSending {
  open(deps: Pick<ServerDeps, 'secrets'>, account: ChannelAccountRow): TemplateSession;
}

export interface StoredDelivery {
  id: string;
  clientId: string;
  channelAccountId: string;
  raw: unknown;
  /**
   * The provider's id of the account the delivery was stored for (WhatsApp: its phone number id); a change
   * naming another is ignored. Absent: the account is not known (yet), nothing is judged.
   */
  accountAddress?: string | null;
}

/** A provider status of a sent message, with the key it was sent with (a broadcast's, say). */
export interface ProviderStatus {
  clientId: string;
  channelAccountId: string;
  providerMessageId: string | null;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  error: { code: string; message: string } | null;
  /** The opaque key the message was sent with (`biz_opaque_callback_data`), or null. */
  callbackKey: string | null;
}

/** A change of the account itself (a template review, …), for the module that subscribed to its field. */
export interface AccountChange {
  clientId: string;
  channelAccountId: string;
  field: string;
  value: unknown;
}

export interface ParsedDelivery {
  messages: InboundMessage[];
  statuses: { status: InboundStatus; provider: ProviderStatus }[];
  accountChanges: AccountChange[];
  errors: { code?: number; title?: string }[];
  /** Changes signed with the app's secret but for another account of the provider: ignored. */
  foreignChanges: number;
}

/** A parsed delivery that says nothing yet (a parser fills it). */
export function emptyParsedDelivery(): ParsedDelivery {
  return { messages: [], statuses: [], accountChanges: [], errors: [], foreignChanges: 0 };
}

/**
 * What other modules subscribe to on the inbound path, handed in by the composition root (app.ts), so
 * that channels imports none of them: statuses of messages they sent (broadcasts) are taken before the
 * inbox sees them, and account changes of their fields (templates) are applied, in the batch's transaction.
 */
export interface InboundHooks {
  statusTakers?: StatusTaker[];
  /** A customer's message stored on a channel whose connector reads profiles (`profileName`): once per ticket. */
  onCustomer?: (clientId: string, ticketId: string) => Promise<void>;
  accountChanges?: { fields: readonly string[]; apply(tx: Tx, changes: AccountChange[]): Promise<unknown> }[];
  /** Read the messages stored by the batch, in its transaction (orders: a WhatsApp order starts the chat's cart). */
  messageTakers?: ((tx: Tx, created: readonly MessageRow[]) => Promise<void>)[];
}

export type StatusTaker = <T extends { provider: ProviderStatus }>(
  tx: Tx,
  statuses: readonly T[],
) => Promise<{ rest: T[]; afterCommit: (deps: Pick<ServerDeps, 'bus' | 'logger'>) => Promise<void> }>;
