import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import { businessesAwaitingBonus } from './billing.repository.js';
import { bonusMonthDue, creditMonthlyBonus } from './chat-credits.service.js';

/** How often every worker looks for businesses whose month's bonus is not credited yet. */
const BONUS_POLL_MS = 60_000;
/** Businesses credited per transaction-batch. */
const BONUS_BATCH = 200;

/**
 * Credits every business's monthly bonus (001 §9: on the 1st, Asia/Jakarta, usable only for inbound) for the
 * current month — one transaction per business, each keyed by the month in the ledger. A drain loop rather than
 * a cron: what is done is in the ledger, so a worker started after a restart (or a day late) credits what is
 * missing, two workers at once credit each business once (the wallet's row lock, then the month's row), and
 * a new business gets its bonus within a minute.
 */
export async function creditDueBonuses(deps: ServerDeps, now: Date = new Date()): Promise<boolean> {
  const month = bonusMonthDue(now);
  const due = await businessesAwaitingBonus(deps.db, month, BONUS_BATCH);
  for (const business of due) {
    await deps.db.transaction((tx) =>
      creditMonthlyBonus(
        tx,
        {
          id: business.id,
          accountStatus: business.account_status,
          subscriptionPackage: business.subscription_package,
        },
        month,
      ),
    );
  }
  return due.length === BONUS_BATCH;
}

export function monthlyBonusDrain(deps: ServerDeps) {
  return defineDrain({
    name: 'billing.monthly-bonus',
    pollMs: BONUS_POLL_MS,
    drain: () => creditDueBonuses(deps),
  });
}
