/**
 * A payment gateway simulator with the shape of Xendit's Invoice API (https://developers.xendit.co/api-reference/#invoices):
 * `POST /v2/invoices`, `GET /v2/invoices/:id`, `POST /invoices/:id/expire!`, `GET /payment_channels`, Basic
 * auth with the secret key, an invoice page where a person pays or lets the invoice expire, and the invoice
 * callback POSTed to the merchant with the `x-callback-token` header, retried while the answer is not 2xx.
 */

export interface PaymentGatewaySimulatorOptions {
  port?: number;
  host?: string;
  /** The base URL the invoice page is advertised at (default http://host:port). */
  publicUrl?: string;
  /** The merchant's secret API key (Basic auth user name, empty password). */
  secretKey: string;
  /** The callback verification token sent as `x-callback-token`. */
  callbackToken: string;
  /** Where invoice callbacks go (the merchant's invoice webhook URL). */
  callbackUrl: string;
  merchantName?: string;
  /** Retries of a callback answered with a non-2xx status or a network error. */
  retry?: { attempts: number; baseDelayMs: number };
}

export type InvoiceStatus = 'PENDING' | 'PAID' | 'EXPIRED';

/** An invoice as Xendit answers it (the fields Sapa reads, and a few more). */
export interface SimInvoice {
  id: string;
  external_id: string;
  user_id: string;
  status: InvoiceStatus;
  merchant_name: string;
  amount: number;
  description: string;
  invoice_url: string;
  expiry_date: string;
  created: string;
  updated: string;
  currency: 'IDR';
  payment_methods: string[];
  /** Where the invoice page sends the payer once paid. */
  success_redirect_url?: string;
  paid_at?: string;
  paid_amount?: number;
  payment_method?: string;
  payment_channel?: string;
  payment_destination?: string;
}

export interface DeliveredCallback {
  invoiceId: string;
  status: InvoiceStatus;
  rawBody: string;
  attempts: number;
  answeredStatus: number;
}

export interface PaymentGatewaySimulator {
  url: string;
  close(): Promise<void>;
  /** The person pays on the invoice page (by the invoice's channel, or the one given). */
  pay(invoiceId: string, channel?: string): SimInvoice;
  /** The invoice passes its expiry (or the person lets it expire). */
  expire(invoiceId: string): SimInvoice;
  invoice(invoiceId: string): SimInvoice | undefined;
  invoices(): SimInvoice[];
  /** Turn a channel on or off (`GET /payment_channels` reports `is_enabled`). */
  setChannelEnabled(code: string, enabled: boolean): void;
  /** Make `GET /payment_channels` answer 503 (a gateway outage). */
  setChannelsOutage(down: boolean): void;
  /** Points later callbacks (and retries) at another URL. */
  setCallbackUrl(url: string): void;
  deliveredCallbacks(): DeliveredCallback[];
  /** Resolves once no callback is waiting to be sent or retried. */
  idle(): Promise<void>;
}
