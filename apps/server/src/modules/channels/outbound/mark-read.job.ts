import { z } from 'zod';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/jobs/job-queue.js';
import { getAccount } from '../channels.service.js';
import { connectorFor } from '../connectors/registry.js';
import { RetryLater } from './outbound-sender.js';

/** `wamid`: the provider's id of the message read (the field keeps its first name for jobs already queued). */
export const markReadJobSchema = z.object({
  clientId: z.string().uuid(),
  channelAccountId: z.string().uuid(),
  wamid: z.string().min(1),
  /** The customer's id on the account (Messenger's `mark_seen` goes to them); absent in older jobs. */
  customerId: z.string().min(1).optional(),
  /** The provider's conversation of the message (Shopee), when the message names one. */
  conversationId: z.string().min(1).optional(),
});

/** The read receipt of the latest inbound message (queue `outbound.mark-read`), through the account's connector. */
export function outboundMarkReadJob(deps: ServerDeps) {
  return defineJob({
    name: 'outbound.mark-read',
    schema: markReadJobSchema,
    retryLimit: 3,
    retryDelaySeconds: 2,
    handler: async ({ clientId, channelAccountId, wamid, customerId, conversationId }, meta) => {
      const account = await getAccount(deps.db, clientId, channelAccountId);
      if (account?.status !== 'connected') return;
      const markRead = connectorFor(account.channel)?.markRead;
      if (!markRead) return;
      const result = await markRead(deps, account, wamid, customerId ?? null, {
        conversationId: conversationId ?? null,
      });
      if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit)
        throw new RetryLater(result.detail);
    },
  });
}
