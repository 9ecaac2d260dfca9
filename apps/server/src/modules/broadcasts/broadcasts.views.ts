import type { Broadcast, BroadcastRecipient, BroadcastStatus } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import type { RealtimeAudience } from '../../platform/realtime/audience.js';
import { publishRealtime } from '../conversations/index.js';
import * as repo from './broadcasts.repository.js';

/** Broadcasts as readers see them: history, detail, recipients and the live progress (001 §2, §4). */

export function toBroadcast(r: repo.BroadcastListRow): Broadcast {
  const b = r.broadcast;
  const [sentNow = 0, deliveredNow = 0, readNow = 0, failed = 0] = (r.counts ?? '').split(',').map(Number);
  const sent = sentNow + deliveredNow + readNow;
  return {
    id: b.id,
    campaignCode: b.campaignCode,
    status: b.status as BroadcastStatus,
    createdAt: b.createdAt.getTime(),
    scheduledAt: b.scheduledAt?.getTime() ?? null,
    startedAt: b.startedAt?.getTime() ?? null,
    finishedAt: b.finishedAt?.getTime() ?? null,
    template: { id: b.templateId, name: b.templateName, language: b.templateLanguage },
    category: b.category,
    subCategory: b.subCategory,
    sender: { channelAccountId: b.channelAccountId, name: r.senderName ?? '', phone: r.senderPhone ?? null },
    createdBy: b.createdBy ? { id: b.createdBy, name: r.creatorName ?? '' } : null,
    note: b.note,
    hasImage: b.image !== null,
    totals: {
      recipients: b.total,
      sent,
      delivered: deliveredNow + readNow,
      read: readNow,
      failed,
      pending: Math.max(0, b.total - sent - failed),
    },
    cost: Number(b.cost),
    failureReason: b.failureReason,
    review: b.review
      ? { decision: b.review.decision, by: b.review.by, at: b.review.at, reason: b.review.reason }
      : null,
  };
}

function toRecipient(r: repo.RecipientRow): BroadcastRecipient {
  return {
    id: r.id,
    phone: r.phone,
    name: r.name,
    status: r.status as BroadcastRecipient['status'],
    sentAt: r.sentAt?.getTime() ?? null,
    deliveredAt: r.deliveredAt?.getTime() ?? null,
    readAt: r.readAt?.getTime() ?? null,
    failedAt: r.failedAt?.getTime() ?? null,
    error: r.error ?? null,
  };
}

/** `broadcast.progress` goes to every user of the business who may read broadcasts. */
export const BROADCAST_READERS: RealtimeAudience = {
  permission: { subject: 'WHATSAPP_BROADCAST', action: 'READ' },
  visibility: 'readers',
};

/** Tells every reader of the business where the broadcast stands (the progress bar, the history row). */
export async function publishProgress(
  deps: Pick<ServerDeps, 'bus' | 'logger' | 'db'>,
  clientId: string,
  id: string,
) {
  const row = await repo.findBroadcast(deps.db, clientId, id);
  if (!row) return;
  const b = toBroadcast(row);
  await publishRealtime(
    deps,
    { type: 'broadcast.progress', clientId, broadcast: { id: b.id, status: b.status, totals: b.totals } },
    BROADCAST_READERS,
  );
}

export async function listBroadcasts(
  deps: ServerDeps,
  auth: AuthContext,
  q: {
    status?: BroadcastStatus | undefined;
    search?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const after = q.cursor ? decodeTimeCursor(q.cursor) : null;
  if (q.cursor && !after) throw badRequest('validation.invalid');
  const rows = await repo.listBroadcasts(deps.db, auth.clientId, { ...q, after });
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) =>
    encodeTimeCursor(last.broadcast.createdAt, last.broadcast.id),
  );
  return { items: page.map(toBroadcast), nextCursor };
}

export async function getBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findBroadcast(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return toBroadcast(row);
}

export async function listBroadcastRecipients(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  q: { status?: BroadcastRecipient['status'] | undefined; cursor?: string | undefined; limit: number },
) {
  if (!(await repo.findBroadcast(deps.db, auth.clientId, id))) throw notFound();
  if (q.cursor && !/^\d{1,20}$/.test(q.cursor)) throw badRequest('validation.invalid');
  const rows = await repo.listRecipients(deps.db, auth.clientId, id, {
    status: q.status,
    afterPhone: q.cursor,
    limit: q.limit,
  });
  const { page, nextCursor } = keysetPage(rows, q.limit, (last) => last.phone);
  return { items: page.map(toRecipient), nextCursor };
}

// ---------------------------------------------------------------- cancel, review

/** 001 §4: a scheduled dispatch (or one still waiting for a checker) is cancelled; anything else is 409. */
