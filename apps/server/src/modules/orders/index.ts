/**
 * The public entry of orders: seller couriers (business settings › shipping), orders taken in the chat with
 * their summary sent through conversations, the transactions page and its status steps (001 §2–§4).
 */

export { startCartsFromOrders } from './carts.service.js';
export { orderNumberForPayment } from './orders.repository.js';
export { registerOrderRoutes } from './orders.routes.js';
export { ORDER_PURPOSE, type OrdersContext, orderPaymentPurpose, saveCouriers } from './orders.service.js';
