/**
 * The payment gateway connector: what Sapa needs from an Indonesian gateway. One implementation today,
 * Xendit's Invoice API (`xendit-invoice-gateway.ts`); the simulator in `@sapa/simulators` plays it.
 */

export interface CreateInvoiceInput {
  /** Sapa's payment id: Xendit's `external_id`, and the idempotency key of the call. */
  paymentId: string;
  amount: number;
  description: string;
  /** The one channel the payer chose (the invoice page offers only it). */
  method: string;
  durationSeconds: number;
  /** Where the gateway's page sends the payer once paid (Xendit's `success_redirect_url`). */
  successRedirectUrl?: string;
}

export interface CreatedInvoice {
  gatewayId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

export interface GatewayChannel {
  code: string;
  enabled: boolean;
}

/** A verified notification about one invoice, as parsed from the callback's raw bytes. */
export interface GatewayNotification {
  gatewayId: string;
  paymentId: string;
  status: 'paid' | 'expired' | 'other';
  /** What the payer paid (PAID only). */
  paidAmount: number | null;
  channel: string | null;
  paidAt: Date | null;
}

export interface PaymentGateway {
  readonly name: string;
  createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice>;
  /** The channels the gateway offers now; rejects when the gateway cannot be reached. */
  listChannels(): Promise<GatewayChannel[]>;
  /** Whether a callback's headers prove it came from the gateway (constant time). */
  verifyCallback(headers: Record<string, string | string[] | undefined>, raw: Buffer): boolean;
  /** The notification in a verified callback body, or null when it is not one Sapa understands. */
  parseCallback(raw: Buffer): GatewayNotification | null;
  /** The invoice as the gateway has it now (a PAID callback is believed only when this says so too). */
  fetchInvoice(gatewayId: string): Promise<GatewayNotification>;
  /** Expires an unpaid invoice so it can no longer be paid; answers the invoice's state after the call. */
  expireInvoice(gatewayId: string): Promise<GatewayNotification>;
}

/** A gateway call that failed: its HTTP status (0 for a network error) and the gateway's error code. */
export class GatewayCallError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(`payment gateway call failed: ${status} ${errorCode}`);
    this.name = 'GatewayCallError';
  }
}
