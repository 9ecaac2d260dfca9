/**
 * The parts of a Telegram Bot API `Update` Sapa reads (core.telegram.org/bots/api#update). Every field is
 * optional: a delivery is the provider's JSON, never trusted to be complete.
 */

export interface TgUser {
  id?: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
}

export interface TgChat {
  id?: number;
  type?: string;
}

export interface TgFile {
  file_id?: string;
  file_unique_id?: string;
  file_size?: number;
  file_name?: string;
  mime_type?: string;
  width?: number;
  height?: number;
}

export interface TgMessage {
  message_id?: number;
  from?: TgUser;
  chat?: TgChat;
  date?: number;
  text?: string;
  caption?: string;
  photo?: TgFile[];
  document?: TgFile;
  video?: TgFile;
  audio?: TgFile;
  voice?: TgFile;
  sticker?: TgFile & { emoji?: string };
  location?: { latitude?: number; longitude?: number };
  contact?: { phone_number?: string; first_name?: string; last_name?: string };
  reply_to_message?: { message_id?: number };
  reply_markup?: { inline_keyboard?: { text?: string; callback_data?: string }[][] };
}

/** A tap on an inline keyboard button (core.telegram.org/bots/api#callbackquery). */
export interface TgCallbackQuery {
  id?: string;
  from?: TgUser;
  /** The bot's message the keyboard was on. */
  message?: TgMessage;
  chat_instance?: string;
  data?: string;
}

export interface TgUpdate {
  update_id?: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
}
