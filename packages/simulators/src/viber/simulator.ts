import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { createCustomerFeed } from './customer-feed.js';
import { registerCustomerRoutes } from './customer-routes.js';
import { createCustomerSends } from './customer-sends.js';
import { registerRestApiRoutes } from './rest-api-routes.js';
import { createState } from './state.js';
import type { ViberSimulator, ViberSimulatorOptions } from './types.js';
import { createWebhookPusher } from './webhook-pusher.js';

/**
 * Starts a Viber REST bot API simulator: the `/pa/*` methods Sapa calls (`rest-api-routes.ts`), callbacks
 * signed with the bot's token and retried on a non-2xx answer (`webhook-pusher.ts`), a per-user send rate
 * answered `tooManyRequests`, a media host, and a customer chat page (`/`).
 */
export async function startViberSimulator(options: ViberSimulatorOptions = {}): Promise<ViberSimulator> {
  let closed = false;
  let url = '';
  const state = createState();
  const feed = createCustomerFeed();
  const pusher = createWebhookPusher({
    retry: options.retry ?? { attempts: 6, baseDelayMs: 250 },
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    isClosed: () => closed,
  });
  const customerSends = createCustomerSends({ state, feed, pusher, baseUrl: () => url });
  const stats = { sends: 0, throttled: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 60 * 1024 * 1024,
    forceCloseConnections: true,
  });
  registerRestApiRoutes(app, {
    state,
    feed,
    pusher,
    stats,
    userRatePerSecond: options.userRatePerSecond ?? 5,
  });
  registerCustomerRoutes(app, { state, feed, customerSends });

  url = await listenAdvertised(app, options);

  return {
    url,
    apiBaseUrl: `${url}/pa`,
    async close() {
      if (closed) return;
      closed = true;
      pusher.close();
      feed.endAll();
      await app.close();
    },
    registerBot: (args) => ({ id: state.register(args).id }),
    customerSends,
    unsubscribe(token, userId) {
      const bot = state.bots.get(token);
      const chat = bot?.chats.get(userId);
      if (!bot || !chat) return;
      chat.subscribed = false;
      pusher.push(bot, {
        event: 'unsubscribed',
        timestamp: Date.now(),
        user_id: userId,
        message_token: state.newToken(),
      });
    },
    botMessages: (token, userId) =>
      (state.bots.get(token)?.chats.get(userId)?.entries ?? []).flatMap((e) => (e.sent ? [e.sent] : [])),
    fileBytes: (fileId) => state.files.get(fileId)?.bytes,
    webhookOf: (token) => state.bots.get(token)?.webhook ?? null,
    deliveredCallbacks: () => pusher.delivered(),
    stats: () => ({ ...stats, ...pusher.stats() }),
    async idle() {
      while (!closed && pusher.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
