import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * Push notifications (000 §7 push notification calls) as Web Push (RFC 8030/8291/8292). Sapa is its own
 * application server: the session's access token stands in for `csppushnotif/auth/login` and
 * `refreshAccessToken`; a browser's `PushSubscription` stands in for the FCM token of `users/userProfile`.
 */

/** 000 §7 POST pushnotif/status: the device's (signed-in browser's) presence. */
export const PUSH_PRESENCE = ['ONLINE', 'OFFLINE'] as const;
export type PushPresence = (typeof PUSH_PRESENCE)[number];
/** An open tab says ONLINE at least this often; after `PUSH_PRESENCE_TTL_MS` without it the browser counts as closed. */
export const PUSH_HEARTBEAT_MS = 45_000;
export const PUSH_PRESENCE_TTL_MS = 150_000;
/** The service worker (`apps/web/public/sw.js`; its `VERSION` is what 000 §1's version rule compares). */
export const SERVICE_WORKER_PATH = '/sw.js';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, 'push.subscriptionInvalid')
    .max(max, 'push.subscriptionInvalid')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'push.subscriptionInvalid');

/** `PushSubscription.toJSON()`: the push service's endpoint and the browser's P-256 key and auth secret. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url('push.subscriptionInvalid').max(2000, 'push.subscriptionInvalid'),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** What the service worker shows: the notification's title and text, and the page a click opens. */
export const pushPayloadSchema = z.object({
  kind: z.enum(['assigned', 'mention']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  ticketId: z.string().uuid(),
  /** Notifications with the same tag replace each other (one per chat). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const pushEndpoints = {
  /** The application server's VAPID public key (`applicationServerKey` of `pushManager.subscribe`). */
  vapidKey: defineEndpoint({
    method: 'GET',
    path: '/api/pushnotif/vapid-key',
    response: z.object({ publicKey: z.string() }),
  }),
  /** 000 §7 PUT users/userProfile (FCM token): this signed-in browser's subscription. */
  subscribe: defineEndpoint({
    method: 'PUT',
    path: '/api/pushnotif/subscription',
    body: pushSubscriptionSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The browser dropped its subscription (permission revoked, or signing out). */
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/pushnotif/unsubscribe',
    body: z.object({
      endpoint: z.string().url('push.subscriptionInvalid').max(2000, 'push.subscriptionInvalid'),
    }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 000 §7 POST pushnotif/status: ONLINE while a tab is open (repeated every `PUSH_HEARTBEAT_MS`), OFFLINE when it closes. */
  status: defineEndpoint({
    method: 'POST',
    path: '/api/pushnotif/status',
    body: z.object({ status: z.enum(PUSH_PRESENCE) }),
    response: z.object({ status: z.enum(PUSH_PRESENCE) }),
  }),
  /** 000 §7 POST pushnotif/offline: the last tab is closing (sent with `keepalive`). */
  offline: defineEndpoint({
    method: 'POST',
    path: '/api/pushnotif/offline',
    body: z.object({}).optional(),
    response: z.object({ status: z.literal('OFFLINE') }),
  }),
} as const;

export const PUSH_MESSAGES = {
  'push.subscriptionInvalid': {
    en: 'This browser’s push subscription is not valid.',
    id: 'Langganan notifikasi browser ini tidak valid.',
  },
  'push.serviceNotAllowed': {
    en: 'Notifications from this push service are not supported.',
    id: 'Notifikasi dari layanan push ini tidak didukung.',
  },
  'push.subscriptionNotFound': {
    en: 'This browser is not subscribed to notifications.',
    id: 'Browser ini tidak berlangganan notifikasi.',
  },
  'push.assigned.title': { en: 'New chat assigned to you', id: 'Chat baru ditugaskan kepada Anda' },
  'push.assigned.body': { en: '{0} · {1}', id: '{0} · {1}' },
  'push.mention.title': { en: '{0} mentioned you', id: '{0} menyebut Anda' },
  'push.mention.body': { en: '{0}: {1}', id: '{0}: {1}' },
} as const;
