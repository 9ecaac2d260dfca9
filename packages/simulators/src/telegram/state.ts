import { randomBytes } from 'node:crypto';
import type { TelegramCustomer, TgFileWire, TgMessageWire, TgUserWire } from './types.js';

/** The simulator's memory: bots, their chats with customers, and files. */

export interface ChatEntry {
  direction: 'in' | 'out';
  message: TgMessageWire;
}

export interface Chat {
  id: number;
  customer: TelegramCustomer;
  /** `message_id` is counted per chat, for both directions. */
  nextMessageId: number;
  entries: ChatEntry[];
  blocked: boolean;
  /** The per-chat send bucket (tokens, last refill). */
  bucket: { tokens: number; at: number };
}

export interface Bot {
  id: number;
  token: string;
  username: string;
  firstName: string;
  webhook: {
    url: string;
    secretToken: string | null;
    /** `allowed_updates` of setWebhook: the update types pushed (null or empty: every default type). */
    allowedUpdates: string[] | null;
  } | null;
  nextUpdateId: number;
  chats: Map<number, Chat>;
}

export interface StoredFile {
  id: string;
  uniqueId: string;
  path: string;
  bytes: Buffer;
  mime: string;
  filename?: string;
}

export function createState() {
  const bots = new Map<string, Bot>();
  const files = new Map<string, StoredFile>();
  const filesByPath = new Map<string, StoredFile>();

  return {
    bots,
    register(args: { token: string; username: string; firstName: string }): Bot {
      const existing = bots.get(args.token);
      if (existing) return existing;
      const id = Number(args.token.split(':')[0]);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new Error('a bot token starts with the bot id and a colon');
      const bot: Bot = {
        id,
        token: args.token,
        username: args.username,
        firstName: args.firstName,
        webhook: null,
        nextUpdateId: 100_000 + Math.floor(Math.random() * 1000) * 1000,
        chats: new Map(),
      };
      bots.set(args.token, bot);
      return bot;
    },
    chatOf(bot: Bot, customer: TelegramCustomer): Chat {
      let chat = bot.chats.get(customer.id);
      if (!chat) {
        chat = {
          id: customer.id,
          customer,
          nextMessageId: 1,
          entries: [],
          blocked: false,
          bucket: { tokens: 1, at: Date.now() },
        };
        bot.chats.set(customer.id, chat);
      } else chat.customer = { ...chat.customer, ...customer };
      return chat;
    },
    /** Keeps a file and answers its wire shape (`file_path` for getFile). */
    storeFile(bytes: Buffer, mime: string, folder: string, filename?: string): TgFileWire {
      const id = `F${randomBytes(12).toString('base64url')}`;
      const uniqueId = `U${randomBytes(6).toString('hex')}`;
      const extension = mime.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin';
      const file: StoredFile = {
        id,
        uniqueId,
        path: `${folder}/file_${files.size + 1}.${extension}`,
        bytes,
        mime,
        ...(filename ? { filename } : {}),
      };
      files.set(id, file);
      filesByPath.set(file.path, file);
      return {
        file_id: id,
        file_unique_id: uniqueId,
        file_size: bytes.length,
        ...(filename ? { file_name: filename } : {}),
        mime_type: mime,
      };
    },
    file: (id: string) => files.get(id),
    fileAt: (path: string) => filesByPath.get(path),
  };
}

export type SimState = ReturnType<typeof createState>;

export const botUserOf = (bot: Bot): TgUserWire => ({
  id: bot.id,
  is_bot: true,
  first_name: bot.firstName,
  username: bot.username,
});

export const customerUserOf = (c: TelegramCustomer): TgUserWire => ({
  id: c.id,
  is_bot: false,
  first_name: c.firstName,
  ...(c.lastName ? { last_name: c.lastName } : {}),
  ...(c.username ? { username: c.username } : {}),
});

export const privateChatOf = (c: TelegramCustomer): TgMessageWire['chat'] => ({
  id: c.id,
  type: 'private',
  first_name: c.firstName,
  ...(c.lastName ? { last_name: c.lastName } : {}),
  ...(c.username ? { username: c.username } : {}),
});
