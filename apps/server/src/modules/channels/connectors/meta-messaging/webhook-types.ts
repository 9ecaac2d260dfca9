/**
 * The parts of a Messenger Platform webhook (Messenger: `object: page`; Instagram: `object: instagram`) Sapa
 * reads (reference/channel-protocols.md §4; developers.facebook.com/docs/messenger-platform/webhooks,
 * …/instagram-platform/webhooks). Every field is optional: a delivery is the provider's JSON, never trusted to
 * be complete.
 */

export interface MetaAttachment {
  /** image, video, audio, file; Instagram also `story_mention`, `share`, `reel`, `ig_reel`; `fallback`. */
  type?: string;
  payload?: { url?: string; title?: string; sticker_id?: number } | null;
}

export interface MetaMessage {
  mid?: string;
  text?: string;
  attachments?: MetaAttachment[];
  quick_reply?: { payload?: string };
  /** Answers a message, or (Instagram) a story of the business. */
  reply_to?: { mid?: string; story?: { url?: string; id?: string } };
  /** A message the business sent, echoed back (`message_echoes` / Instagram's `messages` with `is_echo`). */
  is_echo?: boolean;
  app_id?: number | string;
  /** The Send API's `metadata`, echoed: Sapa's own sends carry `sapa:<message id>`. */
  metadata?: string;
  is_deleted?: boolean;
  is_unsupported?: boolean;
}

export interface MetaMessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  /** Unix time in ms. */
  timestamp?: number;
  message?: MetaMessage;
  postback?: { mid?: string; title?: string; payload?: string };
  /** Messenger: the messages delivered (`mids`) and everything before `watermark`. */
  delivery?: { mids?: string[]; watermark?: number };
  /** Messenger: everything before `watermark` was read; Instagram (`messaging_seen`): the message `mid`. */
  read?: { mid?: string; watermark?: number };
  reaction?: { mid?: string; action?: string; reaction?: string; emoji?: string };
}

export interface MetaEntry {
  /** The Page id or the Instagram professional account id. */
  id?: string;
  time?: number;
  messaging?: MetaMessagingEvent[];
}

export interface MetaWebhookBody {
  object?: string;
  entry?: MetaEntry[];
}
