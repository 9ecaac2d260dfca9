import { randomBytes } from 'node:crypto';
import type { ViberCustomer, ViberSentMessage } from './types.js';

/** The simulator's memory: bots, their chats with users, and files. */

export interface ChatEntry {
  direction: 'in' | 'out';
  messageToken: string;
  at: number;
  text?: string;
  fileId?: string;
  mime?: string;
  filename?: string;
  /** The bot's messages as sent (for the handle). */
  sent?: ViberSentMessage;
}

export interface Chat {
  user: ViberCustomer;
  subscribed: boolean;
  entries: ChatEntry[];
  /** The per-user send bucket (tokens, last refill). */
  bucket: { tokens: number; at: number };
}

export interface Bot {
  id: string;
  token: string;
  name: string;
  uri: string;
  webhook: { url: string; eventTypes: string[] } | null;
  chats: Map<string, Chat>;
}

export interface StoredFile {
  bytes: Buffer;
  mime: string;
  name: string;
}

/** Viber's `message_token`s are 64-bit integers: kept as decimal strings, close together like real ones. */
function createTokens() {
  let next = 5_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1_000_000)) * 1000n;
  return () => String(next++);
}

export function createState() {
  const bots = new Map<string, Bot>();
  const files = new Map<string, StoredFile>();
  const newToken = createTokens();
  return {
    bots,
    files,
    newToken,
    register(args: { token: string; name: string; uri: string }): Bot {
      const existing = bots.get(args.token);
      if (existing) return existing;
      const bot: Bot = {
        id: `pa:${BigInt(`0x${randomBytes(8).toString('hex')}`)}`,
        token: args.token,
        name: args.name,
        uri: args.uri,
        webhook: null,
        chats: new Map(),
      };
      bots.set(args.token, bot);
      return bot;
    },
    byUri: (uri: unknown) => [...bots.values()].find((b) => b.uri === uri),
    chatOf(bot: Bot, user: ViberCustomer): Chat {
      let chat = bot.chats.get(user.id);
      if (!chat) {
        chat = { user, subscribed: true, entries: [], bucket: { tokens: 1, at: Date.now() } };
        bot.chats.set(user.id, chat);
      }
      chat.user = user;
      return chat;
    },
    storeFile(file: StoredFile): string {
      const id = randomBytes(12).toString('hex');
      files.set(id, file);
      return id;
    },
  };
}

export type SimState = ReturnType<typeof createState>;

/** JSON as Viber writes it: `message_token` a bare 64-bit number, not a string. */
export const viberJson = (body: unknown) =>
  JSON.stringify(body).replace(/"message_token":"(\d+)"/g, '"message_token":$1');
