import type { CustomerFeed } from './customer-feed.js';
import { customerUserOf, privateChatOf, type SimState } from './state.js';
import type { TelegramCustomer, TelegramCustomerMessage, TgMessageWire } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/** A customer's message to a bot: kept in the chat, shown on the page, pushed to the webhook as an update. */
export function createCustomerSends(deps: { state: SimState; feed: CustomerFeed; pusher: WebhookPusher }) {
  return async function customerSends(args: {
    token: string;
    from: TelegramCustomer;
    message: TelegramCustomerMessage;
  }): Promise<{ updateId: number; messageId: number }> {
    const bot = deps.state.bots.get(args.token);
    if (!bot) throw new Error('unknown bot');
    const chat = deps.state.chatOf(bot, args.from);
    const m = args.message;
    let content: Partial<TgMessageWire>;
    if ('text' in m) content = { text: m.text };
    else if ('photo' in m) {
      const file = deps.state.storeFile(m.photo.bytes, m.photo.mime ?? 'image/jpeg', 'photos');
      // Telegram sends every size it made, smallest first; the simulator makes one thumbnail and the original.
      const { file_name: _, mime_type: __, ...size } = file;
      content = {
        photo: [
          { ...size, width: 90, height: 90 },
          { ...size, width: 800, height: 800 },
        ],
        ...(m.caption ? { caption: m.caption } : {}),
      };
    } else {
      const file = deps.state.storeFile(m.document.bytes, m.document.mime, 'documents', m.document.filename);
      content = { document: file, ...(m.caption ? { caption: m.caption } : {}) };
    }
    const message: TgMessageWire = {
      message_id: chat.nextMessageId++,
      from: customerUserOf(chat.customer),
      chat: privateChatOf(chat.customer),
      date: Math.floor(Date.now() / 1000),
      ...content,
    };
    const entry = { direction: 'in' as const, message };
    chat.entries.push(entry);
    deps.feed.publish(bot, chat.id, entry);
    const updateId = bot.nextUpdateId++;
    deps.pusher.push(bot, { update_id: updateId, message });
    return { updateId, messageId: message.message_id };
  };
}

export type CustomerSends = ReturnType<typeof createCustomerSends>;

/**
 * A customer's tap on an inline keyboard button: Telegram shows nothing in the chat and pushes a
 * `callback_query` update with the button's `callback_data`, the bot's message (with its keyboard) and a
 * query id for `answerCallbackQuery`.
 */
export function createCustomerTaps(deps: { state: SimState; pusher: WebhookPusher }) {
  let queries = 0;
  return async function customerTaps(args: {
    token: string;
    from: TelegramCustomer;
    messageId: number;
    data: string;
  }): Promise<{ updateId: number }> {
    const bot = deps.state.bots.get(args.token);
    if (!bot) throw new Error('unknown bot');
    const chat = deps.state.chatOf(bot, args.from);
    const entry = chat.entries.find((e) => e.direction === 'out' && e.message.message_id === args.messageId);
    const buttons = entry?.message.reply_markup?.inline_keyboard.flat() ?? [];
    if (!entry || !buttons.some((b) => b.callback_data === args.data)) throw new Error('no such button');
    const updateId = bot.nextUpdateId++;
    deps.pusher.push(bot, {
      update_id: updateId,
      callback_query: {
        id: `${bot.id}${Date.now()}${++queries}`,
        from: customerUserOf(chat.customer),
        message: entry.message,
        chat_instance: String(chat.id),
        data: args.data,
      },
    });
    return { updateId };
  };
}

export type CustomerTaps = ReturnType<typeof createCustomerTaps>;
