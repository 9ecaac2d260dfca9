import type { Language } from '@sapa/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { contacts } from '../contacts/contacts.schema.js';
import { messages, tickets, ticketTransfers } from '../conversations/conversations.schema.js';
import { memberships, users } from '../identity/identity.schema.js';
import { pushNotices, pushPresence, pushSubscriptions } from './push.schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

interface Owner {
  clientId: string;
  userId: string;
  sessionId: string;
}

/** Stores this browser's subscription for the session; an endpoint seen before moves to this session and keys. */
export async function upsertSubscription(
  db: DbOrTx,
  owner: Owner,
  sub: { endpoint: string; p256dh: string; auth: string },
) {
  const now = new Date();
  await db
    .insert(pushSubscriptions)
    .values({ id: uuidv7(), ...owner, ...sub, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...owner, p256dh: sub.p256dh, auth: sub.auth, updatedAt: now },
    });
}

/** Deletes the caller's own subscription with this endpoint; false when they have none such. */
export async function deleteOwnSubscription(db: DbOrTx, owner: Omit<Owner, 'sessionId'>, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.clientId, owner.clientId),
        eq(pushSubscriptions.userId, owner.userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Sign-out: the session's browser gets no more pushes and counts as closed. */
export async function deleteSessionDevice(db: DbOrTx, clientId: string, sessionId: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.sessionId, sessionId)));
  await db
    .delete(pushPresence)
    .where(and(eq(pushPresence.clientId, clientId), eq(pushPresence.sessionId, sessionId)));
}

export async function deleteSubscriptionById(db: DbOrTx, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function setPresence(db: DbOrTx, owner: Owner, status: 'ONLINE' | 'OFFLINE', at: Date) {
  await db
    .insert(pushPresence)
    .values({ ...owner, status, seenAt: at })
    .onConflictDoUpdate({ target: pushPresence.sessionId, set: { ...owner, status, seenAt: at } });
}

/** Whether one of the user's signed-in browsers said ONLINE after `since` (a tab is open). */
export async function hasOpenTab(db: DbOrTx, clientId: string, userId: string, since: Date) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(pushPresence)
    .where(
      and(
        eq(pushPresence.clientId, clientId),
        eq(pushPresence.userId, userId),
        eq(pushPresence.status, 'ONLINE'),
        gt(pushPresence.seenAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export function subscriptionsOf(db: DbOrTx, clientId: string, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.userId, userId)));
}

/** The decision row of an event (no device). */
export const DECISION = '00000000-0000-0000-0000-000000000000';

/** Takes the decision on an event: false when another job (another process, an earlier try) took it. */
export async function claimDecision(db: DbOrTx, dedupeKey: string, clientId: string) {
  const rows = await db
    .insert(pushNotices)
    .values({ dedupeKey, subscriptionId: DECISION, clientId, sentAt: new Date() })
    .onConflictDoNothing()
    .returning({ key: pushNotices.dedupeKey });
  return rows.length > 0;
}

/** Lists the devices an event goes to (those subscribed when it was decided). */
export async function listNoticeDevices(db: DbOrTx, dedupeKey: string, clientId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .insert(pushNotices)
    .values(ids.map((subscriptionId) => ({ dedupeKey, subscriptionId, clientId })))
    .onConflictDoNothing();
}

/** The event's devices still to be pushed, with their subscriptions (a device gone meanwhile is dropped). */
export function pendingNotices(db: DbOrTx, dedupeKey: string) {
  return db
    .select({ subscription: pushSubscriptions })
    .from(pushNotices)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushNotices.subscriptionId))
    .where(and(eq(pushNotices.dedupeKey, dedupeKey), isNull(pushNotices.sentAt)));
}

/** Claims one device's push (in the transaction of its send); false when it was sent already. */
export async function claimNotice(db: DbOrTx, dedupeKey: string, subscriptionId: string) {
  const rows = await db
    .update(pushNotices)
    .set({ sentAt: new Date() })
    .where(
      and(
        eq(pushNotices.dedupeKey, dedupeKey),
        eq(pushNotices.subscriptionId, subscriptionId),
        isNull(pushNotices.sentAt),
      ),
    )
    .returning({ key: pushNotices.dedupeKey });
  return rows.length > 0;
}

/** An active member of the business: name and language (null when not a member any more). */
export async function memberOf(db: DbOrTx, clientId: string, userId: string) {
  const [row] = await db
    .select({ name: users.name, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.clientId, clientId),
        eq(memberships.userId, userId),
        isNull(memberships.deletedAt),
        eq(users.status, 'active'),
      ),
    );
  return row ? { name: row.name, language: (row.language ?? null) as Language | null } : null;
}

/** Active members of a business (mention targets). */
export function activeMembers(db: DbOrTx, clientId: string) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.clientId, clientId), isNull(memberships.deletedAt), eq(users.status, 'active')),
    );
}

/** The ticket as a notification names it: number, customer, who holds it now. */
export async function ticketOf(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select({
      displayNumber: tickets.displayNumber,
      status: tickets.status,
      assigneeId: tickets.assigneeId,
      contactName: contacts.name,
      preview: tickets.lastMessagePreview,
    })
    .from(tickets)
    .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  return row ?? null;
}

/** The ticket's latest hand-over (what makes an assignment one event, however many updates follow it). */
export async function latestTransfer(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select({ id: ticketTransfers.id, toUserId: ticketTransfers.toUserId })
    .from(ticketTransfers)
    .where(and(eq(ticketTransfers.clientId, clientId), eq(ticketTransfers.ticketId, ticketId)))
    .orderBy(desc(ticketTransfers.createdAt), desc(ticketTransfers.id))
    .limit(1);
  return row ?? null;
}

export async function noteOf(db: DbOrTx, clientId: string, messageId: string) {
  const [row] = await db
    .select({
      ticketId: messages.ticketId,
      visibility: messages.visibility,
      text: messages.text,
      senderUserId: messages.senderUserId,
    })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
  return row ?? null;
}
