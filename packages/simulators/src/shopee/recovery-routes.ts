import type { FastifyInstance } from 'fastify';
import { answering, bodyOf, checkPublicCall, checkShopCall, ShopeeApiError } from './open-api.js';
import type { SimState } from './state.js';

/** Lost pushes Shopee keeps (the earliest 100 of the last 3 days, open.shopee.com v2.push.get_lost_push_message). */
const LOST_PAGE = 100;
const LOST_KEEP_MS = 3 * 86_400_000;
/** `sellerchat/get_conversation_list` and `get_message` pages. */
const CONVERSATION_PAGE_MAX = 25;
const MESSAGE_PAGE_MAX = 60;

type Stats = { apiCalls: number; refusedSign: number; throttled: number };

const pageSizeOf = (value: string | undefined, max: number) => {
  const n = Number(value ?? max);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new ShopeeApiError(400, 'error_param', `page_size must be 1 to ${max}.`);
  return n;
};

/**
 * How a partner recovers what it missed:
 * - `GET /api/v2/push/get_lost_push_message` (partner-signed): the earliest 100 pushes Shopee gave up
 *   delivering in the last 3 days and not yet confirmed, `{ shop_id, msg_id, timestamp, data: <the push's JSON
 *   as a string> }`, with `has_next_page` and `last_message_id`;
 * - `POST /api/v2/push/confirm_consumed_lost_push_message` `{ last_message_id }`: every lost push up to it is
 *   consumed and no longer listed;
 * - the seller chat's pull (shop-signed): `GET /api/v2/sellerchat/get_conversation_list` (newest first,
 *   `direction=older` from `next_timestamp_nano`) and `GET /api/v2/sellerchat/get_message?conversation_id`
 *   (newest first, paged by `offset`).
 */
export function registerRecoveryRoutes(app: FastifyInstance, deps: { state: SimState; stats: Stats }) {
  const { state, stats } = deps;

  app.get(
    '/api/v2/push/get_lost_push_message',
    answering(stats, (_req, q) => {
      checkPublicCall(state, '/api/v2/push/get_lost_push_message', q);
      const since = Date.now() - LOST_KEEP_MS;
      state.lost.pushes = state.lost.pushes.filter((p) => p.timestamp * 1000 >= since);
      const page = state.lost.pushes.slice(0, LOST_PAGE);
      return {
        response: {
          push_message_list: page.map((p) => ({
            shop_id: p.shopId,
            msg_id: p.msgId,
            code: p.code,
            timestamp: p.timestamp,
            data: p.data,
          })),
          has_next_page: state.lost.pushes.length > page.length,
          last_message_id: page.at(-1)?.msgId ?? 0,
        },
      };
    }),
  );

  app.post(
    '/api/v2/push/confirm_consumed_lost_push_message',
    answering(stats, (req, q) => {
      checkPublicCall(state, '/api/v2/push/confirm_consumed_lost_push_message', q);
      const last = Number(bodyOf(req).last_message_id);
      if (!Number.isSafeInteger(last) || last <= 0)
        throw new ShopeeApiError(400, 'error_param', 'Invalid last_message_id.');
      state.lost.pushes = state.lost.pushes.filter((p) => p.msgId > last);
      return { response: {} };
    }),
  );

  app.get(
    '/api/v2/sellerchat/get_conversation_list',
    answering(stats, (_req, q) => {
      const shop = checkShopCall(state, '/api/v2/sellerchat/get_conversation_list', q);
      const size = pageSizeOf(q.page_size, CONVERSATION_PAGE_MAX);
      const before = q.next_timestamp_nano ? BigInt(q.next_timestamp_nano) : null;
      const all = [...shop.chats.values()]
        .filter((c) => c.entries.length > 0)
        .map((c) => ({ chat: c, last: c.entries.at(-1)! }))
        .map((c) => ({ ...c, nano: BigInt(c.last.at) * 1_000_000n }))
        .filter((c) => before === null || c.nano < before)
        .sort((a, b) => (a.nano === b.nano ? 0 : a.nano > b.nano ? -1 : 1));
      const page = all.slice(0, size);
      const tail = page.at(-1);
      return {
        response: {
          conversations: page.map(({ chat, last, nano }) => ({
            conversation_id: chat.conversationId,
            to_id: chat.buyerId,
            to_name: chat.buyerUsername,
            shop_id: shop.shopId,
            unread_count: chat.entries.filter((e) => e.direction === 'in' && !e.read).length,
            latest_message_id: last.id,
            latest_message_type: last.wire.message_type,
            latest_message_content: last.wire.content,
            latest_message_from_id: last.wire.from_id,
            last_message_timestamp: String(nano),
          })),
          page_result: {
            page_size: page.length,
            more: all.length > page.length,
            next_cursor: {
              next_message_time_nano: tail ? String(tail.nano) : '0',
              conversation_id: tail?.chat.conversationId ?? '',
            },
          },
        },
      };
    }),
  );

  app.get(
    '/api/v2/sellerchat/get_message',
    answering(stats, (_req, q) => {
      const shop = checkShopCall(state, '/api/v2/sellerchat/get_message', q);
      const size = pageSizeOf(q.page_size, MESSAGE_PAGE_MAX);
      const chat = [...shop.chats.values()].find((c) => c.conversationId === q.conversation_id);
      if (!chat) throw new ShopeeApiError(400, 'error_param', 'Invalid conversation_id.');
      const offset = Number(q.offset ?? 0);
      if (!Number.isInteger(offset) || offset < 0)
        throw new ShopeeApiError(400, 'error_param', 'Invalid offset.');
      const newestFirst = chat.entries.slice().reverse();
      const page = newestFirst.slice(offset, offset + size);
      const more = newestFirst.length > offset + page.length;
      return {
        response: {
          messages: page.map((e) => e.wire),
          page_result: { page_size: page.length, next_offset: more ? String(offset + page.length) : '' },
        },
      };
    }),
  );
}
