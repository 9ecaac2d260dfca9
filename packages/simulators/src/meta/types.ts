/**
 * The Meta messaging simulator's options, handle and shapes: Facebook Pages (Messenger) and Instagram
 * professional accounts on one Graph-like API (reference/channel-protocols.md §4).
 */

export type MetaPlatformName = 'messenger' | 'instagram';

export interface MetaSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in URLs (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** Webhook deliveries answered non-2xx are tried again this many times in all, doubling the delay. */
  retry?: { attempts: number; baseDelayMs: number };
  webhookTimeoutMs?: number;
  logger?: boolean;
}

/** A customer: a Messenger user (PSID) or an Instagram user (IGSID), with a display name. */
export interface MetaCustomer {
  id: string;
  name: string;
}

/** What a customer sends: text, a file (image, video, audio or file by its type), or (Instagram) a story reply or mention. */
export type MetaCustomerMessage =
  | { text: string }
  | { file: { bytes: Buffer; mime: string; filename: string } }
  | { storyReply: { text: string } }
  | { storyMention: { bytes: Buffer; mime: string } }
  /** A tapped quick reply: its title as the text, its payload in `quick_reply`. */
  | { quickReply: { title: string; payload: string } };

/** A message the business sent through the Send API, as Meta took it. */
export interface MetaSentMessage {
  mid: string;
  text?: string;
  attachment?: { type: string; url: string };
  /** Quick replies under the text (up to 13: title ≤ 20, payload ≤ 1000). */
  quickReplies?: { title: string; payload: string }[];
  messagingType: string;
  tag?: string;
  metadata?: string;
}

export interface MetaAccountKeys {
  id: string;
  accessToken: string;
  appSecret: string;
}

export interface MetaSimulator {
  url: string;
  /** The Graph API base an account points at (`<graphBaseUrl>/{id}/messages`). */
  graphBaseUrl: string;
  /** The customer pages: one per platform. */
  pageUrl(platform: MetaPlatformName, accountId?: string): string;
  close(): Promise<void>;
  /** Makes a Page or Instagram account, as the Meta app dashboard gives its id, Page token and app secret. */
  registerAccount(args: {
    platform: MetaPlatformName;
    name: string;
    username?: string;
    id?: string;
    accessToken?: string;
    appSecret?: string;
  }): MetaAccountKeys;
  /**
   * The app's webhook settings for an account (callback URL and verify token): Meta verifies the URL with a
   * GET (`hub.challenge`) and delivers there only once it answered. Answers whether it did.
   */
  setWebhook(accountId: string, hook: { callbackUrl: string; verifyToken: string }): Promise<boolean>;
  /** A customer writes: one signed delivery with one `messaging[]` event per message. Answers their mids. */
  customerSends(args: {
    accountId: string;
    from: MetaCustomer;
    messages: MetaCustomerMessage[];
  }): Promise<{ mids: string[] }>;
  /**
   * The customer reads the chat (their page does this when it shows a new business message): Messenger's
   * `read.watermark`, Instagram's `messaging_seen` of the last message. `read` false: nothing new to read.
   */
  customerReads(args: { accountId: string; customerId: string }): { read: boolean };
  /** When the business last marked the customer's chat seen (`sender_action: mark_seen`); null: never. */
  seenByBusinessAt(accountId: string, customerId: string): number | null;
  /** What the account sent to a customer (Send API), oldest first. */
  sentMessages(accountId: string, customerId: string): MetaSentMessage[];
  /** The bytes Meta fetched of an attachment the business sent (once fetched). */
  sentAttachmentBytes(mid: string): Buffer | undefined;
  /** Moves the customer's last message back in time (a test of the 24-hour and 7-day windows). */
  setLastCustomerMessageAt(accountId: string, customerId: string, at: number): void;
  /** The Page token is revoked: calls with it answer 190. */
  revokeAccessToken(accountId: string): void;
  /** Posts a raw body signed with the account's app secret (tests: a redelivery). */
  postSigned(accountId: string, raw: string): Promise<number>;
  /** Deliveries answered 2xx, with their raw JSON, oldest first. */
  deliveredWebhooks(): { accountId: string; raw: string; attempts: number }[];
  stats(): { sends: number; refused: number; webhookAttempts: number; webhookRetries: number };
  /** Resolves when no delivery is queued or waiting for a retry. */
  idle(): Promise<void>;
}
