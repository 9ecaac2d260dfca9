import {
  BROADCAST_DAILY_QUOTA_DEFAULT,
  BROADCAST_THROUGHPUT,
  type BroadcastStatus,
  broadcastCost,
  type MessageKey,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { chargeCredits } from '../billing/index.js';
import * as repo from './broadcasts.repository.js';
import { broadcasts } from './broadcasts.schema.js';

/** Starting a broadcast: the number's limits, its daily quota and the credits (001 §4, §8). */

/** What creating and reviewing need of the sending engine: a nudge when something became ready to send. */
export interface BroadcastEngineHandle {
  wake(): void;
}

export async function senderOf(db: DbOrTx, clientId: string, channelAccountId: string) {
  return repo.ensureSender(db, clientId, channelAccountId, {
    throughputPerSecond: BROADCAST_THROUGHPUT.default,
    dailyQuota: BROADCAST_DAILY_QUOTA_DEFAULT,
  });
}

/** Is there room in the number's daily quota for `total` more recipients? */
export async function quotaLeft(db: DbOrTx, clientId: string, channelAccountId: string, exceptId?: string) {
  const sender = await senderOf(db, clientId, channelAccountId);
  return sender.dailyQuota - (await repo.usedLast24h(db, clientId, channelAccountId, exceptId));
}

/**
 * Starts sending (in the caller's transaction): the daily quota is checked and the credits are charged for
 * every recipient (001 §4, §8: a number out of quota ends as failed for daily quota; a business without the
 * credits ends as failed with the insufficient-credits reason). Answers the status it got.
 */
export async function startBroadcast(
  tx: Tx,
  b: Pick<repo.BroadcastRow, 'clientId' | 'id' | 'channelAccountId' | 'category' | 'total' | 'templateName'>,
): Promise<{ status: BroadcastStatus; reason: MessageKey | null }> {
  const now = new Date();
  const stop = async (status: BroadcastStatus, reason: MessageKey) => {
    await tx
      .update(broadcasts)
      .set({ status, failureReason: reason, finishedAt: now, updatedAt: now })
      .where(and(eq(broadcasts.clientId, b.clientId), eq(broadcasts.id, b.id)));
    return { status, reason };
  };
  // One business's starts are serialised per number, so two starts never share the same quota room.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`broadcast-quota:${b.channelAccountId}`}))`);
  if ((await quotaLeft(tx, b.clientId, b.channelAccountId, b.id)) < b.total)
    return stop('failed_daily_quota', 'broadcast.dailyQuota');
  const cost = broadcastCost(b.category, b.total);
  try {
    await chargeCredits(tx, {
      clientId: b.clientId,
      amount: cost,
      description: 'broadcast',
      details: { template: b.templateName, recipients: b.total },
      referenceType: 'broadcast',
      referenceId: b.id,
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 402)
      return stop('failed', 'broadcast.creditsInsufficient');
    throw err;
  }
  await tx
    .update(broadcasts)
    .set({ status: 'in_process', cost: cost.toFixed(2), startedAt: now, updatedAt: now })
    .where(and(eq(broadcasts.clientId, b.clientId), eq(broadcasts.id, b.id)));
  return { status: 'in_process', reason: null };
}
