import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type CreatedInvoice,
  type CreateInvoiceInput,
  GatewayCallError,
  type GatewayChannel,
  type GatewayNotification,
  type PaymentGateway,
} from './payment-gateway.js';

export interface XenditConfig {
  /** https://api.xendit.co, or the simulator's URL. */
  baseUrl: string;
  secretKey: string;
  /** The callback verification token of the Xendit dashboard. */
  callbackToken: string;
}

const TIMEOUT_MS = 15_000;

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

/** Equal in constant time, whatever the lengths (both sides hashed first). */
export function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

/**
 * Xendit Invoice API (https://developers.xendit.co/api-reference/#create-invoice): Basic auth with the secret
 * key; `POST /v2/invoices` with `external_id`, `amount`, `payment_methods`, `invoice_duration` and an
 * `x-idempotency-key`; `GET /payment_channels`; the invoice callback carries `x-callback-token`.
 */
export function createXenditInvoiceGateway(config: XenditConfig): PaymentGateway {
  const base = config.baseUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;

  async function call(
    path: string,
    init: { method: string; body?: unknown; headers?: Record<string, string> },
  ) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new GatewayCallError(0, 'NETWORK_ERROR');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (body as { error_code?: unknown } | null)?.error_code;
      throw new GatewayCallError(response.status, typeof code === 'string' ? code : 'UNKNOWN');
    }
    return body;
  }

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
