import type { MessageKey } from '@sapa/contracts';
import { z } from 'zod';
import type { ServerDeps } from '../../../../platform/deps.js';
import { defineJob } from '../../../../platform/jobs/job-queue.js';
import { TokenBuckets } from '../../../../platform/rate/token-bucket.js';
import { whatsappConfigOf } from '../../channels.schema.js';
import { getAccount, openSecrets } from '../../channels.service.js';
import { RetryLater } from '../../outbound/outbound-send.job.js';
import type { OutboundSender } from '../../outbound/outbound-sender.js';
import { markRead, sendMessage } from './graph-client.js';
import { graphMessageOf } from './outbound-payload.js';

/** The spec's reason for a Graph error code (000 §8 WhatsApp errors). */
function reasonOf(code: number | null, retryable: boolean): MessageKey {
  if (code === 130429) return 'wa.rateLimit';
  if (code === 131056) return 'wa.pairRateLimit';
  if (code === 131047) return 'wa.reengagement';
  if (code === 131026) return 'wa.undeliverable';
  return retryable ? 'wa.unavailable' : 'wa.failed';
}

/**
 * WhatsApp Cloud's outbound half: a per-number token bucket before the provider (Meta's default throughput is
 * 80 messages/s per number), then POST /{phone-number-id}/messages.
 */
export function whatsappCloudSender(deps: ServerDeps): OutboundSender {
  const rate = deps.config.whatsappSendRate;
  const buckets = new TokenBuckets(rate, rate);
  return async ({ account, contact, message, quotedProviderMessageId, lastTry }) => {
    if (!contact.phone) return { ok: false, retryable: false, reason: 'wa.unavailable', detail: 'no phone' };
    if (!(await buckets.acquire(account.id, 2_000)) && !lastTry) {
      return { ok: false, retryable: true, reason: 'wa.rateLimit', detail: 'local send rate limit' };
    }
    const result = await sendMessage(
      whatsappConfigOf(account),
      openSecrets(deps, account),
      contact.phone,
      graphMessageOf(message, quotedProviderMessageId),
    );
    if (result.ok) return { ok: true, providerMessageId: result.value.messages?.[0]?.id ?? null };
    return {
      ok: false,
      retryable: result.retryable,
      reason: reasonOf(result.code, result.retryable),
      detail: result.title,
    };
  };
}

export const markReadJobSchema = z.object({
  clientId: z.string().uuid(),
  channelAccountId: z.string().uuid(),
  wamid: z.string().min(1),
});

/** The read receipt of the latest inbound message (queue `outbound.mark-read`). */
export function outboundMarkReadJob(deps: ServerDeps) {
  return defineJob({
    name: 'outbound.mark-read',
    schema: markReadJobSchema,
    retryLimit: 3,
    retryDelaySeconds: 2,
    handler: async ({ clientId, channelAccountId, wamid }, meta) => {
      const account = await getAccount(deps.db, clientId, channelAccountId);
      if (account?.status !== 'connected') return;
      const result = await markRead(whatsappConfigOf(account), openSecrets(deps, account), wamid);
      if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit)
        throw new RetryLater(result.title);
    },
  });
}
