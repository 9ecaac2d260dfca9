import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { ServerDeps } from '../../platform/deps.js';
import { defineJob } from '../../platform/jobs/job-queue.js';
import { createDelivery } from './delivery.js';
import { keepInOutbox } from './outbox.js';

/**
 * Delivers a message to a person (an OTP by email or WhatsApp): by SMTP (SMTP_URL) or the platform's WhatsApp
 * number when configured for its channel, otherwise into the outbox table (what demo mode shows).
 */
export function sendNotificationJob(deps: Pick<ServerDeps, 'db' | 'config' | 'partner'>) {
  const deliver = createDelivery(deps.config.delivery, deps.partner.brandName);
  return defineJob({
    name: 'notifications.send',
    schema: z.object({
      channel: z.enum(['email', 'whatsapp']),
      recipient: z.string(),
      /** The Sapa user it is for (the demo outbox shows it to their business's owner/admin). */
      userId: z.string().uuid().optional(),
      subject: z.string(),
      body: z.string(),
      code: z.string().optional(),
      /** Idempotency: a retried job writes the message once. */
      messageId: z.string().uuid(),
    }),
    retryLimit: 5,
    handler: async (data) => {
      if (!(await deliver(data))) await keepInOutbox(deps.db, data);
    },
  });
}

export type SendNotificationJob = ReturnType<typeof sendNotificationJob>;
export const newMessageId = uuidv7;

/** A message to queue for a person; its idempotency id is given as it is queued. */
export type Notify = (message: Omit<z.input<SendNotificationJob['schema']>, 'messageId'>) => Promise<void>;

/** Queues each message on the notification job (what app.ts hands to the modules that notify people). */
export function notifyThrough(deps: Pick<ServerDeps, 'jobs'>, job: SendNotificationJob): Notify {
  return async (message) => {
    await deps.jobs.send(job, { ...message, messageId: newMessageId() });
  };
}
