import type { MessageType } from '@sapa/contracts';
import type { InboundMessage } from '../../../conversations/index.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import { timeOf } from '../provider-time.js';
import type { TgCallbackQuery, TgFile, TgMessage, TgUpdate, TgUser } from './update-types.js';

/**
 * A message's id on a Telegram account: `message_id` is unique per chat only, so the chat id goes with it
 * (`<chat id>:<message id>`). Outbound messages get the same shape from `sendMessage`'s answer.
 */
export const telegramMessageId = (chatId: number | string, messageId: number | string) =>
  `${chatId}:${messageId}`;

/** The Telegram message id inside a Sapa provider id (`<chat>:<message>`); null when it is not one. */
export function telegramMessageNumber(providerMessageId: string | null): number | null {
  const n = Number(providerMessageId?.split(':')[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The delivery's `update_id` as its event key (Telegram redelivers an update with the same id). */
export function telegramEventKey(body: unknown): string | null {
  const id = (body as TgUpdate | null)?.update_id;
  return Number.isSafeInteger(id) ? `update:${id}` : null;
}

/** A customer's name: first and last name, else the username, else nothing (the contact is named by its id). */
export function displayNameOf(user: TgUser): string | null {
  const full = [user.first_name, user.last_name]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ')
    .trim();
  return full || (user.username ? `@${user.username}` : null);
}

/**
 * A stored Telegram delivery (one `Update`) in Sapa's shape: a `message` from a person in a private chat
 * becomes one inbound message whose sender is the Telegram user id. Other updates (edits, group and channel
 * posts, bots' messages) carry nothing for the inbox: they are stored and marked processed, nothing more.
 */
export function parseTelegramDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const query = (delivery.raw as TgUpdate | null)?.callback_query;
  if (query) {
    const tapped = callbackReplyOf(delivery, query, now);
    if (tapped) parsed.messages.push(tapped);
    return parsed;
  }
  const m = (delivery.raw as TgUpdate | null)?.message;
  const from = m?.from;
  if (!m || !from || from.is_bot || m.chat?.type !== 'private' || !isId(from.id) || !isId(m.message_id)) {
    return parsed;
  }
  const chatId = isId(m.chat.id) ? m.chat.id : from.id;
  const content = contentOf(m);
  parsed.messages.push({
    clientId: delivery.clientId,
    channel: 'TLG',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: String(from.id), name: displayNameOf(from) },
    providerMessageId: telegramMessageId(chatId, m.message_id),
    type: content.type,
    text: content.text,
    payload: content.payload,
    replyToProviderId: isId(m.reply_to_message?.message_id)
      ? telegramMessageId(chatId, m.reply_to_message.message_id)
      : null,
    at: timeOf(m.date, now),
  } satisfies InboundMessage);
  return parsed;
}

/**
 * A customer's tap on an inline keyboard button of the bot's message: the button's text (found on the message's
 * keyboard by its `callback_data`) as the customer's answer, `payload.reply` with the id. Taps in groups, on
 * messages Sapa cannot see, or without data carry nothing.
 */
function callbackReplyOf(delivery: StoredDelivery, q: TgCallbackQuery, now: Date): InboundMessage | null {
  const from = q.from;
  const m = q.message;
  if (!from || from.is_bot || !isId(from.id) || typeof q.data !== 'string' || !q.data || !q.id) return null;
  if (m?.chat?.type && m.chat.type !== 'private') return null;
  const chatId = isId(m?.chat?.id) ? m.chat.id : from.id;
  const button = m?.reply_markup?.inline_keyboard?.flat().find((b) => b.callback_data === q.data);
  const title = button?.text || q.data;
  return {
    clientId: delivery.clientId,
    channel: 'TLG',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: String(from.id), name: displayNameOf(from) },
    providerMessageId: `callback:${q.id}`,
    type: 'interactive',
    text: title,
    payload: { kind: 'callback_query', reply: { id: q.data, title }, callbackQueryId: q.id },
    replyToProviderId: isId(m?.message_id) ? telegramMessageId(chatId, m.message_id) : null,
    at: now,
  };
}

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** The file part of a media message, in the payload the media job reads (`fileId`: getFile). */
function fileOf(file: TgFile, fallbackMime: string | null): Record<string, unknown> {
  return {
    fileId: file.file_id ?? null,
    fileUniqueId: file.file_unique_id ?? null,
    mime: file.mime_type ?? fallbackMime,
    filename: file.file_name ?? null,
    size: typeof file.file_size === 'number' ? file.file_size : null,
  };
}

/** What a message says: text, media with its caption (file not fetched yet), or what Sapa does not show. */
function contentOf(m: TgMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown> | null;
} {
  if (typeof m.text === 'string') return { type: 'text', text: m.text, payload: null };
  const caption = typeof m.caption === 'string' ? m.caption : null;
  // Photos come in several sizes, smallest first: the largest is the one the customer sent.
  const photo = m.photo?.at(-1);
  if (photo?.file_id) return { type: 'image', text: caption, payload: fileOf(photo, 'image/jpeg') };
  if (m.document?.file_id) return { type: 'document', text: caption, payload: fileOf(m.document, null) };
  if (m.video?.file_id) return { type: 'video', text: caption, payload: fileOf(m.video, 'video/mp4') };
  const audio = m.audio ?? m.voice;
  if (audio?.file_id)
    return {
      type: 'audio',
      text: caption,
      payload: { ...fileOf(audio, 'audio/ogg'), ...(m.voice ? { voice: true } : {}) },
    };
  if (m.sticker?.file_id)
    return { type: 'sticker', text: m.sticker.emoji ?? null, payload: fileOf(m.sticker, 'image/webp') };
  if (m.location)
    return {
      type: 'location',
      text: null,
      payload: { latitude: m.location.latitude ?? null, longitude: m.location.longitude ?? null },
    };
  if (m.contact) {
    const name = [m.contact.first_name, m.contact.last_name].filter(Boolean).join(' ');
    return { type: 'contacts', text: name || null, payload: { contacts: [{ ...m.contact }] } };
  }
  return { type: 'unsupported', text: caption, payload: { originalType: 'telegram' } };
}
