import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { createCustomerFeed } from './customer-feed.js';
import { registerCustomerRoutes } from './customer-routes.js';
import { createCustomerReads, createCustomerSends } from './customer-sends.js';
import { GRAPH_VERSION, registerGraphRoutes } from './graph-routes.js';
import { createState } from './state.js';
import type { MetaSimulator, MetaSimulatorOptions } from './types.js';
import { createWebhookPusher } from './webhook-pusher.js';

/**
 * Starts the Meta messaging simulator: Facebook Pages (Messenger) and Instagram professional accounts on one
 * Graph-like API (`graph-routes.ts`: the Send API with Meta's 24-hour / 7-day window and its errors, echoes and
 * delivery receipts), signed webhooks retried on a non-2xx answer (`webhook-pusher.ts`), the app's webhook
 * settings verified with Meta's GET handshake, media URLs, and a customer chat page per platform.
 */
export async function startMetaSimulator(options: MetaSimulatorOptions = {}): Promise<MetaSimulator> {
  let closed = false;
  let url = '';
  const state = createState();
  const feed = createCustomerFeed();
  const pusher = createWebhookPusher({
    retry: options.retry ?? { attempts: 6, baseDelayMs: 250 },
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    isClosed: () => closed,
  });
  const customerSends = createCustomerSends({ state, feed, pusher, url: () => url });
  const customerReads = createCustomerReads({ state, pusher });
  const stats = { sends: 0, refused: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 60 * 1024 * 1024,
    forceCloseConnections: true,
  });
  const graph = registerGraphRoutes(app, { state, feed, pusher, stats });
  registerCustomerRoutes(app, { state, feed, customerSends, customerReads });
  url = await listenAdvertised(app, options);

  const accountOf = (id: string) => {
    const account = state.accounts.get(id);
    if (!account) throw new Error(`unknown account ${id}`);
    return account;
  };

  return {
    url,
    graphBaseUrl: `${url}/${GRAPH_VERSION}`,
    pageUrl: (platform, accountId) =>
      `${url}/${platform}${accountId ? `?account=${encodeURIComponent(accountId)}` : ''}`,
    async close() {
      if (closed) return;
      closed = true;
      pusher.close();
      feed.endAll();
      await app.close();
    },
    registerAccount(args) {
      const a = state.register(args);
      return { id: a.id, accessToken: a.accessToken, appSecret: a.appSecret };
    },
    async setWebhook(accountId, hook) {
      const account = accountOf(accountId);
      const challenge = String(Math.floor(Math.random() * 1e9));
      const check = new URL(hook.callbackUrl);
      check.search = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': hook.verifyToken,
        'hub.challenge': challenge,
      }).toString();
      const res = await fetch(check, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      const ok = !!res && res.status === 200 && (await res.text()) === challenge;
      account.webhook = ok ? { ...hook } : null;
      return ok;
    },
    customerSends,
    customerReads,
    seenByBusinessAt: (accountId, customerId) =>
      state.accounts.get(accountId)?.chats.get(customerId)?.seenByBusinessAt ?? null,
    sentMessages: (accountId, customerId) =>
      (state.accounts.get(accountId)?.chats.get(customerId)?.entries ?? []).flatMap((e) =>
        e.sent ? [e.sent] : [],
      ),
    sentAttachmentBytes: (mid) => graph.sentBytes.get(mid),
    setLastCustomerMessageAt(accountId, customerId, at) {
      const chat = accountOf(accountId).chats.get(customerId);
      if (chat) chat.lastCustomerAt = at;
    },
    revokeAccessToken(accountId) {
      accountOf(accountId).accessToken = `revoked-${Date.now()}`;
    },
    postSigned(accountId, raw) {
      const account = accountOf(accountId);
      if (!account.webhook) return Promise.resolve(0);
      return pusher.postSigned(account, account.webhook.callbackUrl, raw);
    },
    deliveredWebhooks: () => pusher.delivered(),
    stats: () => ({ ...stats, ...pusher.stats() }),
    async idle() {
      while (!closed && pusher.pending() > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
