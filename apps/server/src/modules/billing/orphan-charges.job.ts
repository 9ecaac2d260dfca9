import type { Db } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import { type MutationRow, settleWindowCharges, unsettledWindowCharges } from './billing.repository.js';
import { refundWindowOf } from './conversation-charges.js';

/**
 * How long a window charge waits for the message it was made for before the sweep calls it orphaned. A send
 * stores its message right after the charge commits (milliseconds); ten minutes is far beyond any request.
 */
export const ORPHAN_CHARGE_GRACE_MS = 10 * 60_000;
/** Window charges checked per round. */
const SWEEP_BATCH = 200;
/** How often every worker sweeps. */
const SWEEP_POLL_MS = 60_000;

/** Which of these messages are stored (`clientId/messageId`): conversations answers (billing sits below it). */
export type StoredMessageIds = (
  db: Db,
  refs: { clientId: string; messageId: string }[],
) => Promise<Set<string>>;

/**
 * Issue 20: a charge left without its message — the process died after the charge committed and before the
 * send was stored — is given back. Window charges older than `ORPHAN_CHARGE_GRACE_MS` whose opening message
 * was not checked yet are looked up in the messages; each one missing is refunded (`refundWindowOf`: once per
 * charge, under the wallet lock, and the window ended), then the round's windows are marked settled.
 * Restart-safe: a round that dies before settling is done again, and a refund already made is not made twice;
 * two workers sweeping at once refund each charge once.
 */
export async function refundOrphanCharges(
  deps: Pick<ServerDeps, 'db' | 'logger'>,
  storedMessageIds: StoredMessageIds,
  now: Date = new Date(),
): Promise<{ checked: number; refunded: MutationRow[] }> {
  const due = await unsettledWindowCharges(
    deps.db,
    new Date(now.getTime() - ORPHAN_CHARGE_GRACE_MS),
    SWEEP_BATCH,
  );
  if (due.length === 0) return { checked: 0, refunded: [] };
  const stored = await storedMessageIds(deps.db, due);
  const refunded: MutationRow[] = [];
  for (const charge of due) {
    if (stored.has(`${charge.clientId}/${charge.messageId}`)) continue;
    const refund = await refundWindowOf(deps.db, charge.clientId, charge.messageId);
    if (!refund) continue;
    refunded.push(refund);
    deps.logger.warn(
      { clientId: charge.clientId, chargeId: charge.mutationId, messageId: charge.messageId },
      'chat-credit charge without its message refunded',
    );
  }
  await settleWindowCharges(deps.db, due);
  return { checked: due.length, refunded };
}

export function orphanChargeDrain(deps: ServerDeps, storedMessageIds: StoredMessageIds) {
  return defineDrain({
    name: 'billing.orphan-charges',
    pollMs: SWEEP_POLL_MS,
    drain: async () => (await refundOrphanCharges(deps, storedMessageIds)).checked === SWEEP_BATCH,
  });
}
