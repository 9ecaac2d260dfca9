import { paymentsEndpoints } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import { route } from '../../platform/http/route.js';
import { PAYMENT_CALLBACK_PATH } from './payments.config.js';
import {
  createTopUp,
  getPayment,
  listPaymentMethods,
  listPayments,
  type PaymentsContext,
  quotePaymentFee,
  receiveGatewayCallback,
} from './payments.service.js';

/** 001 §2 payment dialog, §4 Top-up, §7 billing-transaction and calculate-payment-fee; the gateway's callback. */
export async function registerPaymentRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  const { db } = ctx.deps;
  route(app, paymentsEndpoints.paymentMethods, needs('CHAT_CREDITS', 'READ'), () => listPaymentMethods(ctx));
  route(app, paymentsEndpoints.paymentFee, needs('CHAT_CREDITS', 'READ'), async ({ body }) =>
    quotePaymentFee(body.method, body.amount),
  );
  route(app, paymentsEndpoints.topUp, needs('CHAT_CREDITS', 'CREATE'), ({ body, request }) =>
    createTopUp(ctx, requireAuth(request), body),
  );
  route(app, paymentsEndpoints.payments, needs('CHAT_CREDITS', 'READ'), ({ query, request }) =>
    listPayments(db, requireAuth(request).clientId, query),
  );
  route(app, paymentsEndpoints.payment, needs('CHAT_CREDITS', 'READ'), ({ params, request }) =>
    getPayment(db, requireAuth(request).clientId, params.paymentId!),
  );

  // An encapsulated plugin so that its JSON parser keeps the raw bytes the callback is read from.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(PAYMENT_CALLBACK_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveGatewayCallback(ctx, request.headers, raw);
      return reply.code(200).send({ outcome });
    });
  });
}
