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
/** `sellerchat/upload_image`: JPG, PNG or GIF up to 2 MB (as public integrations of the API state it). */
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** What `send_message` takes: text (1 to 1,000 characters) or an image uploaded first (`image_url`). */
function sentContentOf(
  state: SimState,
  type: unknown,
  content: Record<string, unknown>,
):
  | { type: 'text'; content: Record<string, unknown> }
  | { type: 'image'; content: Record<string, unknown>; mime: string; fileId: string } {
  if (type === 'text') {
    const text = typeof content.text === 'string' ? content.text : '';
    if (!text.trim() || text.length > TEXT_MAX)
      throw new ShopeeApiError(400, 'error_param', `Text must be 1 to ${TEXT_MAX} characters.`);
    return { type: 'text', content: { text } };
  }
  if (type === 'image') {
    const url = typeof content.image_url === 'string' ? content.image_url : '';
    const fileId = /\/files\/([^/?#]+)$/.exec(url)?.[1] ?? '';
    const file = state.files.get(fileId);
    if (!file) throw new ShopeeApiError(400, 'error_param', 'Invalid image_url: upload the image first.');
    return { type: 'image', content: { image_url: url }, mime: file.mime, fileId };
  }
  throw new ShopeeApiError(400, 'error_param', 'Unsupported message_type.');
}

export function registerChatRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: BuyerFeed;
    stats: { apiCalls: number; refusedSign: number; throttled: number };
    sendRatePerSecond: number | undefined;
    publicUrl: () => string;
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
      const message = sentContentOf(state, b.message_type, content);
      const at = Date.now();
      const messageId = state.newMessageId();
      const sent = {
        messageId,
        toId: chat.buyerId,
        messageType: message.type,
        content: message.content,
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
        message_type: message.type,
        content: message.content,
        conversation_id: chat.conversationId,
        created_timestamp: Math.floor(at / 1000),
        region: 'ID',
      };
      const entry: ChatEntry = { id: messageId, direction: 'out', at, type: message.type, sent, wire };
      if (message.type === 'text') entry.text = String(message.content.text);
      else Object.assign(entry, { mime: message.mime, fileId: message.fileId });
      chat.entries.push(entry);
      deps.feed.publish(shop.shopId, chat.buyerId, entry);
      return {
        response: {
          to_id: chat.buyerId,
          message_id: messageId,
          message_type: message.type,
          content: message.content,
          conversation_id: chat.conversationId,
          created_timestamp: Math.floor(at / 1000),
          created_timestamp_nano: at * 1_000_000,
        },
      };
    }),
  );

  app.post(
    '/api/v2/sellerchat/upload_image',
    answering(stats, async (req, q) => {
      checkShopCall(state, '/api/v2/sellerchat/upload_image', q);
      if (!req.isMultipart())
        throw new ShopeeApiError(400, 'error_param', 'Send the image as multipart "file".');
      let file: { bytes: Buffer; mime: string } | null = null;
      for await (const part of req.parts())
        if (part.type === 'file' && part.fieldname === 'file')
          file = { bytes: await part.toBuffer(), mime: part.mimetype };
      if (!file || !IMAGE_TYPES.has(file.mime))
        throw new ShopeeApiError(400, 'error_param', 'The file must be a JPG, PNG or GIF image.');
      if (file.bytes.length > IMAGE_MAX_BYTES)
        throw new ShopeeApiError(400, 'error_param', 'The image must be 2 MB or less.');
      const id = `up${state.newMessageId()}`;
      state.files.set(id, file);
      const url = `${deps.publicUrl()}/files/${id}`;
      return { response: { url, thumbnail: url, height: 0, width: 0 } };
    }),
  );

  // The seller read the chat up to a message: the buyer's messages until it are read (`unread_count` falls).
  app.post(
    '/api/v2/sellerchat/read_conversation',
    answering(stats, (req, q) => {
      const shop = checkShopCall(state, '/api/v2/sellerchat/read_conversation', q);
      const b = bodyOf(req);
      const chat = [...shop.chats.values()].find((c) => c.conversationId === String(b.conversation_id ?? ''));
      const upTo = chat?.entries.findIndex((e) => e.id === String(b.last_read_message_id ?? '')) ?? -1;
      if (!chat || upTo < 0)
        throw new ShopeeApiError(400, 'error_param', 'Invalid conversation_id or message id.');
      for (const entry of chat.entries.slice(0, upTo + 1)) if (entry.direction === 'in') entry.read = true;
      return {
        response: { conversation_id: chat.conversationId, last_read_message_id: b.last_read_message_id },
      };
    }),
  );
}
