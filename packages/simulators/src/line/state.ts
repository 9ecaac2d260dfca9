import { randomBytes } from 'node:crypto';
import type { LineCustomer, LineSentMessage } from './types.js';

/** The simulator's memory: Official Accounts (channels), their chats with users, message contents. */

export interface ChatEntry {
  id: string;
  direction: 'in' | 'out';
  at: number;
  type: string;
  text?: string;
  /** A file's bytes are kept in `contents` under the entry's id. */
  mime?: string;
  filename?: string;
  via?: 'reply' | 'push';
  sent?: LineSentMessage;
  /** A sent message's quick reply items (shown under the newest message only, as LINE does). */
  quickReply?: {
    label: string;
    type: 'postback' | 'message';
    data?: string;
    text?: string;
    displayText?: string;
  }[];
}

export interface Chat {
  customer: LineCustomer;
  entries: ChatEntry[];
}

export interface LineChannel {
  botUserId: string;
  basicId: string;
  displayName: string;
  channelSecret: string;
  accessToken: string;
  webhook: { endpoint: string; verified: boolean } | null;
  chats: Map<string, Chat>;
  /** The send bucket (tokens, last refill). */
  bucket: { tokens: number; at: number };
}

export interface ReplyToken {
  accessToken: string;
  userId: string;
  issuedAt: number;
  used: boolean;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID-shaped id, as LINE's `webhookEventId`. */
export function ulid(now = Date.now()): string {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const random = [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join('');
  return time + random;
}

export function createState() {
  const channels = new Map<string, LineChannel>();
  const contents = new Map<string, { bytes: Buffer; mime: string }>();
  const replyTokens = new Map<string, ReplyToken>();
  /** `<access token>:<retry key>` → the answer of the push first sent with it. */
  const retryKeys = new Map<string, { sentMessages: { id: string }[] }>();
  let nextMessageId = 500_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)) * 1000n;

  return {
    channels,
    contents,
    replyTokens,
    retryKeys,
    register(args: {
      basicId: string;
      displayName: string;
      botUserId?: string;
      channelSecret?: string;
      accessToken?: string;
    }) {
      const existing = [...channels.values()].find((c) => c.basicId === args.basicId);
      if (existing) return existing;
      const channel: LineChannel = {
        botUserId: args.botUserId ?? `U${hex(16)}`,
        basicId: args.basicId,
        displayName: args.displayName,
        channelSecret: args.channelSecret ?? hex(16),
        accessToken: args.accessToken ?? randomBytes(96).toString('base64'),
        webhook: null,
        chats: new Map(),
        bucket: { tokens: 1, at: Date.now() },
      };
      channels.set(channel.accessToken, channel);
      return channel;
    },
    /**
     * The console reissues a channel's access token: the old one answers 401 from now on, the new one works.
     * Returns the new token (undefined: no such channel).
     */
    reissueAccessToken(accessToken: string): string | undefined {
      const channel = channels.get(accessToken);
      if (!channel) return undefined;
      channels.delete(accessToken);
      channel.accessToken = randomBytes(96).toString('base64');
      channels.set(channel.accessToken, channel);
      return channel.accessToken;
    },
    chatOf(channel: LineChannel, customer: LineCustomer): { chat: Chat; isNew: boolean } {
      const chat = channel.chats.get(customer.userId);
      if (chat) {
        chat.customer = { ...chat.customer, ...customer };
        return { chat, isNew: false };
      }
      const created = { customer, entries: [] };
      channel.chats.set(customer.userId, created);
      return { chat: created, isNew: true };
    },
    newMessageId: () => String(nextMessageId++),
    newReplyToken(accessToken: string, userId: string): string {
      const token = randomBytes(24).toString('base64url');
      replyTokens.set(token, { accessToken, userId, issuedAt: Date.now(), used: false });
      return token;
    },
  };
}

export type SimState = ReturnType<typeof createState>;
