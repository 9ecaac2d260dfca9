import type { ChannelCode } from '@sapa/contracts';
import type { Tx } from '../../../platform/db/database.js';
import type { ServerDeps } from '../../../platform/deps.js';
import type { InboundMessage, InboundStatus } from '../../conversations/index.js';
import type { OutboundSender } from '../outbound/outbound-sender.js';

/**
 * One channel behind one interface (ARCHITECTURE "Channels and simulators"): every connector under
 * `connectors/<code>/` turns what its provider sends into normalised inbound messages and statuses
 * (handed to `conversations.ingestInbound`), sends a normalised outbound message, fetches media, and says
 * what the channel allows. Nothing in a connector writes a ticket or a message.
 */
export interface ChannelConnector {
  code: ChannelCode;
  capabilities: ChannelCapabilities;
  /** Checks a webhook's signature on its raw bytes (constant time); false: refuse it. Absent: no webhooks. */
  verifyWebhook?(input: { rawBody: Buffer; headers: Record<string, unknown>; secret: string }): boolean;
  /** A stored delivery → what it says, in Sapa's shape. */
  parseDelivery?(delivery: StoredDelivery): ParsedDelivery;
  /** Sends one message (the outbound send job calls it). */
  send: OutboundSender;
  /** Fetches an inbound media's bytes (absent: the channel hands files over itself). */
  fetchMedia?(input: { clientId: string; messageId: string }): Promise<void>;
}

export interface ChannelCapabilities {
  /** The customer-service window after the customer's last message (ms); null: none. */
  windowMs: number | null;
  /** Templates may open a conversation outside the window. */
  templates: boolean;
  /** What may be attached (000 §5 attachment rules, from `@sapa/contracts`). */
  attachments: readonly string[];
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

/**
 * What other modules subscribe to on the inbound path, handed in by the composition root (app.ts), so
 * that channels imports none of them: statuses of messages they sent (broadcasts) are taken before the
 * inbox sees them, and account changes of their fields (templates) are applied, in the batch's transaction.
 */
export interface InboundHooks {
  statusTakers?: StatusTaker[];
  accountChanges?: { fields: readonly string[]; apply(tx: Tx, changes: AccountChange[]): Promise<unknown> }[];
}

export type StatusTaker = <T extends { provider: ProviderStatus }>(
  tx: Tx,
  statuses: readonly T[],
) => Promise<{ rest: T[]; afterCommit: (deps: Pick<ServerDeps, 'bus' | 'logger'>) => Promise<void> }>;
