import type { MarketplaceContext, MarketplaceOrder, MarketplaceProduct } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError } from '../../../../platform/http/errors.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import type { MarketplaceRefs } from '../connector.js';
import { callAsShop } from './outbound.js';

interface OrderAnswer {
  response?: {
    order_list?: {
      order_sn?: string;
      order_status?: string;
      currency?: string;
      total_amount?: number;
      shipping_carrier?: string;
      item_list?: {
        item_name?: string;
        model_quantity_purchased?: number;
        model_discounted_price?: number;
      }[];
    }[];
  };
}

interface ItemAnswer {
  response?: {
    item_list?: {
      item_id?: number;
      item_name?: string;
      item_status?: string;
      price_info?: { currency?: string; current_price?: number }[];
      stock_info_v2?: { summary_info?: { total_available_stock?: number } };
    }[];
  };
}

const unavailable = () => new AppError(502, 'shopee.unavailable');

/** The order (`v2.order.get_order_detail`) a buyer's order card names, as the side panel shows it. */
async function orderOf(
  deps: ServerDeps,
  account: ChannelAccountRow,
  orderSn: string,
): Promise<MarketplaceOrder | null> {
  const answer = await callAsShop<OrderAnswer>(deps, account, () => ({
    path: '/api/v2/order/get_order_detail',
    query: { order_sn_list: orderSn, response_optional_fields: 'item_list,total_amount,shipping_carrier' },
  }));
  if (!answer.ok) throw unavailable();
  const o = answer.value.response?.order_list?.[0];
  if (!o) return null;
  return {
    orderSn: o.order_sn ?? orderSn,
    status: o.order_status ?? '',
    currency: o.currency ?? 'IDR',
    total: Number(o.total_amount ?? 0),
    items: (o.item_list ?? []).map((i) => ({
      name: i.item_name ?? '',
      quantity: Number(i.model_quantity_purchased ?? 0),
      price: Number(i.model_discounted_price ?? 0),
    })),
    shipping: o.shipping_carrier || null,
  };
}

/** The product (`v2.product.get_item_base_info`) a buyer's product card names. */
async function productOf(
  deps: ServerDeps,
  account: ChannelAccountRow,
  itemId: string,
): Promise<MarketplaceProduct | null> {
  const answer = await callAsShop<ItemAnswer>(deps, account, () => ({
    path: '/api/v2/product/get_item_base_info',
    query: { item_id_list: itemId },
  }));
  if (!answer.ok) throw unavailable();
  const i = answer.value.response?.item_list?.[0];
  if (!i) return null;
  const price = i.price_info?.[0];
  const stock = i.stock_info_v2?.summary_info?.total_available_stock;
  return {
    itemId: String(i.item_id ?? itemId),
    name: i.item_name ?? '',
    status: i.item_status ?? '',
    currency: price?.currency ?? 'IDR',
    price: price?.current_price ?? null,
    stock: typeof stock === 'number' ? stock : null,
  };
}

/** Shopee's side of the chat's marketplace panel: the named order and product read from Shopee. */
export async function shopeeContext(
  deps: ServerDeps,
  account: ChannelAccountRow,
  refs: MarketplaceRefs,
): Promise<MarketplaceContext> {
  const [order, product] = await Promise.all([
    refs.orderSn ? orderOf(deps, account, refs.orderSn) : null,
    refs.itemId ? productOf(deps, account, refs.itemId) : null,
  ]);
  return { order, product };
}
