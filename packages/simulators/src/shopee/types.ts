/** The Shopee Open Platform v2 simulator's options, handle and wire shapes (reference/channel-protocols.md §7). */

export interface ShopeeSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in URLs (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** The partner app Sapa is (partner id and key, as the console gives); default: a new one. */
  partner?: { partnerId: number; partnerKey: string };
  /** How long an access token serves (Shopee: 4 hours) and a refresh token (Shopee: 30 days). */
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
  /** Calls a shop may make per second before `error_rate_limit` (HTTP 429); default: no limit. */
  sendRatePerSecond?: number;
  /** Pushes answered non-2xx are tried again this many times in all, doubling the delay. */
  retry?: { attempts: number; baseDelayMs: number };
  webhookTimeoutMs?: number;
  logger?: boolean;
}

/** A shop the simulator knows (a seller's store). */
export interface ShopeeShopInput {
  shopId?: number;
  /** The store's username (`shopee.co.id/<username>`). */
  username: string;
  name: string;
}

/** A buyer writing to a shop. */
export interface ShopeeBuyer {
  username: string;
}

/** What a buyer sends: text, or an image (kept by the simulator, named by its URL in the push). */
export type ShopeeBuyerMessage =
  | { text: string }
  | { image: { bytes: Buffer; mime: string } }
  /** The buyer asks about one of the shop's products (a product card). */
  | { item: number }
  /** The buyer asks about one of their orders (an order card). */
  | { order: string };

/** A message the shop sent through `sellerchat/send_message`, as Shopee stored it. */
export interface ShopeeSentMessage {
  messageId: string;
  toId: number;
  messageType: string;
  content: Record<string, unknown>;
  conversationId: string;
  at: number;
}

export interface ShopeeSimulator {
  url: string;
  /** The Open API host (`<apiBaseUrl>/api/v2/…`). */
  apiBaseUrl: string;
  partner: { partnerId: number; partnerKey: string };
  close(): Promise<void>;
  /** Makes a shop (idempotent by username); answers its id. */
  addShop(shop: ShopeeShopInput): { shopId: number; username: string; name: string };
  /**
   * The seller consents on the authorisation page (as the browser would: the same route), answering where the
   * page sends the browser: `<redirect>?code=…&shop_id=…`.
   */
  authorize(input: { authUrl: string; shopId: number }): Promise<string>;
  /** A buyer writes: kept in the chat and pushed (code 10) to the partner's callback URL, signed, retried. */
  buyerSends(input: {
    shopId: number;
    buyer: ShopeeBuyer;
    message: ShopeeBuyerMessage;
  }): Promise<{ messageId: string; buyerId: number; conversationId: string }>;
  /** The buyer's messages the seller has read (`sellerchat/read_conversation`), by id, oldest first. */
  readUpTo(shopId: number, buyerId: number): string[];
  /** An image the simulator serves (a buyer's photo, an image the shop uploaded) by its URL. */
  fileOf(url: string): { bytes: Buffer; mime: string } | undefined;
  /** The shop's products (two from the start). */
  items(shopId: number): { itemId: number; name: string; price: number }[];
  /** The buyer orders products of the shop (status READY_TO_SHIP); answers the order's `order_sn`. */
  addOrder(input: {
    shopId: number;
    buyer: ShopeeBuyer;
    items: { itemId: number; quantity: number }[];
  }): string;
  /** What the shop sent to a buyer, oldest first. */
  shopMessages(shopId: number, buyerId: number): ShopeeSentMessage[];
  /** The partner's push settings (`set_app_push_config`). */
  pushConfig(): { callbackUrl: string | null; codes: number[] };
  /** The shop's current access token ages past its expiry (as after 4 h): calls with it are refused. */
  expireAccessToken(shopId: number): void;
  /**
   * A restarted demo: the stored tokens of a shop are known again (Shopee kept them while the simulator was
   * down), with the stored expiry.
   */
  restoreTokens(input: {
    shopId: number;
    accessToken: string;
    refreshToken: string;
    expiresAt: number;
  }): void;
  /** Posts a raw body signed for the callback URL (tests: a redelivery); answers the status (0: none). */
  postSigned(raw: string): Promise<number>;
  /** Pushes every try of which failed and nobody confirmed consumed (`get_lost_push_message`), oldest first. */
  lostPushes(): { msgId: number; shopId: number; raw: string }[];
  /** The lost pushes age out (Shopee keeps them 3 days): only the chat pull can bring those messages now. */
  forgetLostPushes(): void;
  /** Pushes answered 2xx, with their raw JSON, oldest first. */
  deliveredPushes(): { raw: string; attempts: number }[];
  stats(): {
    apiCalls: number;
    refusedSign: number;
    /** Calls refused with `error_rate_limit` (429). */
    throttled: number;
    refreshed: number;
    pushAttempts: number;
    pushRetries: number;
  };
  /** Resolves when no push is queued or waiting for a retry. */
  idle(): Promise<void>;
}
