/** Public types of the WhatsApp Cloud API simulator (wire format: reference/channel-protocols.md §1). */

export interface WhatsappCloudSimulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Bind address; default 127.0.0.1. */
  host?: string;
  /** Base URL the simulator advertises (media download URLs, `url`); default http://<host>:<port>. */
  publicUrl?: string;
  /** Graph API version segment used in `graphBaseUrl` (any `vN.N` is accepted on requests); default v21.0. */
  graphVersion?: string;
  /** Per business number send throughput (token bucket, messages/s); default 80. Exceeding → 130429. */
  throughputPerSecond?: number;
  /**
   * Per (business number, recipient) pair limit as a token bucket: one token refills every `perSeconds`,
   * at most `burst` tokens. Default `{ perSeconds: 6, burst: 45 }`. Exceeding → 131056.
   */
  pairLimit?: { perSeconds: number; burst: number };
  /** Customer service window: hours after the customer's last message; default 24. Outside → async 131047. */
  windowHours?: number;
  /** Webhook redelivery on non-2xx / network error: total attempts and base back-off (doubling). Default 8 × 200 ms. */
  webhookRetry?: { attempts: number; baseDelayMs: number };
  /** Delays before the `sent` and then `delivered` status webhooks; default 10 ms and 30 ms. */
  statusDelaysMs?: { sent: number; delivered: number };
  /** Validity of media download URLs from `GET /{media-id}`; default 5 minutes (as Meta). */
  mediaUrlTtlMs?: number;
  /** Timeout of one webhook POST; default 10 000 ms. */
  webhookTimeoutMs?: number;
  /** How many delivered webhooks `deliveredWebhooks()` keeps (oldest dropped); default 10 000. */
  webhookLogLimit?: number;
  /** Fastify request logging; default false. */
  logger?: boolean;
  /** Meta apps whose Embedded Signup the simulator plays (more with `registerApp`). */
  metaApps?: MetaApp[];
  /** How long an Embedded Signup code can be exchanged for a token; default 60 000 ms. */
  embeddedSignupCodeTtlMs?: number;
}

/** A partner's Meta app (Tech Provider): its id and secret sign webhooks of the WABAs onboarded with it. */
export interface MetaApp {
  appId: string;
  appSecret: string;
  name?: string;
}

export interface RegisterNumberArgs {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  accessToken: string;
  appSecret: string;
  webhookUrl: string;
  /** Shown on the customer phone page; default the display number. */
  businessName?: string;
}

/** A catalogue product as a product message shows it on the customer's phone. */
export interface ShownProduct {
  catalogId: string;
  retailerId: string;
  title: string;
  price: number;
  currency: string;
  imageLink: string;
  available: boolean;
}

/** A catalogue product as the simulator keeps it. */
export interface CatalogueItemView {
  graphId: string;
  retailerId: string;
  title: string;
  description: string;
  availability: string;
  condition: string;
  price: number;
  currency: string;
  link: string;
  imageLink: string;
  brand: string;
}

export type CustomerMessage =
  | { type: 'text'; text: string }
  | { type: 'image'; bytes: Buffer; mime: string; caption?: string }
  | { type: 'video'; bytes: Buffer; mime: string; caption?: string }
  | { type: 'audio'; bytes: Buffer; mime: string; voice?: boolean }
  | { type: 'document'; bytes: Buffer; mime: string; filename: string; caption?: string }
  | { type: 'sticker'; bytes: Buffer; mime: string }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { type: 'reaction'; messageId: string; emoji: string }
  | { type: 'button'; payload: string; text: string }
  | { type: 'interactive'; buttonReply: { id: string; title: string } }
  | { type: 'interactive'; listReply: { id: string; title: string; description?: string } }
  | {
      type: 'order';
      catalogId: string;
      text?: string;
      /** Prices come from the catalogue, as WhatsApp's cart does. */
      items: { productRetailerId: string; quantity: number }[];
    }
  | { type: 'unsupported' };

export interface CustomerSendsArgs {
  phoneNumberId: string;
  /** The customer's wa_id (digits). */
  from: string;
  name: string;
  message: CustomerMessage;
  /** Quote a message (`context.id` in the webhook). */
  contextMessageId?: string;
}

