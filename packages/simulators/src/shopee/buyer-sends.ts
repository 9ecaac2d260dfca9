import type { BuyerFeed } from './buyer-feed.js';
import type { Pusher } from './pusher.js';
import type { ChatEntry, SimState } from './state.js';
import type { ShopeeBuyer, ShopeeBuyerMessage } from './types.js';

/** Shopee's webchat push code (reference/channel-protocols.md §7: push code 10 = "Webchat push"). */
export const WEBCHAT_PUSH_CODE = 10;

/**
 * A buyer's message to a shop: kept in the chat, shown on the buyer page, and pushed (code 10) as Shopee's
 * webchat push: `data: { type: "message", content: <the message as get_message lists it> }`. A buyer has no
 * shop: the message's `shop_id` is 0 (the seller's own messages carry the shop's id).
 */
export function createBuyerSends(deps: {
  state: SimState;
  feed: BuyerFeed;
  pusher: Pusher;
  publicUrl: () => string;
}) {
  return async function buyerSends(input: {
    shopId: number;
    buyer: ShopeeBuyer;
    message: ShopeeBuyerMessage;
  }) {
    const shop = deps.state.shops.get(input.shopId);
    if (!shop) throw new Error('unknown shop');
    const buyerId = deps.state.buyerIdOf(input.buyer.username);
    const chat = deps.state.chatOf(shop, buyerId, input.buyer.username);
    const messageId = deps.state.newMessageId();
    const at = Date.now();
    const entry: ChatEntry = { id: messageId, direction: 'in', at, type: 'text', wire: {} };
    let messageType: string;
    let content: Record<string, unknown>;
    if ('text' in input.message) {
      messageType = 'text';
      content = { text: input.message.text };
      entry.text = input.message.text;
    } else if ('item' in input.message) {
      const item = shop.items.get(input.message.item);
      if (!item) throw new Error('unknown item');
      messageType = 'item';
      content = { item_id: item.itemId, shop_id: shop.shopId };
      entry.text = `[${item.name}]`;
    } else if ('order' in input.message) {
      const order = shop.orders.get(input.message.order);
      if (order?.buyerId !== buyerId) throw new Error('unknown order');
      messageType = 'order';
      content = { order_sn: order.orderSn, shop_id: shop.shopId };
      entry.text = `[Pesanan ${order.orderSn}]`;
    } else {
      deps.state.files.set(messageId, input.message.image);
      const url = `${deps.publicUrl()}/files/${messageId}`;
      messageType = 'image';
      content = { url, thumb_url: url, thumb_height: 0, thumb_width: 0 };
      Object.assign(entry, { type: 'image', mime: input.message.image.mime });
    }
    entry.wire = {
      message_id: messageId,
      shop_id: 0,
      request_id: `${messageId}-${buyerId}`,
      from_id: buyerId,
      from_user_name: input.buyer.username,
      to_id: shop.userId,
      to_user_name: shop.username,
      message_type: messageType,
      content,
      conversation_id: chat.conversationId,
      created_timestamp: Math.floor(at / 1000),
      region: 'ID',
      is_in_chatbot_session: false,
      source_content: {},
      quoted_msg: { message_id: '' },
    };
    chat.entries.push(entry);
    deps.feed.publish(shop.shopId, buyerId, entry);
    deps.pusher.push(shop.shopId, WEBCHAT_PUSH_CODE, { type: 'message', region: 'ID', content: entry.wire });
    return { messageId, buyerId, conversationId: chat.conversationId };
  };
}

export type BuyerSends = ReturnType<typeof createBuyerSends>;
