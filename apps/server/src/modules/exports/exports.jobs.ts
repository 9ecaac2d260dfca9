import type { ServerDeps } from '../../platform/deps.js';
import { defineJob } from '../../platform/jobs/job-queue.js';
import { exportJobPayloadSchema, failExport, runExport } from './exports.service.js';

/**
 * The export queue (ARCHITECTURE: bulk work never starves inbound, which has its own drain): one export at a
 * time per worker process. An export interrupted by a crash or a passing database error is written again
 * from the start (the half-written file is removed); after the last attempt it is marked failed.
 */
export function exportJob(deps: ServerDeps) {
  return defineJob({
    name: 'exports.chats',
    schema: exportJobPayloadSchema,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 2,
    handler: async ({ clientId, id }, meta) => {
      try {
        await runExport(deps, clientId, id);
      } catch (err) {
        const final = await failExport(deps, clientId, id, err, meta.retryCount >= meta.retryLimit);
        deps.logger.warn({ err, exportId: id, final }, 'export failed');
        if (!final) throw err;
      }
    },
  });
}
