import { cartEndpoints as c, ordersEndpoints as e } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED, needs, requireAuth } from '../../platform/auth/route-access.js';
import { route } from '../../platform/http/route.js';
import { visibleTicketOf } from '../conversations/index.js';
import * as carts from './carts.service.js';
import * as orders from './orders.service.js';
import * as waCatalogue from './whatsapp-catalogue.service.js';

/**
 * Orders (001 §2 Transactions; 000 §2 create-transaction panel): TRANSACTION (ID-country only, 000 §6) for the
 * orders, creating one also TRANSACTION_BUTTON and the chat's visibility (a ticket-scoped route); couriers are
 * store settings (SETTING_STORE), readable by whoever takes orders too.
 */
export function registerOrderRoutes(app: FastifyInstance, ctx: orders.OrdersContext) {
  const { deps } = ctx;
  route(app, e.couriers, AUTHENTICATED, ({ request }) => orders.listCouriers(deps, requireAuth(request)));
  route(app, e.saveCouriers, needs('SETTING_STORE', 'UPDATE'), ({ body, request }) =>
    orders.saveCouriers(deps, requireAuth(request), body),
  );
  route(app, e.quote, needs('TRANSACTION', 'CREATE'), ({ body, request }) =>
    orders.quote(deps, requireAuth(request), body),
  );
  route(app, e.create, needs('TRANSACTION', 'CREATE'), ({ body, request }) =>
    orders.createTransaction(ctx, requireAuth(request), visibleTicketOf(request), body),
  );
  // The chat's cart (ticket-scoped: the chat's visibility is checked first) and its WhatsApp product messages.
  route(app, c.cart, needs('TRANSACTION_BUTTON', 'READ'), ({ request }) =>
    carts.getCart(deps, requireAuth(request), visibleTicketOf(request)),
  );
  route(app, c.saveCart, needs('TRANSACTION_BUTTON', 'CREATE'), ({ body, request }) =>
    carts.saveCart(deps, requireAuth(request), visibleTicketOf(request), body),
  );
  route(app, c.discardCart, needs('TRANSACTION_BUTTON', 'CREATE'), ({ request }) =>
    carts.discardCart(deps, requireAuth(request), visibleTicketOf(request)),
  );
  route(app, c.sendProducts, needs('TRANSACTION_BUTTON', 'CREATE'), ({ body, request }) =>
    waCatalogue.sendProductMessage(deps, ctx.jobs, requireAuth(request), visibleTicketOf(request), body),
  );
  route(app, c.waCatalogue, needs('WHATSAPP_CATALOGUE', 'READ'), ({ request }) =>
    waCatalogue.waCatalogueState(deps, requireAuth(request)),
  );
  route(app, c.syncWaCatalogue, needs('WHATSAPP_CATALOGUE', 'UPDATE'), ({ request }) =>
    waCatalogue.syncWaCatalogue(deps, requireAuth(request)),
  );
  route(app, e.list, needs('TRANSACTION', 'READ'), ({ query, request }) =>
    orders.listTransactions(deps, requireAuth(request), query),
  );
  route(app, e.summary, needs('TRANSACTION', 'READ'), ({ request }) =>
    orders.transactionsSummary(deps, requireAuth(request)),
  );
  route(app, e.detail, needs('TRANSACTION', 'READ'), ({ params, request }) =>
    orders.getTransaction(deps, requireAuth(request), params.id!),
  );
  route(app, e.changeStatus, needs('TRANSACTION', 'UPDATE'), ({ body, params, request }) =>
    orders.changeStatus(ctx, requireAuth(request), params.id!, body),
  );
}
