/** The Web Push service simulator's options, handle and what it keeps (RFC 8030, RFC 8291, RFC 8292). */

export interface PushServiceSimulatorOptions {
  port?: number;
  host?: string;
  /** The origin advertised in endpoints (the demo's public host); default `http://<host>:<port>`. */
  publicUrl?: string;
  logger?: boolean;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it: what the application server stores. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted and decrypted with the subscriber's keys. */
export interface ReceivedPush {
  subscriptionId: string;
  /** The VAPID JWT's `sub` (the application server's contact) and its public key (`k=`). */
  vapidSubject: string;
  vapidPublicKey: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The decrypted payload (UTF-8), or null for a push without one. */
  payload: string | null;
  receivedAt: number;
}

/** A refused push request, kept so tests and the page can show why. */
export interface RefusedPush {
  subscriptionId: string;
  status: number;
  reason: string;
  at: number;
}

export interface PushServiceSimulator {
  url: string;
  /** A new subscriber (a simulated browser): its endpoint on this service and its P-256 key and auth secret. */
  subscribe(label?: string): PushSubscriptionJson & { id: string };
  /** The subscription is gone (the user revoked permission): the service answers 410 Gone from now on. */
  expire(subscriptionId: string): void;
  /** Pushes accepted for a subscription (all when no id), oldest first. */
  received(subscriptionId?: string): ReceivedPush[];
  refused(): RefusedPush[];
  close(): Promise<void>;
}
