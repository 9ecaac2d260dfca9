import type { FastifyInstance } from 'fastify';
import type { BuyerFeed } from './buyer-feed.js';
import { answering, bodyOf, checkPublicCall, checkShopCall, ShopeeApiError, takeRate } from './open-api.js';
import type { ChatEntry, SimState } from './state.js';

/**
 * The push settings (`v2.push.set_app_push_config` / `get_app_push_config`, partner-signed) and the seller
 * chat API (`v2.sellerchat.send_message`, shop-signed): text up to 1,000 characters to a buyer who has a chat
 * with the shop (open.shopee.com v2.sellerchat.send_message; a whitelisted API, reference §7 [G]).
 */
const TEXT_MAX = 1000;

export function registerChatRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: BuyerFeed;
    stats: { apiCalls: number; refusedSign: number; throttled: number };
    sendRatePerSecond: number | undefined;
  },
) {
  const { state, stats } = deps;

  app.post(
    '/api/v2/push/set_app_push_config',
    answering(stats, (req, q) => {
      checkPublicCall(state, '/api/v2/push/set_app_push_config', q);
      const b = bodyOf(req);
      if (b.callback_url !== undefined) {
        if (typeof b.callback_url !== 'string' || !/^https?:\/\//.test(b.callback_url))
          throw new ShopeeApiError(400, 'error_param', 'Invalid callback_url.');
        state.push.callbackUrl = b.callback_url;
      }
      for (const code of Array.isArray(b.set_push_config_on) ? b.set_push_config_on : [])
        state.push.codes.add(Number(code));
      for (const code of Array.isArray(b.set_push_config_off) ? b.set_push_config_off : [])
        state.push.codes.delete(Number(code));
      return { response: { result: 'success' } };
    }),
  );

  app.get(
    '/api/v2/push/get_app_push_config',
    answering(stats, (_req, q) => {
      checkPublicCall(state, '/api/v2/push/get_app_push_config', q);
      return {
        response: {
          callback_url: state.push.callbackUrl ?? '',
          live_push_status: 'Normal',
          push_config_on_list: [...state.push.codes],
        },
      };
    }),
  );

  app.post(
    '/api/v2/sellerchat/send_message',
    answering(stats, (req, q) => {
      const shop = checkShopCall(state, '/api/v2/sellerchat/send_message', q);
      takeRate(shop, deps.sendRatePerSecond);
      const b = bodyOf(req);
      const chat = shop.chats.get(Number(b.to_id));
      if (!chat) throw new ShopeeApiError(400, 'error_param', 'Invalid to_id.');
      const content = (b.content && typeof b.content === 'object' ? b.content : {}) as Record<
        string,
        unknown
      >;
      if (b.message_type !== 'text')
        throw new ShopeeApiError(400, 'error_param', 'Unsupported message_type.');
      const text = typeof content.text === 'string' ? content.text : '';
      if (!text.trim() || text.length > TEXT_MAX)
        throw new ShopeeApiError(400, 'error_param', `Text must be 1 to ${TEXT_MAX} characters.`);
      const at = Date.now();
      const messageId = state.newMessageId();
      const sent = {
        messageId,
        toId: chat.buyerId,
        messageType: 'text',
        content: { text },
        conversationId: chat.conversationId,
        at,
      };
      const wire = {
        message_id: messageId,
        shop_id: shop.shopId,
        from_id: shop.userId,
        from_user_name: shop.username,
        to_id: chat.buyerId,
        to_user_name: chat.buyerUsername,
        message_type: 'text',
        content: { text },
        conversation_id: chat.conversationId,
        created_timestamp: Math.floor(at / 1000),
        region: 'ID',
      };
      const entry: ChatEntry = { id: messageId, direction: 'out', at, type: 'text', text, sent, wire };
      chat.entries.push(entry);
      deps.feed.publish(shop.shopId, chat.buyerId, entry);
      return {
        response: {
          to_id: chat.buyerId,
          message_id: messageId,
          message_type: 'text',
          content: { text },
          conversation_id: chat.conversationId,
          created_timestamp: Math.floor(at / 1000),
          created_timestamp_nano: at * 1_000_000,
        },
      };
    }),
  );
}
