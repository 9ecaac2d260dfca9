import {
  DEFAULT_LANGUAGE,
  type Language,
  PUSH_PRESENCE_TTL_MS,
  type PushPayload,
  type PushPresence,
  type PushSubscriptionInput,
  translate,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { agentStateOf } from '../teams/index.js';
import { displayIdOf, INBOX_PATH_OF } from './push.paths.js';
import * as repo from './push.repository.js';
import { isAllowedPushEndpoint, sendWebPush } from './push.sender.js';

const ownerOf = (auth: AuthContext) => ({
  clientId: auth.clientId,
  userId: auth.userId,
  sessionId: auth.sessionId,
});

/** 000 §7 PUT users/userProfile (the FCM token): stores this browser's Web Push subscription. */
export async function subscribe(deps: ServerDeps, auth: AuthContext, body: PushSubscriptionInput) {
  if (!isAllowedPushEndpoint(deps.config.push, body.endpoint))
    throw badRequest('push.serviceNotAllowed', { endpoint: 'push.serviceNotAllowed' });
  await repo.upsertSubscription(deps.db, ownerOf(auth), {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  });
  return { ok: true as const };
}

export async function unsubscribe(deps: ServerDeps, auth: AuthContext, endpoint: string) {
  if (!(await repo.deleteOwnSubscription(deps.db, auth, endpoint)))
    throw new AppError(404, 'push.subscriptionNotFound');
  return { ok: true as const };
}

/** 000 §7 POST pushnotif/status and pushnotif/offline: this browser's presence. */
export async function setPresence(deps: ServerDeps, auth: AuthContext, status: PushPresence) {
  await repo.setPresence(deps.db, ownerOf(auth), status, new Date());
  return { status };
}

/** Sign-out removes the device: its subscription and presence go with the session. */
export async function removeSessionDevice(deps: Pick<ServerDeps, 'db'>, auth: AuthContext) {
  await repo.deleteSessionDevice(deps.db, auth.clientId, auth.sessionId);
}

export interface PushContext {
  deps: ServerDeps;
  now: () => Date;
}

/**
 * Pushes to every subscribed browser of a member who is away: offline (agent status) or with no tab open
 * (no ONLINE presence within `PUSH_PRESENCE_TTL_MS`). The first job to see `key` decides, for the devices
 * subscribed then; each of them is pushed once (`push_notices`), a failed send is left for the retry.
 */
async function pushToMember(
  ctx: PushContext,
  target: { clientId: string; userId: string },
  key: string,
  topic: string,
  payloadIn: (language: Language) => PushPayload,
): Promise<number> {
  const { deps } = ctx;
  const member = await repo.memberOf(deps.db, target.clientId, target.userId);
  if (!member) return 0;
  const since = new Date(ctx.now().getTime() - PUSH_PRESENCE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.claimDecision(tx, key, target.clientId))) return;
    const offline = (await agentStateOf(tx, target.clientId, target.userId)).status === 'offline';
    if (!offline && (await repo.hasOpenTab(tx, target.clientId, target.userId, since))) return;
    const devices = await repo.subscriptionsOf(tx, target.clientId, target.userId);
    await repo.listNoticeDevices(
      tx,
      key,
      target.clientId,
      devices.map((d) => d.id),
    );
  });
  const payload = payloadIn(member.language ?? DEFAULT_LANGUAGE);
  let sent = 0;
  let failure: unknown;
  for (const { subscription: sub } of await repo.pendingNotices(deps.db, key)) {
    try {
      await deps.db.transaction(async (tx) => {
        if (!(await repo.claimNotice(tx, key, sub.id))) return;
        const outcome = await sendWebPush(deps.config.push, sub, payload, topic);
        if (outcome === 'gone') await repo.deleteSubscriptionById(tx, sub.id);
        else sent++;
      });
    } catch (err) {
      deps.logger.warn({ err, subscriptionId: sub.id }, 'push failed');
      failure = err;
    }
  }
  if (failure) throw failure;
  return sent;
}

