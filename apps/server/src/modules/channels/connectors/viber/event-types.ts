/**
 * Viber's callbacks (REST bot API): one event per delivery, JSON, signed with `X-Viber-Content-Signature`.
 * `message_token` is a 64-bit integer: Sapa reads it as a string (`parseViberJson`), never as a JS number.
 */
export interface ViberUser {
  id?: string;
  name?: string;
  avatar?: string;
  country?: string;
  language?: string;
  api_version?: number;
}

export interface ViberMessage {
  type?: string;
  text?: string;
  /** picture, video, file, sticker: the file's URL (Viber's CDN); url: the link. */
  media?: string;
  thumbnail?: string;
  file_name?: string;
  size?: number;
  duration?: number;
  sticker_id?: number;
  location?: { lat?: number; lon?: number };
  contact?: { name?: string; phone_number?: string };
  tracking_data?: string;
}

export interface ViberEvent {
  event?: string;
  timestamp?: number;
  chat_hostname?: string;
  message_token?: string;
  /** message */
  sender?: ViberUser;
  message?: ViberMessage;
  /** subscribed, conversation_started */
  user?: ViberUser;
  /** delivered, seen, failed, unsubscribed */
  user_id?: string;
  /** failed: Viber's reason */
  desc?: string;
}
