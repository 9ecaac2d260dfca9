import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createCallbackSender } from './callback-sender.js';
import { GATEWAY_CHANNELS, paymentDestination, paymentMethodOf } from './channels.js';
import { GatewayError, registerDisbursements } from './disbursements.js';
import { invoicePageHtml } from './page.js';
import type { PaymentGatewaySimulator, PaymentGatewaySimulatorOptions, SimInvoice } from './types.js';

const MAX_TIMER_MS = 2_147_483_647;

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

interface CreateInvoiceBody {
  external_id?: unknown;
  amount?: unknown;
  description?: unknown;
  invoice_duration?: unknown;
  payment_methods?: unknown;
  currency?: unknown;
  success_redirect_url?: unknown;
}

/** Starts the simulated gateway; see types.ts for the API it plays. */
export async function startPaymentGatewaySimulator(
  options: PaymentGatewaySimulatorOptions,
): Promise<PaymentGatewaySimulator> {
  const host = options.host ?? '127.0.0.1';
  const merchantName = options.merchantName ?? 'Sapa';
  const invoices = new Map<string, SimInvoice>();
  const byIdempotencyKey = new Map<string, string>();
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  const disabled = new Set<string>();
  let channelsDown = false;
  const callbacks = createCallbackSender({
    url: options.callbackUrl,
    token: options.callbackToken,
    retry: options.retry ?? { attempts: 6, baseDelayMs: 500 },
  });

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof GatewayError)
      return reply.code(err.statusCode).send({ error_code: err.errorCode, message: err.message });
    return reply
      .code(400)
      .send({ error_code: 'API_VALIDATION_ERROR', message: err instanceof Error ? err.message : 'invalid' });
  });
  // The invoice page's forms post urlencoded bodies with nothing the simulator needs.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );

  function authenticate(req: FastifyRequest): void {
    const header = req.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8')
      : '';
    const user = decoded.split(':')[0] ?? '';
    if (!sameSecret(user, options.secretKey))
      throw new GatewayError(401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
  }

  function found(id: string): SimInvoice {
    const invoice = invoices.get(id);
    if (!invoice) throw new GatewayError(404, 'INVOICE_NOT_FOUND_ERROR', 'Invoice not found');
    return invoice;
  }

  function channelOf(code: string) {
    return GATEWAY_CHANNELS.find((c) => c.code === code);
  }

  function callbackBody(invoice: SimInvoice): Record<string, unknown> {
    return {
      id: invoice.id,
      external_id: invoice.external_id,
      user_id: invoice.user_id,
      is_high: false,
      status: invoice.status,
      merchant_name: invoice.merchant_name,
      amount: invoice.amount,
      description: invoice.description,
      currency: invoice.currency,
      created: invoice.created,
      updated: invoice.updated,
      ...(invoice.status === 'PAID'
        ? {
            paid_amount: invoice.amount,
            paid_at: invoice.paid_at,
            payment_method: invoice.payment_method,
            payment_channel: invoice.payment_channel,
            payment_destination: invoice.payment_destination,
            ...(invoice.payment_method === 'BANK_TRANSFER' ? { bank_code: invoice.payment_channel } : {}),
            ...(invoice.payment_method === 'EWALLET' ? { ewallet_type: invoice.payment_channel } : {}),
          }
        : {}),
    };
  }

  function settle(invoice: SimInvoice, status: 'PAID' | 'EXPIRED', channel?: string): SimInvoice {
    if (invoice.status !== 'PENDING')
      throw new GatewayError(400, 'INVOICE_NOT_PENDING', `Invoice is already ${invoice.status}`);
    const now = new Date().toISOString();
    invoice.status = status;
    invoice.updated = now;
    if (status === 'PAID') {
      const code = channel ?? invoice.payment_methods[0] ?? 'BCA';
      const known = channelOf(code);
      if (!known) throw new GatewayError(400, 'API_VALIDATION_ERROR', 'unknown channel');
      invoice.paid_at = now;
      invoice.paid_amount = invoice.amount;
      invoice.payment_channel = code;
      invoice.payment_method = paymentMethodOf(known.category);
      invoice.payment_destination = paymentDestination(known.category, invoice.id);
    }
    const timer = expiryTimers.get(invoice.id);
    if (timer) clearTimeout(timer);
    expiryTimers.delete(invoice.id);
    callbacks.send(invoice, callbackBody(invoice));
    return invoice;
  }

  function createInvoice(body: CreateInvoiceBody, baseUrl: string): SimInvoice {
    const externalId = typeof body.external_id === 'string' ? body.external_id : '';
    const amount = typeof body.amount === 'number' ? Math.trunc(body.amount) : Number.NaN;
    if (!externalId || externalId.length > 1000)
      throw new GatewayError(400, 'API_VALIDATION_ERROR', 'external_id is required');
    if (!Number.isFinite(amount) || amount < 1)
      throw new GatewayError(400, 'API_VALIDATION_ERROR', 'amount must be at least 1');
    if (body.currency !== undefined && body.currency !== 'IDR')
      throw new GatewayError(400, 'UNSUPPORTED_CURRENCY', 'currency must be IDR');
    const methods = Array.isArray(body.payment_methods)
      ? body.payment_methods.filter((m): m is string => typeof m === 'string')
      : GATEWAY_CHANNELS.map((c) => c.code).filter((c) => !disabled.has(c));
    for (const m of methods) {
      if (!channelOf(m) || disabled.has(m))
        throw new GatewayError(
          400,
          'UNAVAILABLE_PAYMENT_METHOD_ERROR',
          `payment method ${m} is not available`,
        );
    }
    if (methods.length === 0) throw new GatewayError(400, 'API_VALIDATION_ERROR', 'no payment method');
    const duration = typeof body.invoice_duration === 'number' ? body.invoice_duration : 86_400;
    if (!(duration >= 1 && duration <= 31_536_000))
      throw new GatewayError(400, 'API_VALIDATION_ERROR', 'invoice_duration out of range');
    const id = randomBytes(12).toString('hex');
    const now = Date.now();
    const invoice: SimInvoice = {
      id,
      external_id: externalId,
      user_id: 'sim-business',
      status: 'PENDING',
      merchant_name: merchantName,
      amount,
      description: typeof body.description === 'string' ? body.description : '',
      invoice_url: `${baseUrl}/web/invoices/${id}`,
      expiry_date: new Date(now + duration * 1000).toISOString(),
      created: new Date(now).toISOString(),
      updated: new Date(now).toISOString(),
      currency: 'IDR',
      payment_methods: methods,
      ...(typeof body.success_redirect_url === 'string' && /^https?:\/\//.test(body.success_redirect_url)
        ? { success_redirect_url: body.success_redirect_url }
        : {}),
    };
    invoices.set(id, invoice);
    if (duration * 1000 <= MAX_TIMER_MS) {
      const timer = setTimeout(() => {
        expiryTimers.delete(id);
        if (invoice.status === 'PENDING') settle(invoice, 'EXPIRED');
      }, duration * 1000);
      expiryTimers.set(id, timer);
    }
    return invoice;
  }

  let baseUrl = '';
  const money = registerDisbursements(app, options, authenticate);

  app.post('/v2/invoices', async (req, reply) => {
    authenticate(req);
    const key = req.headers['x-idempotency-key'];
    const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (earlier) return reply.send(found(earlier));
    const invoice = createInvoice((req.body ?? {}) as CreateInvoiceBody, baseUrl);
    if (typeof key === 'string') byIdempotencyKey.set(key, invoice.id);
    return reply.send(invoice);
  });
  app.get<{ Params: { id: string } }>('/v2/invoices/:id', async (req) => {
    authenticate(req);
    return found(req.params.id);
  });
  app.post<{ Params: { id: string } }>('/invoices/:id/expire!', async (req) => {
    authenticate(req);
    return settle(found(req.params.id), 'EXPIRED');
  });
  app.get('/payment_channels', async (req, reply: FastifyReply) => {
    authenticate(req);
    if (channelsDown) return reply.code(503).send({ error_code: 'SERVER_ERROR', message: 'try again later' });
    return GATEWAY_CHANNELS.map((c) => ({
      business_id: 'sim-business',
      is_livemode: false,
      channel_code: c.code,
      name: c.name,
      currency: 'IDR',
      channel_category: c.category,
      is_enabled: !disabled.has(c.code),
    }));
  });

  // The payer's side: the invoice page and its two buttons.
  app.get<{ Params: { id: string } }>('/web/invoices/:id', async (req, reply) => {
    const invoice = found(req.params.id);
    const channel = channelOf(invoice.payment_methods[0] ?? '');
    const destination = channel ? paymentDestination(channel.category, invoice.id) : '';
    return reply.type('text/html; charset=utf-8').send(invoicePageHtml(invoice, destination));
  });
  app.post<{ Params: { id: string } }>('/web/invoices/:id/pay', async (req, reply) => {
    const paid = settle(found(req.params.id), 'PAID');
    return reply.redirect(paid.success_redirect_url ?? `/web/invoices/${req.params.id}`, 303);
  });
  app.post<{ Params: { id: string } }>('/web/invoices/:id/expire', async (req, reply) => {
    settle(found(req.params.id), 'EXPIRED');
    return reply.redirect(`/web/invoices/${req.params.id}`, 303);
  });

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  baseUrl = (options.publicUrl ?? `http://${urlHost}:${port}`).replace(/\/$/, '');

  return {
    url: baseUrl,
    async close() {
      for (const t of expiryTimers.values()) clearTimeout(t);
      expiryTimers.clear();
      callbacks.close();
      money.close();
      await app.close();
    },
    pay: (id, channel) => settle(found(id), 'PAID', channel),
    expire: (id) => settle(found(id), 'EXPIRED'),
    invoice: (id) => invoices.get(id),
    invoices: () => [...invoices.values()],
    setChannelEnabled(code, enabled) {
      if (enabled) disabled.delete(code);
      else disabled.add(code);
    },
    setChannelsOutage(down) {
      channelsDown = down;
    },
    setCallbackUrl: (url) => callbacks.setUrl(url),
    deliveredCallbacks: () => [...callbacks.delivered(), ...money.delivered()],
    async idle() {
      while (callbacks.pending() + money.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
    completeDisbursement: money.completeDisbursement,
    failDisbursement: money.failDisbursement,
    disbursements: money.disbursements,
    addBankAccount: money.addBankAccount,
    setDisbursementCallbackUrl: money.setDisbursementCallbackUrl,
    resendDisbursementCallback: money.resendDisbursementCallback,
  };
}
