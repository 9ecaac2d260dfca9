import { randomBytes, randomInt } from 'node:crypto';
import type { ShopeeSentMessage, ShopeeShopInput } from './types.js';

/** The simulator's memory: the partner app, shops and their chats, authorisation codes, tokens, buyers. */

export interface ChatEntry {
  id: string;
  direction: 'in' | 'out';
  at: number;
  type: 'text' | 'image';
  text?: string;
  /** An image's bytes are kept in `files` under the entry's id (or `fileId`: an image the shop uploaded). */
  mime?: string;
  fileId?: string;
  sent?: ShopeeSentMessage;
  /** A buyer's message the seller has read (`sellerchat/read_conversation`). */
  read?: boolean;
  /** The message as `sellerchat/get_message` lists it (and a webchat push carries it). */
  wire: Record<string, unknown>;
}

/** A push Shopee gave up delivering, kept for `get_lost_push_message` until it is confirmed consumed. */
export interface LostPush {
  msgId: number;
  shopId: number;
  code: number;
  timestamp: number;
  /** The push's body, as a JSON string. */
  data: string;
}

export interface Chat {
  buyerId: number;
  buyerUsername: string;
  conversationId: string;
  entries: ChatEntry[];
}

/** A product of the shop (`product/get_item_base_info`). */
export interface ShopItem {
  itemId: number;
  name: string;
  /** Rupiah. */
  price: number;
  stock: number;
}

/** A buyer's order at the shop (`order/get_order_detail`). */
export interface ShopOrder {
  orderSn: string;
  buyerId: number;
  status: string;
  items: { itemId: number; quantity: number }[];
  carrier: string;
  createdAt: number;
}

export interface Shop {
  shopId: number;
  /** The seller's own user id (the `to_id` of a buyer's message). */
  userId: number;
  username: string;
  name: string;
  chats: Map<number, Chat>;
  items: Map<number, ShopItem>;
  orders: Map<string, ShopOrder>;
  bucket: { tokens: number; at: number };
}

export interface Grant {
  shopId: number;
  expiresAt: number;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** Shopee's ids are large integers; these stay below 2^53 so that every JSON reader keeps them exact. */
const bigId = () => String(2_000_000_000_000_000 + randomInt(0, 2 ** 47) * 10 + randomInt(0, 10));

export function createState(options: {
  partner: { partnerId: number; partnerKey: string };
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
}) {
  const shops = new Map<number, Shop>();
  const codes = new Map<string, Grant & { used: boolean }>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const buyers = new Map<string, number>();
  const files = new Map<string, { bytes: Buffer; mime: string }>();
  const push: { callbackUrl: string | null; codes: Set<number> } = { callbackUrl: null, codes: new Set() };
  const lost: { pushes: LostPush[]; nextId: number } = { pushes: [], nextId: 1 };

  function issueTokens(shopId: number) {
    const now = Date.now();
    const access = hex(16);
    const refresh = hex(16);
    accessTokens.set(access, { shopId, expiresAt: now + options.accessTokenTtlMs });
    refreshTokens.set(refresh, { shopId, expiresAt: now + options.refreshTokenTtlMs });
    return {
      access_token: access,
      refresh_token: refresh,
      expire_in: Math.floor(options.accessTokenTtlMs / 1000),
    };
  }

  return {
    partner: options.partner,
    shops,
    codes,
    accessTokens,
    refreshTokens,
    files,
    push,
    lost,
    addShop(input: ShopeeShopInput): Shop {
      const existing = [...shops.values()].find((s) => s.username === input.username);
      if (existing) return existing;
      const shopId = input.shopId ?? 800_000_000 + randomInt(0, 99_999_999);
      const shop: Shop = {
        shopId,
        userId: 900_000_000 + randomInt(0, 99_999_999),
        username: input.username,
        name: input.name,
        chats: new Map(),
        items: new Map(),
        orders: new Map(),
        bucket: { tokens: 1, at: Date.now() },
      };
      shops.set(shopId, shop);
      // Every shop sells something from the start (the buyer page asks about it).
      for (const [name, price] of [
        ['Kaos Polos Hitam', 79_000],
        ['Tas Kanvas Serut', 125_000],
      ] as const) {
        const itemId = 30_000_000_000 + randomInt(0, 999_999_999);
        shop.items.set(itemId, { itemId, name, price, stock: 20 });
      }
      return shop;
    },
    newCode(shopId: number): string {
      const code = hex(16);
      codes.set(code, { shopId, expiresAt: Date.now() + 10 * 60_000, used: false });
      return code;
    },
    issueTokens,
    buyerIdOf(username: string): number {
      const known = buyers.get(username);
      if (known !== undefined) return known;
      const id = 100_000_000 + randomInt(0, 899_999_999);
      buyers.set(username, id);
      return id;
    },
    chatOf(shop: Shop, buyerId: number, buyerUsername: string): Chat {
      const chat = shop.chats.get(buyerId);
      if (chat) return chat;
      const created = { buyerId, buyerUsername, conversationId: bigId(), entries: [] };
      shop.chats.set(buyerId, created);
      return created;
    },
    newMessageId: bigId,
  };
}

export type SimState = ReturnType<typeof createState>;
