import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineJob } from '../../platform/jobs/job-queue.js';
import { outboxMessages } from '../demo/demo.schema.js';

/**
 * Delivers a message to a person outside Sapa (an OTP by email or WhatsApp). With no provider configured the
 * message lands in the outbox table, which demo mode shows; a mail/WhatsApp provider plugs in here.
 */
export function sendNotificationJob(db: DbOrTx) {
  return defineJob({
    name: 'notifications.send',
    schema: z.object({
      channel: z.enum(['email', 'whatsapp']),
      recipient: z.string(),
      subject: z.string(),
      body: z.string(),
      /** Idempotency: a retried job writes the message once. */
      messageId: z.string().uuid(),
    }),
    retryLimit: 5,
    handler: async (data) => {
      await db
        .insert(outboxMessages)
        .values({
          id: data.messageId,
          channel: data.channel,
          recipient: data.recipient,
          subject: data.subject,
          body: data.body,
        })
        .onConflictDoNothing();
    },
  });
}

export type SendNotificationJob = ReturnType<typeof sendNotificationJob>;
export const newMessageId = uuidv7;
