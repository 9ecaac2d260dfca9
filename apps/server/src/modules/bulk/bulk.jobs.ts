import type { ServerDeps } from '../../platform/deps.js';
import { defineJob } from '../../platform/jobs/job-queue.js';
import { bulkJobPayloadSchema, failBulkJob, type RunOptions, runBulkJob } from './bulk.service.js';

/**
 * The bulk queue (ARCHITECTURE: inbound has its own queue so bulk work never starves it): one job at a time
 * per worker process, chunked transactions, a yield between chunks. A job interrupted by a shutdown is
 * failed by pg-boss and retried; it resumes at its cursor.
 */
export function bulkJob(deps: ServerDeps, options: RunOptions) {
  return defineJob({
    name: 'tickets.bulk',
    schema: bulkJobPayloadSchema,
    concurrency: 1,
    retryLimit: 5,
    retryDelaySeconds: 1,
    handler: async ({ clientId, jobId }, meta) => {
      try {
        await runBulkJob(deps, options, clientId, jobId);
      } catch (err) {
        if (meta.retryCount >= meta.retryLimit) await failBulkJob(deps, clientId, jobId);
        throw err;
      }
    },
  });
}
