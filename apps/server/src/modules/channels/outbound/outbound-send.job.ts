import type { MessageKey } from '@sapa/contracts';
import { z } from 'zod';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/jobs/job-queue.js';
import { refundWindowOf } from '../../billing/index.js';
import { markMessageFailed, markMessageSent, publishMessageUpdated } from '../../conversations/index.js';
import { getAccount } from '../channels.service.js';
import { connectorFor } from '../connectors/registry.js';
import { messageToSend, providerIdOfMessage } from './outbound-send.repository.js';
import { failure, type OutboundSender, RetryLater } from './outbound-sender.js';

export const sendJobSchema = z.object({
  clientId: z.string().uuid(),
  messageId: z.string().uuid(),
  /** Sends put off to the time the provider asked for (`retryAfterMs`), so far. */
  deferrals: z.number().int().min(0).max(100).optional(),
});

/** A send is put off to the provider's `retry_after` at most this many times, then retried by back-off. */
const MAX_DEFERRALS = 5;

async function markFailed(
  deps: ServerDeps,
  clientId: string,
  messageId: string,
  key: MessageKey,
  title = '',
) {
  const row = await markMessageFailed(deps.db, { clientId, messageId }, failure(key, title));
  if (!row) return;
  // A send that failed for good is not a conversation: the window it opened is refunded (once).
  await refundWindowOf(deps.db, clientId, messageId).catch((err: unknown) =>
    deps.logger.error({ err: String(err), messageId }, 'refund of a failed send not written'),
  );
  await publishMessageUpdated(deps, clientId, row);
}

/**
 * Sends one pending outbound message (queue `outbound.send`) through the connector of its ticket's channel
 * (`connectorFor`: one sender per channel and process, made on first use). Retryable failures (rate limits,
 * provider 5xx, network) are retried with back-off by pg-boss, or, when the provider names the time to try
 * again (`retryAfterMs`), sent again at that time (a new job, at most `MAX_DEFERRALS` times); after the last try, or on a final error, the
 * message fails with the spec's reason; a channel without a connector fails it as unavailable.
 */
export function outboundSendJob(deps: ServerDeps) {
  const senders = new Map<string, OutboundSender | undefined>();
  const senderOf = (channel: string) => {
    if (!senders.has(channel)) senders.set(channel, connectorFor(channel)?.createSender(deps));
    return senders.get(channel);
  };
  const job = defineJob({
    name: 'outbound.send',
    schema: sendJobSchema,
    retryLimit: 4,
    retryDelaySeconds: 1,
    concurrency: 2,
    handler: async ({ clientId, messageId, deferrals = 0 }, meta) => {
      const row = await messageToSend(deps.db, clientId, messageId);
      if (row?.message.status !== 'pending' || row.message.visibility !== 'public') return;
      const account = await getAccount(deps.db, clientId, row.ticket.channelAccountId);
      const sender = account ? senderOf(account.channel) : undefined;
      if (account?.status !== 'connected' || !sender) {
        await markFailed(deps, clientId, messageId, 'wa.unavailable');
        return;
      }
      const quotedProviderMessageId = row.message.replyToId
        ? await providerIdOfMessage(deps.db, clientId, row.message.replyToId)
        : null;
      const lastTry = meta.retryCount >= meta.retryLimit;
      const outcome = await sender({ deps, ...row, account, quotedProviderMessageId, lastTry });
      if (outcome.ok) {
        const ref = { clientId, messageId };
        const updated = await markMessageSent(deps.db, ref, outcome.providerMessageId);
        if (updated) await publishMessageUpdated(deps, clientId, updated);
        return;
      }
      if (outcome.retryable && outcome.retryAfterMs && deferrals < MAX_DEFERRALS) {
        // The provider named the time to try again (a 429's retry_after): the same send, that much later.
        const startAfterSeconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
        await deps.jobs.send(job, { clientId, messageId, deferrals: deferrals + 1 }, { startAfterSeconds });
        return;
      }
      if (outcome.retryable && !lastTry) throw new RetryLater(`${account.channel} send: ${outcome.detail}`);
      await markFailed(deps, clientId, messageId, outcome.reason, outcome.detail);
    },
  });
  return job;
}
