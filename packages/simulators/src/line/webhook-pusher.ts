import { createPoster } from '../http-post.js';
import { createRetryingDeliveries } from '../retrying-deliveries.js';
import { lineSignature } from '../signatures.js';
import type { LineChannel } from './state.js';

/**
 * Delivers webhooks like LINE: a JSON `{ destination, events }` signed with the channel secret in
 * `x-line-signature`; a channel's deliveries go one after another, and a non-2xx answer (or none) is tried
 * again with a doubling delay, its events marked `deliveryContext.isRedelivery` (so the bytes, and the
 * signature, change; the `webhookEventId`s do not).
 */
export function createWebhookPusher(options: {
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
  isClosed: () => boolean;
}) {
  const poster = createPoster();
  const deliveries = createRetryingDeliveries(options);

  /** Posts a raw body signed with the channel's secret; answers the status (0: no answer). */
  const postSigned = (channel: LineChannel, url: string, raw: string) =>
    poster
      .post(
        url,
        raw,
        { 'content-type': 'application/json', 'x-line-signature': lineSignature(channel.channelSecret, raw) },
        { timeoutMs: options.timeoutMs },
      )
      .catch(() => 0);

  return {
    /** Queues a delivery for the channel's webhook (nothing when none is set). */
    push(channel: LineChannel, events: Record<string, unknown>[]) {
      if (!channel.webhook || options.isClosed()) return;
      deliveries.enqueue(channel.accessToken, (attempt) => {
        const hook = channel.webhook;
        if (!hook) return null;
        const raw = JSON.stringify({
          destination: channel.botUserId,
          events: events.map((e) => ({ ...e, deliveryContext: { isRedelivery: attempt > 1 } })),
        });
        return { raw, post: () => postSigned(channel, hook.endpoint, raw) };
      });
    },
    /** LINE's verification call: an empty delivery to the endpoint, once; answers the endpoint's status. */
    verify: (channel: LineChannel, endpoint: string) =>
      postSigned(channel, endpoint, JSON.stringify({ destination: channel.botUserId, events: [] })),
    postSigned,
    pending: deliveries.pending,
    delivered: () => deliveries.delivered().map(({ key, ...d }) => ({ accessToken: key, ...d })),
    stats: deliveries.stats,
    close: () => poster.destroy(),
  };
}

export type WebhookPusher = ReturnType<typeof createWebhookPusher>;
