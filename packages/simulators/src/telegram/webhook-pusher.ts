import { createPoster } from '../http-post.js';
import { createRetryingDeliveries } from '../retrying-deliveries.js';
import type { Bot } from './state.js';

/** Whether Telegram would push `update` under the bot's `allowed_updates` (none or empty: the default types). */
function isAllowed(allowed: string[] | null, update: unknown): boolean {
  if (!allowed?.length) return true;
  const type = Object.keys(update as object).find((k) => k !== 'update_id');
  return type !== undefined && allowed.includes(type);
}

/**
 * Pushes updates to a bot's webhook like Telegram: one update per POST, JSON, the `secret_token` of
 * `setWebhook` in `X-Telegram-Bot-Api-Secret-Token`; a bot's updates go one after another (a later one waits
 * for the earlier one), and a non-2xx answer (or none) is tried again with a doubling delay.
 */
export function createWebhookPusher(options: {
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
  isClosed: () => boolean;
}) {
  const poster = createPoster();
  const deliveries = createRetryingDeliveries(options);

  return {
    /** Queues an update for the bot's webhook (nothing when none is set: Telegram would keep it for getUpdates). */
    push(bot: Bot, update: unknown) {
      if (!bot.webhook || options.isClosed() || !isAllowed(bot.webhook.allowedUpdates, update)) return;
      const raw = JSON.stringify(update);
      deliveries.enqueue(bot.token, () => {
        const hook = bot.webhook;
        if (!hook) return null;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (hook.secretToken) headers['x-telegram-bot-api-secret-token'] = hook.secretToken;
        return { raw, post: () => poster.post(hook.url, raw, headers, { timeoutMs: options.timeoutMs }) };
      });
    },
    pending: deliveries.pending,
    delivered: () => deliveries.delivered().map(({ key, ...d }) => ({ token: key, ...d })),
    stats: deliveries.stats,
    close: () => poster.destroy(),
  };
}

export type WebhookPusher = ReturnType<typeof createWebhookPusher>;
