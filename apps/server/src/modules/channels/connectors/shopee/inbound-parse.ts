import type { MessageType } from '@sapa/contracts';
import type { InboundMessage } from '../../../conversations/index.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import { timeOf } from '../provider-time.js';

/**
 * The parts of a Shopee webchat push (code 10) Sapa reads: `{ msg_id, data: { type: "message", content:
 * <the message as sellerchat/get_message lists it> }, shop_id, code, timestamp }` (reference §7; the shape
 * of public integrations' captured pushes). Every field optional: a push is the provider's JSON.
 */
export interface ShopeePush {
  code?: number;
  shop_id?: number;
  timestamp?: number;
  data?: { type?: string; content?: ShopeeChatMessage };
}

export interface ShopeeChatMessage {
  message_id?: string | number;
  /** The sender's shop: 0 for a buyer, the shop's own id for what the seller sent (Seller Centre, Sapa). */
  shop_id?: number;
  from_id?: number;
  from_user_name?: string;
  to_id?: number;
  message_type?: string;
  content?: {
    text?: string;
    url?: string;
    sticker_id?: string;
    sticker_package_id?: string;
    item_id?: number;
    shop_id?: number;
    order_sn?: string;
  };
  conversation_id?: string | number;
  created_timestamp?: number;
}

/** The message a push carries, when it is a webchat message push. */
const messageOf = (body: unknown): ShopeeChatMessage | null => {
  const push = (body ?? {}) as ShopeePush;
  return push.code === 10 && push.data?.type === 'message' && push.data.content ? push.data.content : null;
};

/** A push's key: its message id (a redelivery stores nothing); null: the sha256 of its bytes. */
export function shopeeEventKeyOf(body: unknown): string | null {
  const id = messageOf(body)?.message_id;
  return id !== undefined && id !== '' ? `msg:${id}` : null;
}

/**
 * A stored push in Sapa's shape: a buyer's message (one not sent by the shop itself) becomes one inbound
 * message of the buyer (`from_id`, named by `from_user_name`); text as it is, a photo to fetch
 * (`payload.shopeeImageUrl`), a sticker, a product or an order card named in words with their ids in the
 * payload. Other pushes (the shop's own messages, other push codes) carry nothing for the inbox.
 */
export function parseShopeeDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const push = (delivery.raw ?? {}) as ShopeePush;
  const m = messageOf(push);
  if (!m || m.from_id === undefined || m.message_id === undefined) return parsed;
  if (m.shop_id !== undefined && m.shop_id !== 0 && m.shop_id === push.shop_id) return parsed;
  const content = contentOf(m);
  parsed.messages.push({
    clientId: delivery.clientId,
    channel: 'SHP',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: String(m.from_id), name: m.from_user_name || null },
    providerMessageId: String(m.message_id),
    type: content.type,
    text: content.text,
    payload: {
      ...content.payload,
      conversationId: m.conversation_id === undefined ? null : String(m.conversation_id),
    },
    replyToProviderId: null,
    at: timeOf(m.created_timestamp, now),
  } satisfies InboundMessage);
  return parsed;
}

function contentOf(m: ShopeeChatMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown>;
} {
  const c = m.content ?? {};
  switch (m.message_type) {
    case 'text':
      return { type: 'text', text: c.text ?? '', payload: {} };
    case 'image':
      return typeof c.url === 'string' && /^https?:\/\//.test(c.url)
        ? {
            type: 'image',
            text: null,
            payload: { shopeeImageUrl: c.url, mime: 'image/jpeg', filename: null },
          }
        : { type: 'unsupported', text: null, payload: { originalType: 'shopee:image' } };
    case 'sticker':
      return {
        type: 'sticker',
        text: null,
        payload: { stickerId: c.sticker_id ?? null, packageId: c.sticker_package_id ?? null },
      };
    case 'item':
      return {
        type: 'text',
        text: `[Product ${c.item_id ?? ''}]`,
        payload: { kind: 'product', itemId: c.item_id ?? null },
      };
    case 'order':
      return {
        type: 'text',
        text: `[Order ${c.order_sn ?? ''}]`,
        payload: { kind: 'order', orderSn: c.order_sn ?? null },
      };
    default:
      return { type: 'unsupported', text: null, payload: { originalType: `shopee:${m.message_type ?? ''}` } };
  }
}
