/**
 * The parts of a LINE Messaging API webhook Sapa reads (reference/channel-protocols.md §3,
 * developers.line.biz/en/reference/messaging-api/#webhook-event-objects). Every field is optional: a delivery
 * is the provider's JSON, never trusted to be complete.
 */

export interface LineSource {
  type?: string;
  userId?: string;
  groupId?: string;
  roomId?: string;
}

export interface LineMessage {
  id?: string;
  type?: string;
  text?: string;
  quoteToken?: string;
  quotedMessageId?: string;
  /** File messages. */
  fileName?: string;
  fileSize?: number;
  /** Audio and video: length in ms. */
  duration?: number;
  /** Where the bytes are: `line` (download from the data host) or `external` (a URL given). */
  contentProvider?: { type?: string; originalContentUrl?: string };
  /** Stickers. */
  packageId?: string;
  stickerId?: string;
  keywords?: string[];
  /** Locations. */
  title?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
}

export interface LineEvent {
  type?: string;
  mode?: string;
  /** Unix time in ms. */
  timestamp?: number;
  webhookEventId?: string;
  deliveryContext?: { isRedelivery?: boolean };
  source?: LineSource;
  replyToken?: string;
  message?: LineMessage;
  /** A postback action's tap (a quick reply item): its `data`. */
  postback?: { data?: string; params?: Record<string, string> };
}

export interface LineWebhookBody {
  destination?: string;
  events?: LineEvent[];
}
