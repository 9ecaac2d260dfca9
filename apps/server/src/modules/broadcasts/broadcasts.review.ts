import {
  BROADCAST_CANCELLABLE_STATUSES,
  type Broadcast,
  type BroadcastReview,
  type BroadcastRole,
  type BroadcastStatus,
} from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { makerCheckerOf } from '../maker-checker/index.js';
import * as repo from './broadcasts.repository.js';
import { broadcasts } from './broadcasts.schema.js';
import { type BroadcastEngineHandle, startBroadcast } from './broadcasts.start.js';
import { getBroadcast, publishProgress } from './broadcasts.views.js';

/** The media type of broadcasts on the maker/checker list. */
export const MEDIA_TYPE = 'WHATSAPP' as const;

/**
 * The caller's position: with maker/checker off every user who may write broadcasts is a maker and nobody
 * checks; with it on, the active accounts of the maker/checker list decide (helper module maker-checker).
 */
export async function roleOf(deps: Pick<ServerDeps, 'db'>, auth: AuthContext): Promise<BroadcastRole> {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  return {
    makerCheckerEnabled: mc.enabled,
    maker: mc.isMaker(auth.userId, MEDIA_TYPE),
    checker: mc.enabled && mc.isChecker(auth.userId, MEDIA_TYPE),
  };
}

/** A broadcast's status change in the business audit log (001 §2). */
function auditStatus(
  db: DbOrTx,
  auth: AuthContext,
  b: Pick<repo.BroadcastRow, 'id' | 'templateName' | 'status'>,
  action: string,
  after: { status: BroadcastStatus; decision?: string; reason?: string | null },
) {
  return recordAuditBy(db, auth, {
    area: 'BROADCASTS',
    action,
    target: { type: 'broadcast', id: b.id, label: b.templateName },
    before: { status: b.status },
    after,
  });
}

/** 001 §4: cancel a broadcast that has not started sending (scheduled, waiting for approval). */
export async function cancelBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findBroadcast(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(broadcasts)
      .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
      .where(
        and(
          eq(broadcasts.clientId, auth.clientId),
          eq(broadcasts.id, id),
          inArray(broadcasts.status, [...BROADCAST_CANCELLABLE_STATUSES]),
        ),
      )
      .returning({ id: broadcasts.id });
    if (done) await auditStatus(tx, auth, row.broadcast, 'broadcast.cancelled', { status: 'cancelled' });
    return done;
  });
  if (!changed) throw conflict('broadcast.notCancellable');
  await publishProgress(deps, auth.clientId, id);
  return getBroadcast(deps, auth, id);
}

const REVIEW_FROM: Record<BroadcastReview['action'], BroadcastStatus> = {
  approve: 'need_approval',
  reject: 'need_approval',
  reset: 'rejected',
};

/**
 * 001 §4: a Checker approves, rejects or resets the selected items, or all of them. Approving starts a
 * broadcast meant for now (charged, quota checked), schedules one whose time is ahead and expires one whose
 * time has passed; rejecting ends it; resetting puts a rejected item back in the approval list. Items not in
 * the state the action needs are left as they are.
 */
export async function reviewBroadcasts(
  deps: ServerDeps,
  engine: BroadcastEngineHandle,
  auth: AuthContext,
  body: BroadcastReview,
) {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  if (!mc.enabled || !mc.isChecker(auth.userId, MEDIA_TYPE)) throw new AppError(403, 'broadcast.notChecker');
  const from = REVIEW_FROM[body.action];
  const where = [eq(broadcasts.clientId, auth.clientId), eq(broadcasts.status, from)];
  if (!body.all) where.push(inArray(broadcasts.id, body.ids));
  const targets = await deps.db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(...where))
    .limit(500);
  const [me] = (
    (await deps.db.execute(sql`select name from users where id = ${auth.userId}`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const changedIds: string[] = [];
  let woke = false;
  for (const { id } of targets) {
    const done = await deps.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(broadcasts)
        .where(
          and(eq(broadcasts.clientId, auth.clientId), eq(broadcasts.id, id), eq(broadcasts.status, from)),
        )
        .for('update');
      if (!b) return false;
      const now = new Date();
      const review = {
        byUserId: auth.userId,
        by: me?.name ?? '',
        at: now.getTime(),
        reason: body.reason ?? null,
      };
      const set = async (status: BroadcastStatus, extra: Partial<repo.BroadcastRow> = {}) => {
        await tx
          .update(broadcasts)
          .set({ status, updatedAt: now, ...extra })
          .where(and(eq(broadcasts.clientId, auth.clientId), eq(broadcasts.id, id)));
        const decision = extra.review ? { decision: extra.review.decision, reason: extra.review.reason } : {};
        await auditStatus(tx, auth, b, `broadcast.${body.action}`, { status, ...decision });
      };
      if (body.action === 'reject')
        await set('rejected', { review: { ...review, decision: 'rejected' }, finishedAt: now });
      else if (body.action === 'reset') await set('need_approval', { review: null, finishedAt: null });
      else if (b.scheduledAt && b.scheduledAt > now)
        await set('scheduled', { review: { ...review, decision: 'approved' } });
      else if (b.scheduledAt)
        await set('expired', { review: { ...review, decision: 'approved' }, finishedAt: now });
      else {
        await set('need_approval', { review: { ...review, decision: 'approved' } });
        const started = await startBroadcast(tx, b);
        woke ||= started.status === 'in_process';
      }
      return true;
    });
    if (done) changedIds.push(id);
  }
  if (woke) engine.wake();
  const items: Broadcast[] = [];
  for (const id of changedIds) {
    await publishProgress(deps, auth.clientId, id);
    items.push(await getBroadcast(deps, auth, id));
  }
  return { changed: changedIds.length, items };
}
