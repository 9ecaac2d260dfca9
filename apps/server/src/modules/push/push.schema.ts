import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Web Push subscriptions (000 §7 `users/userProfile` FCM token): one per signed-in browser (session), its push
 * service endpoint (unique: a browser that signs in as someone else takes its subscription along) and the keys
 * its pushes are encrypted to. Signing out deletes the session's row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.clientId, t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * 000 §7 `pushnotif/status`: whether a signed-in browser has Sapa open. ONLINE counts for
 * `PUSH_PRESENCE_TTL_MS` after `seen_at` (open tabs repeat it); OFFLINE when the last tab closes.
 */
export const pushPresence = pgTable(
  'push_presence',
  {
    sessionId: text('session_id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status').$type<'ONLINE' | 'OFFLINE'>().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_presence_user_idx').on(t.clientId, t.userId)],
);

/**
 * Each push once per device. For `<what happened>` (an assignment's transfer, a mention's message and person)
 * the first job to see it decides once — the row with the nil subscription id — and, when the person is away,
 * lists the devices subscribed at that moment; each listed device is then claimed (`sent_at`) in the
 * transaction of its send, so a failed send stays pending for the job's retry and a later device gets nothing.
 */
export const pushNotices = pgTable(
  'push_notices',
  {
    dedupeKey: text('dedupe_key').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    clientId: uuid('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.dedupeKey, t.subscriptionId] })],
);
