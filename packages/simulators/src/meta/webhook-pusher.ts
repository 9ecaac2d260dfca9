import { createPoster } from '../http-post.js';
import { createRetryingDeliveries } from '../retrying-deliveries.js';
import { metaSignature } from '../signatures.js';
import type { MetaAccount } from './state.js';

/**
 * Delivers webhooks like Meta: `{ object: page | instagram, entry: [{ id, time, messaging: [...] }] }` signed
 * with the app secret in `X-Hub-Signature-256`; an account's deliveries go one after another, and a non-2xx
 * answer (or none) is tried again, byte for byte, with a doubling delay.
 */
export function createWebhookPusher(options: {
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
  isClosed: () => boolean;
}) {
  const poster = createPoster();
  const deliveries = createRetryingDeliveries(options);

  const postSigned = (account: MetaAccount, url: string, raw: string) =>
    poster
      .post(
        url,
        raw,
        { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(account.appSecret, raw) },
        { timeoutMs: options.timeoutMs },
      )
      .catch(() => 0);

  return {
    /** Queues one delivery of these events to the account's webhook (nothing when none is set). */
    push(account: MetaAccount, events: Record<string, unknown>[]) {
      if (!account.webhook || options.isClosed() || events.length === 0) return;
      const raw = JSON.stringify({
        object: account.platform === 'instagram' ? 'instagram' : 'page',
        entry: [{ id: account.id, time: Date.now(), messaging: events }],
      });
      deliveries.enqueue(account.id, () => {
        const hook = account.webhook;
        return hook ? { raw, post: () => postSigned(account, hook.callbackUrl, raw) } : null;
      });
    },
    postSigned,
    pending: deliveries.pending,
    delivered: () => deliveries.delivered().map(({ key, ...d }) => ({ accountId: key, ...d })),
    stats: deliveries.stats,
    close: () => poster.destroy(),
  };
}

export type WebhookPusher = ReturnType<typeof createWebhookPusher>;
