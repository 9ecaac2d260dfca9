import type { ServerDeps } from '../../platform/deps.js';
import { defineDrain } from '../../platform/jobs/job-queue.js';
import {
  recordOnly,
  refreshStaleEstimates,
  type SendAdvancedBroadcast,
  sendDueAdvancedBroadcasts,
} from './advanced-broadcasts.service.js';

/** How often every worker looks for due sendings and stale estimates (schedules are to the minute). */
const ADVANCED_BROADCAST_POLL_MS = 15_000;

/**
 * The advanced-broadcast clock: sends what is due and refreshes the estimates daily after 00:00 Asia/Jakarta
 * (001 §4). A drain loop rather than a pg-boss cron: rows are claimed with `FOR UPDATE SKIP LOCKED`, so any
 * number of worker processes share it and a sending that was due while no worker ran goes out on start.
 */
export function advancedBroadcastClock(deps: ServerDeps, send: SendAdvancedBroadcast = recordOnly) {
  return defineDrain({
    name: 'advanced-broadcasts.clock',
    pollMs: ADVANCED_BROADCAST_POLL_MS,
    drain: async () => {
      const moreDue = await sendDueAdvancedBroadcasts(deps, send);
      const moreStale = await refreshStaleEstimates(deps);
      return moreDue || moreStale;
    },
  });
}
