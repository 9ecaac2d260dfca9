import { z } from 'zod';
import {
  type CreatedInvoice,
  type CreateInvoiceInput,
  GatewayCallError,
  type GatewayChannel,
  type GatewayNotification,
  type PaymentGateway,
} from './payment-gateway.js';
import { sameToken, type XenditConfig, xenditCaller } from './xendit-http.js';

const invoiceSchema = z.object({
  id: z.string().min(1),
  invoice_url: z.string().url(),
  expiry_date: z.string(),
});

const channelsSchema = z.array(z.object({ channel_code: z.string(), is_enabled: z.boolean() }));

/** The fields of an invoice Sapa reads, the same in the invoice callback and in `GET /v2/invoices/:id`. */
const invoiceStateSchema = z.object({
  id: z.string().min(1).max(200),
  external_id: z.string().uuid(),
  status: z.string(),
  paid_amount: z.number().optional(),
  payment_channel: z.string().max(50).optional(),
  paid_at: z.string().optional(),
});

/**
 * Xendit Invoice API (https://developers.xendit.co/api-reference/#create-invoice): Basic auth with the secret
 * key; `POST /v2/invoices` with `external_id`, `amount`, `payment_methods`, `invoice_duration` and an
 * `x-idempotency-key`; `GET /payment_channels`; the invoice callback carries `x-callback-token`.
 */
export function createXenditInvoiceGateway(config: XenditConfig): PaymentGateway {
  const call = xenditCaller(config);

  return {
    name: 'xendit',
    async createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice> {
      const body = await call('/v2/invoices', {
        method: 'POST',
        headers: { 'x-idempotency-key': input.paymentId },
        body: {
          external_id: input.paymentId,
          amount: input.amount,
          description: input.description,
          currency: 'IDR',
          invoice_duration: input.durationSeconds,
          payment_methods: [input.method],
          ...(input.successRedirectUrl ? { success_redirect_url: input.successRedirectUrl } : {}),
        },
      });
      const parsed = invoiceSchema.safeParse(body);
      if (!parsed.success) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
      const expiresAt = new Date(parsed.data.expiry_date);
      if (Number.isNaN(expiresAt.getTime())) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
      return { gatewayId: parsed.data.id, checkoutUrl: parsed.data.invoice_url, expiresAt };
    },
    async listChannels(): Promise<GatewayChannel[]> {
      const parsed = channelsSchema.safeParse(await call('/payment_channels', { method: 'GET' }));
      if (!parsed.success) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
      return parsed.data.map((c) => ({ code: c.channel_code, enabled: c.is_enabled }));
    },
    verifyCallback(headers) {
      const token = headers['x-callback-token'];
      return typeof token === 'string' && sameToken(token, config.callbackToken);
    },
    parseCallback(raw: Buffer): GatewayNotification | null {
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return null;
      }
      return notificationOf(json);
    },
    async fetchInvoice(gatewayId: string): Promise<GatewayNotification> {
      return invoiceState(await call(`/v2/invoices/${encodeURIComponent(gatewayId)}`, { method: 'GET' }));
    },
    /** `POST /invoices/{id}/expire!`; an invoice already paid answers as it is (the paid callback follows). */
    async expireInvoice(gatewayId: string): Promise<GatewayNotification> {
      const path = `/invoices/${encodeURIComponent(gatewayId)}/expire!`;
      try {
        return invoiceState(await call(path, { method: 'POST' }));
      } catch (err) {
        if (err instanceof GatewayCallError && err.status !== 0 && err.status < 500)
          return this.fetchInvoice(gatewayId);
        throw err;
      }
    },
  };
}

function invoiceState(body: unknown): GatewayNotification {
  const state = notificationOf(body);
  if (!state) throw new GatewayCallError(502, 'UNEXPECTED_RESPONSE');
  return state;
}

/** An invoice's state (callback body or invoice), or null when it is not one. */
function notificationOf(json: unknown): GatewayNotification | null {
  const parsed = invoiceStateSchema.safeParse(json);
  if (!parsed.success) return null;
  const c = parsed.data;
  const status =
    c.status === 'PAID' || c.status === 'SETTLED' ? 'paid' : c.status === 'EXPIRED' ? 'expired' : 'other';
  const paidAt = c.paid_at ? new Date(c.paid_at) : null;
  return {
    gatewayId: c.id,
    paymentId: c.external_id,
    status,
    paidAmount: c.paid_amount ?? null,
    channel: c.payment_channel ?? null,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
  };
}
