import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { createCustomerFeed } from './customer-feed.js';
import { registerCustomerRoutes } from './customer-routes.js';
import { createCustomerSends } from './customer-sends.js';
import { registerMessagingApiRoutes } from './messaging-api-routes.js';
import { createState } from './state.js';
import type { LineSimulator, LineSimulatorOptions } from './types.js';
import { createWebhookPusher } from './webhook-pusher.js';

/**
 * Starts a LINE Messaging API simulator: the endpoints Sapa calls (`messaging-api-routes.ts`; the content host
 * is the same server), signed webhooks retried on a non-2xx answer (`webhook-pusher.ts`), reply tokens that
 * serve once within a minute, push idempotent on `X-Line-Retry-Key`, a per-channel send rate answered with
 * 429, and a customer chat page (`/`).
 */
export async function startLineSimulator(options: LineSimulatorOptions = {}): Promise<LineSimulator> {
  let closed = false;
  const state = createState();
  const feed = createCustomerFeed();
  const pusher = createWebhookPusher({
    retry: options.retry ?? { attempts: 6, baseDelayMs: 250 },
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    isClosed: () => closed,
  });
  const customerSends = createCustomerSends({ state, feed, pusher });
  const stats = { sends: 0, throttled: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 60 * 1024 * 1024,
    forceCloseConnections: true,
  });
  registerMessagingApiRoutes(app, {
    state,
    feed,
    pusher,
    stats,
    replyTokenTtlMs: options.replyTokenTtlMs ?? 60_000,
    sendRatePerSecond: options.sendRatePerSecond ?? 2000,
  });
  registerCustomerRoutes(app, { state, feed, customerSends });

  const url = await listenAdvertised(app, options);

  return {
    url,
    apiBaseUrl: url,
    dataBaseUrl: url,
    async close() {
      if (closed) return;
      closed = true;
      pusher.close();
      feed.endAll();
      await app.close();
    },
    registerChannel(args) {
      const c = state.register(args);
      return { botUserId: c.botUserId, channelSecret: c.channelSecret, accessToken: c.accessToken };
    },
    customerSends,
    botMessages: (accessToken, userId) =>
      (state.channels.get(accessToken)?.chats.get(userId)?.entries ?? [])
        .filter((e) => e.direction === 'out' && e.sent)
        .map((e) => ({ ...e.sent!, via: e.via ?? 'push' })),
    contentBytes: (id) => state.contents.get(id)?.bytes,
    webhookOf: (accessToken) => {
      const hook = state.channels.get(accessToken)?.webhook;
      return hook ? { ...hook } : null;
    },
    deliveredWebhooks: () => pusher.delivered(),
    revokeAccessToken(accessToken) {
      state.reissueAccessToken(accessToken);
    },
    postSigned(accessToken, raw) {
      const channel = state.channels.get(accessToken);
      if (!channel?.webhook) return Promise.resolve(0);
      return pusher.postSigned(channel, channel.webhook.endpoint, raw);
    },
    stats: () => ({ ...stats, ...pusher.stats() }),
    async idle() {
      while (!closed && pusher.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
