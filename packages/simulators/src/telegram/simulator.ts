import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { registerBotApiRoutes } from './bot-api-routes.js';
import { createCustomerFeed } from './customer-feed.js';
import { registerCustomerRoutes } from './customer-routes.js';
import { createCustomerSends, createCustomerTaps } from './customer-sends.js';
import { createState } from './state.js';
import type { TelegramSimulator, TelegramSimulatorOptions } from './types.js';
import { createWebhookPusher } from './webhook-pusher.js';

/**
 * Starts a Telegram Bot API simulator: the Bot API methods Sapa calls (`bot-api-routes.ts`), updates pushed
 * to each bot's webhook with its secret token and retried on a non-2xx answer (`webhook-pusher.ts`), a
 * per-chat send rate answered with 429 `retry_after`, and a customer chat page (`/`).
 */
export async function startTelegramSimulator(
  options: TelegramSimulatorOptions = {},
): Promise<TelegramSimulator> {
  let closed = false;
  const state = createState();
  const feed = createCustomerFeed();
  const pusher = createWebhookPusher({
    retry: options.retry ?? { attempts: 6, baseDelayMs: 250 },
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    isClosed: () => closed,
  });
  const customerSends = createCustomerSends({ state, feed, pusher });
  const customerTaps = createCustomerTaps({ state, pusher });
  const stats = { sends: 0, throttled: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 60 * 1024 * 1024,
    forceCloseConnections: true,
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  registerBotApiRoutes(app, { state, feed, stats, chatRatePerSecond: options.chatRatePerSecond ?? 1 });
  registerCustomerRoutes(app, { state, feed, customerSends, customerTaps });

  const url = await listenAdvertised(app, options);

  return {
    url,
    apiBaseUrl: url,
    async close() {
      if (closed) return;
      closed = true;
      pusher.close();
      feed.endAll();
      await app.close();
    },
    registerBot: (args) => ({ id: state.register(args).id }),
    customerSends,
    customerTaps,
    botMessages: (token, chatId) =>
      (state.bots.get(token)?.chats.get(chatId)?.entries ?? [])
        .filter((e) => e.direction === 'out')
        .map((e) => e.message),
    fileBytes: (fileId) => state.file(fileId)?.bytes,
    blockBot(token, chatId) {
      const chat = state.bots.get(token)?.chats.get(chatId);
      if (chat) chat.blocked = true;
    },
    webhookOf: (token) => state.bots.get(token)?.webhook ?? null,
    deliveredUpdates: () => pusher.delivered(),
    stats: () => ({ ...stats, ...pusher.stats() }),
    async idle() {
      while (!closed && pusher.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
