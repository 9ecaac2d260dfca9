import { subscriptionsEndpoints as e } from '@sapa/contracts';
import { AUTHENTICATED, needs, requireAuth } from '../../platform/auth/route-access.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { listPaymentMethods, type PaymentsContext } from '../payments/index.js';
import {
  cancelOrder,
  getSubscription,
  listPlans,
  pendingOrder,
  placeOrder,
  quote,
} from './subscriptions.service.js';

/**
 * 001 §2 /setting/plan-and-pricing [SETTING_PLAN_PRICING]: the plans, the summary, orders paid through the
 * gateway. The current subscription is read by everyone signed in (the banner tells CS to contact the owner).
 */
export function registerSubscriptionRoutes(r: RouteRegistrar, payments: PaymentsContext) {
  const { db } = payments.deps;
  const read = needs('SETTING_PLAN_PRICING', 'READ');
  const buy = needs('SETTING_PLAN_PRICING', 'UPDATE');
  route(r, e.current, AUTHENTICATED, ({ request }) => getSubscription(db, requireAuth(request).clientId));
  route(r, e.plans, read, async () => listPlans(payments.deps.partner));
  route(r, e.paymentMethods, read, () => listPaymentMethods(payments));
  route(r, e.quote, read, ({ body, request }) => quote(payments, requireAuth(request), body));
  route(r, e.order, buy, ({ body, request }) => placeOrder(payments, requireAuth(request), body));
  route(r, e.pending, read, ({ request }) => pendingOrder(payments, requireAuth(request)));
  route(r, e.cancel, buy, ({ params, request }) =>
    cancelOrder(payments, requireAuth(request), params.orderId!),
  );
}
