/** The LINE Messaging API simulator's options, handle and wire shapes (reference/channel-protocols.md §3). */

export interface LineSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in URLs (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** How long a reply token serves (LINE: one minute). */
  replyTokenTtlMs?: number;
  /** Reply and push calls a channel may make per second before a 429 (LINE: 2,000; low in tests). */
  sendRatePerSecond?: number;
  /** Webhook deliveries answered non-2xx are tried again this many times in all, doubling the delay. */
  retry?: { attempts: number; baseDelayMs: number };
  webhookTimeoutMs?: number;
  logger?: boolean;
}

/** A customer of the simulator: a LINE user writing to an Official Account. */
export interface LineCustomer {
  userId: string;
  displayName: string;
}

/** What a customer sends: text, a file (an image, video or audio by its type, else a file), or a sticker. */
export type LineCustomerMessage =
  | { text: string }
  | { file: { bytes: Buffer; mime: string; filename: string } }
  | { sticker: { packageId: string; stickerId: string } }
  /** A tap on a quick reply item with a postback action: a `postback` event (its `displayText` shown as the
   * customer's message). */
  | { postback: { data: string; displayText?: string } };

/** A message object Sapa sent (reply or push), as LINE received it. */
export type LineSentMessage = Record<string, unknown> & { type: string; id: string };

export interface LineSimulator {
  url: string;
  /** The Messaging API host an account points at (`<apiBaseUrl>/v2/bot/…`). */
  apiBaseUrl: string;
  /** The content host (`<dataBaseUrl>/v2/bot/message/{id}/content`): the same server. */
  dataBaseUrl: string;
  close(): Promise<void>;
  /** Makes an Official Account the simulator knows: its channel secret and access token, as the console gives. */
  registerChannel(args: {
    basicId: string;
    displayName: string;
    /** The bot's user id (a restarted demo gives the stored one); default: a new one. */
    botUserId?: string;
    channelSecret?: string;
    accessToken?: string;
  }): {
    botUserId: string;
    channelSecret: string;
    accessToken: string;
  };
  /**
   * A customer writes: one signed delivery to the channel's webhook holding one event per message (and a
   * follow event first when the customer is new). Answers the events' webhookEventIds and message ids.
   */
  customerSends(args: {
    accessToken: string;
    from: LineCustomer;
    messages: LineCustomerMessage[];
  }): Promise<{ eventIds: string[]; messageIds: string[] }>;
  /** What the channel sent to a user (replies and pushes), oldest first, with how each went. */
  botMessages(accessToken: string, userId: string): (LineSentMessage & { via: 'reply' | 'push' })[];
  /** The bytes LINE keeps of a message (a customer's file, or a file the bot sent once fetched). */
  contentBytes(messageId: string): Buffer | undefined;
  /** The webhook endpoint set for the channel, and whether its verification call got a 2xx. */
  webhookOf(accessToken: string): { endpoint: string; verified: boolean } | null;
  /** Deliveries answered 2xx, with their raw JSON, oldest first. */
  deliveredWebhooks(): { accessToken: string; raw: string; attempts: number }[];
  /** The channel's access token is revoked (reissued in the console): calls with it answer 401. */
  revokeAccessToken(accessToken: string): void;
  /** Posts a raw body signed with the channel's secret (tests: a redelivery, an empty verification call). */
  postSigned(accessToken: string, raw: string): Promise<number>;
  stats(): { sends: number; throttled: number; webhookAttempts: number; webhookRetries: number };
  /** Resolves when no delivery is queued or waiting for a retry. */
  idle(): Promise<void>;
}
