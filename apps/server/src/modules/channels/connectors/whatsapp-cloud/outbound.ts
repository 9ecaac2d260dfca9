import type { MessageKey } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import { TokenBuckets } from '../../../../platform/rate/token-bucket.js';
import { markRead, sendMessage, uploadMedia } from '../../../../platform/whatsapp/graph-client.js';
import { mediaStorage, mergeMessagePayload } from '../../../conversations/index.js';
import {
  type WhatsappCloudConfig,
  type WhatsappCloudSecrets,
  whatsappConfigOf,
} from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import type { ChannelConnector } from '../connector.js';
import { graphMessageOf, MEDIA_TYPES } from './outbound-payload.js';

/** The spec's reason for a Graph error code (000 §8 WhatsApp errors). */
export function reasonOf(code: number | null, retryable: boolean): MessageKey {
  if (code === 130429) return 'wa.rateLimit';
  if (code === 131056) return 'wa.pairRateLimit';
  if (code === 131047) return 'wa.reengagement';
  if (code === 131026) return 'wa.undeliverable';
  return retryable ? 'wa.unavailable' : 'wa.failed';
}

/**
 * The Graph media id of a media message's file: uploaded once (POST /{phone-number-id}/media) and remembered
 * on the message's payload with the account it belongs to, so a retried send does not upload it again.
 */
async function mediaIdOf(
  deps: ServerDeps,
  accountId: string,
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  message: OutboundContext['message'],
): Promise<{ ok: true; id: string } | Extract<SendOutcome, { ok: false }>> {
  const cached = message.payload?.whatsappMedia as { id?: unknown; accountId?: unknown } | undefined;
  if (typeof cached?.id === 'string' && cached.accountId === accountId) return { ok: true, id: cached.id };
  const key = message.payload?.storageKey;
  const file = typeof key === 'string' ? await mediaStorage(deps).get(key) : null;
  if (!file) return { ok: false, retryable: false, reason: 'wa.mediaUploadFailed', detail: 'file not found' };
  const result = await uploadMedia(config, secrets, {
    bytes: file.bytes,
    mime: file.mime,
    filename: message.media?.filename ?? 'file',
  });
  if (!result.ok) {
    const reason = result.retryable ? reasonOf(result.code, true) : 'wa.mediaUploadFailed';
    return { ok: false, retryable: result.retryable, reason, detail: result.title };
  }
  const id = result.value?.id;
  if (!id) return { ok: false, retryable: false, reason: 'wa.mediaUploadFailed', detail: 'no media id' };
  await mergeMessagePayload(
    deps.db,
    { clientId: message.clientId, messageId: message.id },
    { whatsappMedia: { id, accountId } },
  );
  return { ok: true, id };
}

/**
 * WhatsApp Cloud's outbound half: a per-number token bucket before the provider (Meta's default throughput is
 * 80 messages/s per number), then POST /{phone-number-id}/messages.
 */
export function whatsappCloudSender(deps: ServerDeps): OutboundSender {
  const rate = deps.config.whatsappSendRate;
  const buckets = new TokenBuckets(rate, rate);
  return async ({ account, contact, recipientId, message, quotedProviderMessageId, lastTry }) => {
    // The number the customer writes from; a contact without a WhatsApp identity yet falls back to its phone.
    const to = recipientId ?? contact.phone;
    if (!to) return { ok: false, retryable: false, reason: 'wa.unavailable', detail: 'no phone' };
    if (!(await buckets.acquire(account.id, 2_000)) && !lastTry) {
      return { ok: false, retryable: true, reason: 'wa.rateLimit', detail: 'local send rate limit' };
    }
    const config = whatsappConfigOf(account);
    const secrets = openSecrets(deps, account);
    let mediaId: string | null = null;
    if (MEDIA_TYPES.has(message.type)) {
      const media = await mediaIdOf(deps, account.id, config, secrets, message);
      if (!media.ok) return media;
      mediaId = media.id;
    }
    const result = await sendMessage(
      config,
      secrets,
      to,
      graphMessageOf(message, quotedProviderMessageId, mediaId),
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

/** The read receipt of a customer's message (the inbox sends it for the latest one when a chat is opened). */
export const whatsappMarkRead: NonNullable<ChannelConnector['markRead']> = async (deps, account, wamid) => {
  const result = await markRead(whatsappConfigOf(account), openSecrets(deps, account), wamid);
  return result.ok ? { ok: true } : { ok: false, retryable: result.retryable, detail: result.title };
};
