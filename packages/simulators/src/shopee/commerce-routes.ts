import type { FastifyInstance } from 'fastify';
import { answering, checkShopCall, ShopeeApiError } from './open-api.js';
import type { SimState } from './state.js';

type Stats = { apiCalls: number; refusedSign: number; throttled: number };

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The order and product APIs a chat's side panel reads (shop-signed): `GET /api/v2/order/get_order_detail
 * ?order_sn_list=…` (up to 50; status, total, items, shipping carrier with `response_optional_fields`) and
 * `GET /api/v2/product/get_item_base_info?item_id_list=…` (up to 50; name, price, stock, status).
 */
export function registerCommerceRoutes(app: FastifyInstance, deps: { state: SimState; stats: Stats }) {
  const { state, stats } = deps;

  app.get(
    '/api/v2/order/get_order_detail',
    answering(stats, (_req, q) => {
      const shop = checkShopCall(state, '/api/v2/order/get_order_detail', q);
      const sns = listOf(q.order_sn_list);
      if (sns.length < 1 || sns.length > 50)
        throw new ShopeeApiError(400, 'error_param', 'order_sn_list must name 1 to 50 orders.');
      const orders = sns.flatMap((sn) => {
        const o = shop.orders.get(sn);
        return o ? [o] : [];
      });
      return {
        response: {
          order_list: orders.map((o) => {
            const lines = o.items.map((line) => ({ line, item: shop.items.get(line.itemId)! }));
            return {
              order_sn: o.orderSn,
              region: 'ID',
              currency: 'IDR',
              order_status: o.status,
              create_time: Math.floor(o.createdAt / 1000),
              buyer_user_id: o.buyerId,
              total_amount: lines.reduce((sum, l) => sum + l.item.price * l.line.quantity, 0),
              shipping_carrier: o.carrier,
              item_list: lines.map((l) => ({
                item_id: l.item.itemId,
                item_name: l.item.name,
                model_quantity_purchased: l.line.quantity,
                model_discounted_price: l.item.price,
              })),
            };
          }),
        },
      };
    }),
  );

  app.get(
    '/api/v2/product/get_item_base_info',
    answering(stats, (_req, q) => {
      const shop = checkShopCall(state, '/api/v2/product/get_item_base_info', q);
      const ids = listOf(q.item_id_list).map(Number);
      if (ids.length < 1 || ids.length > 50 || ids.some((id) => !Number.isSafeInteger(id)))
        throw new ShopeeApiError(400, 'error_param', 'item_id_list must name 1 to 50 items.');
      const items = ids.flatMap((id) => {
        const item = shop.items.get(id);
        return item ? [item] : [];
      });
      return {
        response: {
          item_list: items.map((item) => ({
            item_id: item.itemId,
            item_name: item.name,
            item_status: 'NORMAL',
            price_info: [{ currency: 'IDR', current_price: item.price, original_price: item.price }],
            stock_info_v2: { summary_info: { total_available_stock: item.stock } },
          })),
        },
      };
    }),
  );
}
