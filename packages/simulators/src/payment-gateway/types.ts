/**
 * A payment gateway simulator with the shape of Xendit's Invoice API (https://developers.xendit.co/api-reference/#invoices):
 * `POST /v2/invoices`, `GET /v2/invoices/:id`, `POST /invoices/:id/expire!`, `GET /payment_channels`, Basic
 * auth with the secret key, an invoice page where a person pays or lets the invoice expire, and the invoice
 * callback POSTed to the merchant with the `x-callback-token` header, retried while the answer is not 2xx.
 * And the money going out, with the shapes of Xendit's Disbursement API (`POST /disbursements` with an
 * `x-idempotency-key`, `GET /disbursements/:id`, the disbursement callback with the same token) and its bank
 * account name validator (`POST /bank_account_data_requests`).
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
  /** Where disbursement callbacks go (the dashboard's "Disbursement sent" webhook URL); none: not sent. */
  disbursementCallbackUrl?: string;
  /** Completes each disbursement on its own this long after it is created (a bank that pays); unset: by hand. */
  disbursementCompleteAfterMs?: number;
  /** Bank accounts the name validator knows (any other is answered FAILURE). */
  bankAccounts?: SimBankAccount[];
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

export type DisbursementStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

/** A disbursement as Xendit's Disbursement API answers it (https://docs.xendit.co/xendisburse/apis/using-disbursement/). */
export interface SimDisbursement {
  id: string;
  user_id: string;
  external_id: string;
  amount: number;
  bank_code: string;
  account_holder_name: string;
  disbursement_description: string;
  status: DisbursementStatus;
  created: string;
  updated: string;
  is_instant: boolean;
  failure_code?: string;
  /** Not in Xendit's answer: the account paid into, kept for the simulator's own checks. */
  account_number: string;
}

/** A bank account the simulated bank holds (what the name validator answers). */
export interface SimBankAccount {
  bankCode: string;
  accountNumber: string;
  holderName: string;
}

export interface DeliveredCallback {
  /** The invoice's id, or the disbursement's on a disbursement callback. */
  invoiceId: string;
  status: InvoiceStatus | DisbursementStatus;
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
  /** The bank pays the disbursement out (COMPLETED) or refuses it (FAILED, with Xendit's failure code). */
  completeDisbursement(id: string): SimDisbursement;
  failDisbursement(id: string, failureCode?: string): SimDisbursement;
  disbursements(): SimDisbursement[];
  /** Adds an account the name validator knows. */
  addBankAccount(account: SimBankAccount): void;
  /** Points later disbursement callbacks at another URL. */
  setDisbursementCallbackUrl(url: string): void;
  /** Resends a disbursement's last callback byte for byte (a gateway retry, or a replay). */
  resendDisbursementCallback(id: string): void;
  /** Resolves once no callback is waiting to be sent or retried. */
  idle(): Promise<void>;
}
