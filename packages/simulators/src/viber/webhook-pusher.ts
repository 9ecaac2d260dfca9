import { createPoster } from '../http-post.js';
import { createRetryingDeliveries } from '../retrying-deliveries.js';
import { viberSignature } from '../signatures.js';
import { type Bot, viberJson } from './state.js';

/**
 * Delivers callbacks like Viber: one event per POST, JSON signed with the bot's auth token in
 * `X-Viber-Content-Signature`; a bot's callbacks go one after another, and a non-2xx answer (or none) is
 * tried again with a doubling delay (the same bytes). Events the bot did not ask for in `set_webhook`
 * (`event_types`) are not sent; `message` always is.
 */
export function createWebhookPusher(options: {
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
  isClosed: () => boolean;
}) {
  const poster = createPoster();
  const deliveries = createRetryingDeliveries(options);

  /** Posts a raw body signed with the bot's token; answers the status (0: no answer). */
  const postSigned = (bot: Bot, url: string, raw: string) =>
    poster
      .post(
        url,
        raw,
        { 'content-type': 'application/json', 'x-viber-content-signature': viberSignature(bot.token, raw) },
        { timeoutMs: options.timeoutMs },
      )
      .catch(() => 0);

  return {
    /** Queues a callback for the bot's webhook (nothing when none is set, or the event is not asked for). */
    push(bot: Bot, event: Record<string, unknown>) {
      const hook = bot.webhook;
      if (!hook || options.isClosed()) return;
      if (event.event !== 'message' && !hook.eventTypes.includes(String(event.event))) return;
      const raw = viberJson({ ...event, chat_hostname: 'SN-SIM_' });
      deliveries.enqueue(bot.token, () => {
        const url = bot.webhook?.url;
        return url ? { raw, post: () => postSigned(bot, url, raw) } : null;
      });
    },
    /** `set_webhook`'s check: a signed `webhook` callback to the URL, once; answers its status. */
    check: (bot: Bot, url: string, messageToken: string) =>
      postSigned(
        bot,
        url,
        viberJson({
          event: 'webhook',
          timestamp: Date.now(),
          chat_hostname: 'SN-SIM_',
          message_token: messageToken,
        }),
      ),
    pending: deliveries.pending,
    delivered: () => deliveries.delivered().map(({ key, ...d }) => ({ token: key, ...d })),
    stats: deliveries.stats,
    close: () => poster.destroy(),
  };
}

export type WebhookPusher = ReturnType<typeof createWebhookPusher>;
