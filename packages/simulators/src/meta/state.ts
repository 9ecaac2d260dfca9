import { randomBytes } from 'node:crypto';
import type { MetaCustomer, MetaPlatformName, MetaSentMessage } from './types.js';

/** The simulator's memory: accounts (Pages, Instagram accounts), their chats, the files customers sent. */

export interface ChatEntry {
  id: string;
  direction: 'in' | 'out';
  at: number;
  text?: string;
  /** A file: served at `/media/<id>/<filename>` (customer's) or fetched from the business's URL. */
  mime?: string;
  filename?: string;
  /** Instagram: `reply` to the business's story, or a `mention` of it in the customer's story. */
  story?: 'reply' | 'mention';
  sent?: MetaSentMessage;
}

export interface Chat {
  customer: MetaCustomer;
  entries: ChatEntry[];
  /** When the customer last wrote (ms): the Send API's 24-hour and 7-day windows run from it. */
  lastCustomerAt: number;
  /** When the business last marked the chat seen (`sender_action: mark_seen`); null: never. */
  seenByBusinessAt: number | null;
}

export interface MetaAccount {
  platform: MetaPlatformName;
  id: string;
  name: string;
  username: string | null;
  accessToken: string;
  appSecret: string;
  subscribedFields: string[];
  webhook: { callbackUrl: string; verifyToken: string } | null;
  chats: Map<string, Chat>;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export function createState() {
  const accounts = new Map<string, MetaAccount>();
  const files = new Map<string, { bytes: Buffer; mime: string }>();
  let seq = 0;
  return {
    accounts,
    files,
    register(args: {
      platform: MetaPlatformName;
      name: string;
      username?: string;
      id?: string;
      accessToken?: string;
      appSecret?: string;
    }): MetaAccount {
      const existing = args.id ? accounts.get(args.id) : undefined;
      if (existing) {
        Object.assign(existing, {
          accessToken: args.accessToken ?? existing.accessToken,
          appSecret: args.appSecret ?? existing.appSecret,
        });
        return existing;
      }
      const account: MetaAccount = {
        platform: args.platform,
        id: args.id ?? `${args.platform === 'instagram' ? '178414' : '1000'}${digits(11)}`,
        name: args.name,
        username: args.username ?? null,
        accessToken: args.accessToken ?? `EAAG${randomBytes(60).toString('base64url')}`,
        appSecret: args.appSecret ?? randomBytes(16).toString('hex'),
        subscribedFields: [],
        webhook: null,
        chats: new Map(),
      };
      accounts.set(account.id, account);
      return account;
    },
    byToken: (token: string) => [...accounts.values()].find((a) => a.accessToken === token),
    chatOf(account: MetaAccount, customer: MetaCustomer): Chat {
      const chat = account.chats.get(customer.id);
      if (chat) {
        chat.customer = { ...chat.customer, ...customer };
        return chat;
      }
      const created: Chat = { customer, entries: [], lastCustomerAt: 0, seenByBusinessAt: null };
      account.chats.set(customer.id, created);
      return created;
    },
    /** A message id shaped like Meta's (`m_…` on Messenger, a base64 id on Instagram). */
    newMid(platform: MetaPlatformName) {
      const id = `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(12).toString('base64url')}`;
      return platform === 'instagram' ? `aWdfZAG1faXRlbToxOklH${id}` : `m_${id}`;
    },
  };
}

export type SimState = ReturnType<typeof createState>;