/** A chat was handed to an agent: one push per hand-over (its `ticket_transfers` row), if still theirs. */
export async function pushAssigned(
  ctx: PushContext,
  data: { clientId: string; ticketId: string; userId: string },
) {
  const ticket = await repo.ticketOf(ctx.deps.db, data.clientId, data.ticketId);
  if (ticket?.status !== 'assigned' || ticket.assigneeId !== data.userId) return 0;
  const transfer = await repo.latestTransfer(ctx.deps.db, data.clientId, data.ticketId);
  if (transfer?.toUserId !== data.userId) return 0;
  const displayId = displayIdOf(ticket.displayNumber);
  return pushToMember(ctx, data, `assigned:${transfer.id}`, topicOf(data.ticketId), (language) => ({
    kind: 'assigned',
    title: translate('push.assigned.title', language),
    body: translate('push.assigned.body', language, [displayId, ticket.contactName]),
    url: INBOX_PATH_OF(data.ticketId),
    ticketId: data.ticketId,
    tag: `ticket:${data.ticketId}`,
  }));
}

/** The most characters of a note a mention's notification shows. */
const NOTE_PREVIEW_MAX = 120;

/**
 * An internal note names colleagues as `@Name` (an active member's name, any case): each named member other
 * than its author is pushed once per note.
 */
export async function pushMentions(ctx: PushContext, data: { clientId: string; messageId: string }) {
  const { db } = ctx.deps;
  const note = await repo.noteOf(db, data.clientId, data.messageId);
  if (note?.visibility !== 'internal' || !note.text?.includes('@')) return 0;
  const text = note.text.toLowerCase();
  const members = await repo.activeMembers(db, data.clientId);
  const author = members.find((m) => m.userId === note.senderUserId)?.name ?? '';
  const ticket = await repo.ticketOf(db, data.clientId, note.ticketId);
  if (!ticket) return 0;
  const preview =
    note.text.length > NOTE_PREVIEW_MAX ? `${note.text.slice(0, NOTE_PREVIEW_MAX - 1)}…` : note.text;
  let sent = 0;
  for (const m of members) {
    if (m.userId === note.senderUserId || !mentions(text, m.name)) continue;
    sent += await pushToMember(
      ctx,
      { clientId: data.clientId, userId: m.userId },
      `mention:${data.messageId}:${m.userId}`,
      topicOf(note.ticketId),
      (language) => ({
        kind: 'mention',
        title: translate('push.mention.title', language, [author]),
        body: translate('push.mention.body', language, [displayIdOf(ticket.displayNumber), preview]),
        url: INBOX_PATH_OF(note.ticketId),
        ticketId: note.ticketId,
        tag: `note:${data.messageId}`,
      }),
    );
  }
  return sent;
}

/** `@name` in the (lower-cased) text, not followed by another letter or digit (`@Ana` is not `@Anabel`). */
export function mentions(lowerText: string, name: string): boolean {
  const needle = `@${name.toLowerCase()}`;
  for (let at = lowerText.indexOf(needle); at >= 0; at = lowerText.indexOf(needle, at + 1)) {
    const next = lowerText.charAt(at + needle.length);
    if (!/[\p{L}\p{N}]/u.test(next)) return true;
  }
  return false;
}

/** RFC 8030 Topic (≤ 32 base64url characters): a newer push about the same chat replaces a waiting one. */
const topicOf = (ticketId: string) => ticketId.replaceAll('-', '');

/** Demo mode: a simulated browser (the push service simulator's subscriber) for a demo member. */
export async function upsertDemoSubscription(
  deps: Pick<ServerDeps, 'db'>,
  owner: { clientId: string; userId: string },
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await repo.upsertSubscription(
    deps.db,
    { ...owner, sessionId: `demo-device:${owner.userId}` },
    { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
  );
}
