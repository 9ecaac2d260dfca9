import type { ServerDeps } from '../../platform/deps.js';
import { defineJob } from '../../platform/jobs/job-queue.js';
import { contactUploadPayload, failUpload, processUpload } from './contact-upload.service.js';

/** 001 §4 contact upload: processing, then success, partial or failed. */
export function contactUploadJob(deps: ServerDeps) {
  return defineJob({
    name: 'contacts.upload',
    schema: contactUploadPayload,
    retryLimit: 2,
    retryDelaySeconds: 2,
    handler: async ({ clientId, uploadId }, meta) => {
      try {
        await processUpload(deps, clientId, uploadId);
      } catch (err) {
        if (meta.retryCount >= meta.retryLimit) await failUpload(deps, clientId, uploadId);
        throw err;
      }
    },
  });
}

export type ContactUploadJob = ReturnType<typeof contactUploadJob>;
