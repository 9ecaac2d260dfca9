/** The Telegram Bot API simulator's options, handle and wire shapes (core.telegram.org/bots/api). */

export interface TelegramSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in URLs (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** Messages a bot may send one chat per second before a 429 with `retry_after` (Telegram: about 1). */
  chatRatePerSecond?: number;
  /** Webhook pushes answered non-2xx are tried again this many times in all, doubling the delay. */
  retry?: { attempts: number; baseDelayMs: number };
  webhookTimeoutMs?: number;
  logger?: boolean;
}

export interface TgUserWire {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface TgFileWire {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  file_name?: string;
  mime_type?: string;
  width?: number;
  height?: number;
}

/** A Bot API `Message` as the simulator writes it. */
export interface TgMessageWire {
  message_id: number;
  from: TgUserWire;
  chat: { id: number; type: 'private'; first_name: string; last_name?: string; username?: string };
  date: number;
  text?: string;
  caption?: string;
  photo?: TgFileWire[];
  document?: TgFileWire;
  video?: TgFileWire;
  audio?: TgFileWire;
  reply_to_message?: { message_id: number };
  /** An inline keyboard under a bot's message. */
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] };
}

/** A customer of the simulator: a Telegram user writing to a bot. */
export interface TelegramCustomer {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
}

/** What a customer sends: text, or a photo or a document with an optional caption. */
export type TelegramCustomerMessage =
  | { text: string }
  | { photo: { bytes: Buffer; mime?: string }; caption?: string }
  | { document: { bytes: Buffer; mime: string; filename: string }; caption?: string };

export interface TelegramSimulator {
  url: string;
  /** The Bot API base an account points at (`<apiBaseUrl>/bot<token>/<method>`). */
  apiBaseUrl: string;
  close(): Promise<void>;
  /** Makes a bot the simulator knows (its token as BotFather would give it). */
  registerBot(args: { token: string; username: string; firstName: string }): { id: number };
  /** A customer writes to a bot: the update is pushed to the bot's webhook. */
  customerSends(args: {
    token: string;
    from: TelegramCustomer;
    message: TelegramCustomerMessage;
  }): Promise<{ updateId: number; messageId: number }>;
  /** A customer taps an inline keyboard button of the bot's message: a `callback_query` update is pushed. */
  customerTaps(args: {
    token: string;
    from: TelegramCustomer;
    messageId: number;
    data: string;
  }): Promise<{ updateId: number }>;
  /** What the bot sent to a chat, oldest first. */
  botMessages(token: string, chatId: number): TgMessageWire[];
  /** Every file a bot sent or received (bytes by file id). */
  fileBytes(fileId: string): Buffer | undefined;
  /** The customer blocked the bot: sends to the chat answer 403 "Forbidden: bot was blocked by the user". */
  blockBot(token: string, chatId: number): void;
  /** The bot's webhook as set with `setWebhook` (null: none). */
  webhookOf(token: string): { url: string; secretToken: string | null } | null;
  /** Updates delivered (2xx), with their raw JSON, oldest first. */
  deliveredUpdates(): { token: string; raw: string; attempts: number }[];
  stats(): { sends: number; throttled: number; webhookAttempts: number; webhookRetries: number };
  /** Resolves when no push is queued or waiting for a retry. */
  idle(): Promise<void>;
}
