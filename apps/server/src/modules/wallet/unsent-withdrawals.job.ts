import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import { setWithdrawalGatewayId, unsentWithdrawals } from './wallet.repository.js';
import {
  applyDisbursement,
  createWalletContext,
  sendDisbursement,
  type WalletContext,
} from './wallet.service.js';

/** How long a withdrawal waits for its disbursement call before the sweep takes it up (a call takes ≤ 15 s). */
export const UNSENT_GRACE_MS = 2 * 60_000;
const SWEEP_BATCH = 50;
const SWEEP_POLL_MS = 60_000;

/**
 * A withdrawal committed but never confirmed by the gateway (the gateway not reached, or the process died
 * between the two) is looked up at the gateway by its `external_id`: one found is attached (and applied when it
 * is already final); none is asked for again with the same idempotency key. Run twice, it makes one
 * disbursement.
 */
export async function sendUnsentWithdrawals(ctx: WalletContext, now: Date = new Date()) {
  const gateway = ctx.gateway;
  if (!gateway) return { checked: 0 };
  const due = await unsentWithdrawals(ctx.deps.db, new Date(now.getTime() - UNSENT_GRACE_MS), SWEEP_BATCH);
  for (const w of due) {
    try {
      const found = await gateway.findDisbursement(w.id);
      if (!found) await sendDisbursement(ctx, gateway, w);
      else if (found.status === 'pending') await setWithdrawalGatewayId(ctx.deps.db, w.id, found.gatewayId);
      else await applyDisbursement(ctx, found);
    } catch (err) {
      ctx.deps.logger.warn({ err: String(err), withdrawalId: w.id }, 'unsent withdrawal not looked up');
    }
  }
  return { checked: due.length };
}

export function unsentWithdrawalDrain(deps: ServerDeps) {
  const ctx = createWalletContext(deps);
  return defineDrain({
    name: 'wallet.unsent-withdrawals',
    pollMs: SWEEP_POLL_MS,
    drain: async () => (await sendUnsentWithdrawals(ctx)).checked === SWEEP_BATCH,
  });
}
