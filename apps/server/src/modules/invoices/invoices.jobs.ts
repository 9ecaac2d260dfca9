import { billablePeriod, jakartaDate } from '@sapa/contracts';
import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import { advanceBills, buildMonthlyBills } from './bills.service.js';
import { createBillsContext } from './invoices.context.js';

/** How often a worker looks for the month's bills to build (a drain: a late or restarted worker catches up). */
const MONTHLY_POLL_MS = 600_000;
/** How often the bills' clock runs (auto-confirm, final invoice, overdue). */
const LIFECYCLE_POLL_MS = 60_000;

/**
 * 001 §4: on the 3rd (Asia/Jakarta) each POST_PAID business's usage of the month before becomes a bill. From
 * the 3rd on every poll builds what is missing; what exists is skipped by the bill's unique period.
 */
export function monthlyBillsDrain(deps: ServerDeps) {
  const ctx = createBillsContext(deps);
  return defineDrain({
    name: 'invoices.monthly-bills',
    pollMs: MONTHLY_POLL_MS,
    drain: async () => {
      const period = billablePeriod(jakartaDate(new Date()));
      if (period) await buildMonthlyBills(ctx, period);
      return false;
    },
  });
}

export function billLifecycleDrain(deps: ServerDeps) {
  const ctx = createBillsContext(deps);
  return defineDrain({
    name: 'invoices.lifecycle',
    pollMs: LIFECYCLE_POLL_MS,
    drain: () => advanceBills(ctx),
  });
}