export type OutboundStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export interface WebhookErrorObject {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export interface StatusChange {
  status: Exclude<OutboundStatus, 'accepted'>;
  at: number;
  error?: WebhookErrorObject;
}

/** One message the business sent to a customer, as the simulator saw it. */
export interface BusinessMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  type: string;
  /** The JSON body of the send request, as received. */
  request: Record<string, unknown>;
  /** Readable text (text body, caption, template/interactive summary). */
  text: string;
  /** The catalogue products of a single- or multi-product message. */
  products?: ShownProduct[];
  /** Media by uploaded id or link, if any. */
  media?: { id?: string; link?: string; mime?: string; filename?: string; caption?: string };
  status: OutboundStatus;
  statuses: StatusChange[];
  error?: WebhookErrorObject;
  acceptedAt: number;
}

export interface DeliveredWebhook {
  url: string;
  phoneNumberId: string;
  /** The exact bytes posted, as a string, and the signature header sent with them. */
  rawBody: string;
  signature: string;
  body: unknown;
  attempts: number;
  deliveredAt: number;
}

export interface WhatsappCloudSimulatorStats {
  /** Send requests accepted with 200 (messages, not mark-as-read). */
  messagesAccepted: number;
  /** Customer messages injected (customerSends / the page). */
  customerMessages: number;
  /** Webhooks delivered with a 2xx (each counted once). */
  webhooksDelivered: number;
  /** Every webhook POST attempt, including retries. */
  webhookAttempts: number;
  /** Attempts after the first one. */
  webhookRetries: number;
  /** Webhooks abandoned after the last attempt. */
  webhooksAbandoned: number;
  /**
   * Message send requests that reached the rate limits (accepted or refused with 130429 / 131056): the
   * denominator of the share of requests over the limit.
   */
  sendRequests: number;
  /** Synchronous 130429 errors returned. */
  throughputErrors: number;
  /** Synchronous 131056 errors returned. */
  pairLimitErrors: number;
  /** Files accepted by `POST /{phone-number-id}/media`. */
  mediaUploads: number;
  /** Requests rejected with 190 / 401. */
  authErrors: number;
  /** Asynchronous `failed` statuses by error code, e.g. { 131047: 2 }. */
  failedByCode: Record<string, number>;
}

export interface WhatsappCloudSimulator {
  /** Base URL, e.g. http://127.0.0.1:39123 (customer page at `url + '/'`). */
  url: string;
  /** What a connector uses as Graph base, e.g. http://127.0.0.1:39123/v21.0. */
  graphBaseUrl: string;
  close(): Promise<void>;
  /** Register (or replace) a business phone number. */
  registerNumber(args: RegisterNumberArgs): void;
  /** Register a Meta app whose Embedded Signup popup is `{graphBaseUrl}/dialog/oauth?client_id=…`. */
  registerApp(app: MetaApp): void;
  /** The customer sends a message to the business number; the simulator posts the webhook. */
  customerSends(args: CustomerSendsArgs): Promise<{ messageId: string }>;
  /** The catalogue connected to a WABA and its products (made on first use). */
  catalogue(wabaId: string): { id: string; items: CatalogueItemView[] };
  /** The customer calls the business with an SDP offer (WhatsApp Calling API `connect` webhook). */
  customerCalls(args: { phoneNumberId: string; from: string; name: string; sdp: string }): { callId: string };
  /** The customer hangs up: a `terminate` webhook; false when the call is unknown or already over. */
  customerHangsUp(callId: string): boolean;
  /** A call's state, the business's SDP answer and the actions it took. */
  call(callId: string): SimulatedCall | undefined;
  /** The customer opens the chat: every sent/delivered business message becomes `read` (status webhooks). */
  customerReads(phoneNumberId: string, waId: string): void;
  /** Messages the business sent to that customer, oldest first, with their statuses. */
  conversation(phoneNumberId: string, waId: string): BusinessMessage[];
  /** Messages to this wa_id fail asynchronously with 131026 (pass false to undo). */
  setUndeliverable(waId: string, undeliverable?: boolean): void;
  /** The customer's 24-hour window closes now (as if a day had passed); false for an unknown customer. */
  closeWindow(phoneNumberId: string, waId: string): boolean;
  /** Webhooks delivered with a 2xx so far (bounded by `webhookLogLimit`). */
  deliveredWebhooks(): DeliveredWebhook[];
  stats(): WhatsappCloudSimulatorStats;
  /** Resolves when no webhook is waiting to be (re)delivered and no status timer is pending. */
  idle(): Promise<void>;
}

/** A WhatsApp call in the simulator (Calling API). */
export type CallState = 'ringing' | 'pre_accepted' | 'accepted' | 'rejected' | 'ended';
export interface SimulatedCall {
  id: string;
  phoneNumberId: string;
  from: string;
  state: CallState;
  offer: string;
  /** The business's SDP answer (from pre_accept / accept). */
  answer: string | null;
  actions: string[];
  startedAt: number | null;
}
