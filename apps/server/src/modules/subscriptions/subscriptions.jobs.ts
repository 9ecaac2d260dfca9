import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import { expireLapsedPlans } from '../tenancy/index.js';

/** How often every worker looks for validity that ran out (gating reads the clock itself, so this is display). */
const EXPIRY_POLL_MS = 60_000;
const EXPIRY_BATCH = 500;

/**
 * 001 §4 expiry: moves businesses whose package ran out to Expired and whose trial ran out to Free. A drain
 * loop over `clients` rather than a timer: the state is in the table, so a restart forgets nothing and any
 * number of workers share it (`FOR UPDATE SKIP LOCKED`).
 */
export function subscriptionExpiry(deps: ServerDeps) {
  return defineDrain({
    name: 'subscriptions.expiry',
    pollMs: EXPIRY_POLL_MS,
    drain: async () => (await expireLapsedPlans(deps.db, new Date(), EXPIRY_BATCH)).length === EXPIRY_BATCH,
  });
}
