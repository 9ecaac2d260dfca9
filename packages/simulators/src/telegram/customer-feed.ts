import type { ServerResponse } from 'node:http';
import { createChatFeed } from '../chat-feed.js';
import type { Bot, ChatEntry } from './state.js';

/** What the customer page shows of a chat entry (a file as a link to the simulator's own copy). */
export function pageEntryOf(entry: ChatEntry) {
  const m = entry.message;
  const file = m.photo?.at(-1) ?? m.document ?? m.video ?? m.audio;
  return {
    id: `${entry.direction}:${m.message_id}`,
    direction: entry.direction,
    at: m.date * 1000,
    text: m.text ?? m.caption ?? '',
    ...(file
      ? {
          fileUrl: `customer/files/${file.file_id}`,
          mime: file.mime_type ?? '',
          filename: file.file_name ?? '',
        }
      : {}),
    ...(m.photo ? { kind: 'photo' } : {}),
    // An inline keyboard stays under its message and can be tapped again.
    ...(m.reply_markup
      ? {
          buttons: m.reply_markup.inline_keyboard
            .flat()
            .map((b) => ({ id: b.callback_data ?? '', title: b.text })),
        }
      : {}),
  };
}

/** The customer pages' live feeds (server-sent events), one per bot and chat. */
export function createCustomerFeed() {
  const feed = createChatFeed(pageEntryOf);
  const keyOf = (bot: Bot | string, chatId: number) =>
    `${typeof bot === 'string' ? bot : bot.username}:${chatId}`;
  return {
    publish: (bot: Bot, chatId: number, entry: ChatEntry) => feed.publish(keyOf(bot, chatId), entry),
    subscribe: (botUsername: string, chatId: number, res: ServerResponse) =>
      feed.subscribe(keyOf(botUsername, chatId), res),
    endAll: feed.endAll,
  };
}

export type CustomerFeed = ReturnType<typeof createCustomerFeed>;
