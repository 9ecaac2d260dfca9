/** The Viber REST bot API simulator's options, handle and wire shapes (developers.viber.com REST bot API). */

export interface ViberSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in URLs (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** Messages a bot may send one user per second before `status: 12` (tooManyRequests). */
  userRatePerSecond?: number;
  /** Callbacks answered non-2xx are tried again this many times in all, doubling the delay. */
  retry?: { attempts: number; baseDelayMs: number };
  webhookTimeoutMs?: number;
  logger?: boolean;
}

/** A customer of the simulator: a Viber user writing to a bot. */
export interface ViberCustomer {
  id: string;
  name: string;
}

/** What a customer sends: text, or a file (a picture, video or file message by its type) with a caption. */
export type ViberCustomerMessage =
  | { text: string }
  /** A tapped keyboard `reply` button: its ActionBody as the text, the message's `tracking_data` returned. */
  | { keyboardReply: { actionBody: string; trackingData?: string; shown: string } }
  | { file: { bytes: Buffer; mime: string; filename: string }; caption?: string };

/** A message the bot sent (`send_message`), as the simulator kept it. */
export interface ViberSentMessage {
  messageToken: string;
  type: string;
  text?: string;
  /** picture, video, file: the URL Sapa gave, and the simulator's copy of what it served. */
  media?: string;
  fileId?: string;
  fileName?: string;
  size?: number;
  /** A keyboard of `reply` buttons (Text shown, ActionBody sent back) and the message's tracking data. */
  keyboard?: { text: string; actionBody: string }[];
  trackingData?: string;
  senderName: string;
}

export interface ViberSimulator {
  url: string;
  /** The REST API base an account points at (`<apiBaseUrl>/send_message`). */
  apiBaseUrl: string;
  close(): Promise<void>;
  /** Makes a bot the simulator knows (its token as the Viber admin panel would give it). */
  registerBot(args: { token: string; name: string; uri: string }): { id: string };
  /** A customer writes to a bot: a signed `message` callback goes to the bot's webhook. */
  customerSends(args: {
    token: string;
    from: ViberCustomer;
    message: ViberCustomerMessage;
  }): Promise<{ messageToken: string }>;
  /** The customer unsubscribes: an `unsubscribed` callback; sends to them answer status 6. */
  unsubscribe(token: string, userId: string): void;
  /** What the bot sent to a user, oldest first. */
  botMessages(token: string, userId: string): ViberSentMessage[];
  /** A file the simulator holds (sent by a customer, or fetched from a bot's media URL). */
  fileBytes(fileId: string): Buffer | undefined;
  /** The bot's webhook as set with `set_webhook` (null: none). */
  webhookOf(token: string): { url: string; eventTypes: string[] } | null;
  /** Callbacks delivered (2xx), with their raw JSON, oldest first. */
  deliveredCallbacks(): { token: string; raw: string; attempts: number }[];
  stats(): { sends: number; throttled: number; webhookAttempts: number; webhookRetries: number };
  /** Resolves when no callback is queued or waiting for a retry. */
  idle(): Promise<void>;
}
