import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows.js';
import type { ServerDeps } from '../../platform/deps.js';
import { recoverStale } from './broadcasts.claims.js';
import { broadcasts } from './broadcasts.schema.js';
import { startBroadcast } from './broadcasts.start.js';

/** Publishes a broadcast's progress (`force`: now, not at most every 500 ms). */
export type Progress = (clientId: string, id: string, force?: boolean) => Promise<void>;

/** Scheduled broadcasts that are due start (charging them), each in its own transaction. */
async function startDueBroadcasts(deps: ServerDeps, progress: Progress) {
  const due = rowsOf(
    await deps.db.execute(sql`
      select client_id, id from broadcasts
      where status = 'scheduled' and scheduled_at <= now() order by scheduled_at limit 20`),
  );
  for (const d of due) {
    const clientId = String(d.client_id);
    const id = String(d.id);
    await deps.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(broadcasts)
        .where(
          and(eq(broadcasts.clientId, clientId), eq(broadcasts.id, id), eq(broadcasts.status, 'scheduled')),
        )
        .for('update', { skipLocked: true });
      if (b) await startBroadcast(tx, b);
    });
    await progress(clientId, id, true);
  }
}

/** Approvals nobody gave in time (by the schedule, or within 24 hours of an unscheduled one) expire. */
async function expireLateApprovals(deps: ServerDeps, progress: Progress) {
  const expired = rowsOf(
    await deps.db.execute(sql`
      update broadcasts set status = 'expired', finished_at = now(), updated_at = now()
      where status = 'need_approval'
        and (scheduled_at <= now() or (scheduled_at is null and created_at < now() - interval '24 hours'))
      returning client_id, id`),
  );
  for (const e of expired) await progress(String(e.client_id), String(e.id), true);
}

/** The engine's sweep: due broadcasts start; late approvals expire; dead workers' claims return. */
export async function sweepBroadcasts(deps: ServerDeps, leaseMs: number, progress: Progress) {
  await startDueBroadcasts(deps, progress);
  await expireLateApprovals(deps, progress);
  await recoverStale(deps.db, leaseMs);
}
