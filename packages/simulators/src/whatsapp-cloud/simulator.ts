import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { createCalls, registerCallRoutes } from './calls.js';
import { createCatalogues, registerCatalogueRoutes } from './catalogues.js';
import { createContext } from './context.js';
import { registerControlRoutes } from './control-routes.js';
import { createConversations } from './conversations.js';
import { registerCustomerCallRoutes } from './customer-calls.js';
import { createCustomerFeed } from './customer-feed.js';
import { registerCustomerPageRoutes } from './customer-page-routes.js';
import { createCustomerSends } from './customer-sends.js';
import { registerEmbeddedSignup } from './embedded-signup.js';
import { createGraphAuth } from './graph-auth.js';
import { graphErrorHandler } from './graph-errors.js';
import { registerGraphRoutes } from './graph-routes.js';
import { createMediaStore } from './media-store.js';
import { createNumberRegistry } from './number-registry.js';
import { createSendHandler } from './outbound-send.js';
import { createSendLimits } from './send-limits.js';
import { createStatusScheduler } from './status-scheduler.js';
import { registerTemplatesApi, type TemplatesApi } from './templates-api.js';
import type { WhatsappCloudSimulator, WhatsappCloudSimulatorOptions } from './types.js';
import { createWebhookSender } from './webhook-sender.js';

/**
 * Start a WhatsApp Cloud API simulator (Graph endpoints, signed webhooks, limits, customer phone page).
 * See types.ts for the options and the returned handle.
 */
export async function startWhatsappCloudSimulator(
  options: WhatsappCloudSimulatorOptions = {},
): Promise<WhatsappCloudSimulator> {
  const ctx = createContext(options);
  const { host, graphVersion } = ctx.config;

  const registry = createNumberRegistry(ctx);
  const { numbers } = registry;
  const mediaStore = createMediaStore();
  const conversations = createConversations(ctx);
  const feed = createCustomerFeed();
  const webhooks = createWebhookSender(ctx);
  const statuses = createStatusScheduler(ctx, { numbers, conversations, webhooks, feed });
  const limits = createSendLimits(ctx);
  let templatesApi: TemplatesApi | undefined;
  const catalogues = createCatalogues();
  const handleSend = createSendHandler(ctx, {
    catalogues,
    mediaStore,
    conversations,
    limits,
    statuses,
    feed,
    checkTemplate: (num, template) => templatesApi?.checkSend(num.wabaId, template),
  });
  const customerSends = createCustomerSends(ctx, {
    numbers,
    conversations,
    mediaStore,
    feed,
    webhooks,
    catalogues,
  });
  const auth = createGraphAuth(ctx, { registry, mediaStore });
  const calls = createCalls({ numbers, webhooks });

  // ---------------------------------------------------------------- HTTP

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 110 * 1024 * 1024,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });
  app.setErrorHandler(graphErrorHandler);

  let baseUrl = '';
  registerGraphRoutes(app, ctx, { registry, mediaStore, auth, handleSend, baseUrl: () => baseUrl });
  registerCatalogueRoutes(app, { registry, auth, catalogues });
  registerCallRoutes(app, { auth, calls });
  registerCustomerCallRoutes(app, calls);
  registerCustomerPageRoutes(app, { registry, conversations, mediaStore, feed, customerSends, statuses });
  registerControlRoutes(app, ctx, { registry, conversations, customerSends, statuses });
  templatesApi = registerTemplatesApi(app, ctx, { registry, auth, webhooks });
  const embeddedSignup = registerEmbeddedSignup(app, ctx, { registry });
  for (const meta of options.metaApps ?? []) embeddedSignup.registerApp(meta);

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = (options.publicUrl ?? `http://${urlHost}:${port}`).replace(/\/$/, '');

  // ---------------------------------------------------------------- handle

  const { stats, timers } = ctx;
  return {
    url: baseUrl,
    graphBaseUrl: `${baseUrl}/${graphVersion}`,
    async close() {
      if (ctx.closed) return;
      ctx.closed = true;
      webhooks.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      feed.endAll();
      await app.close();
    },
    registerNumber: registry.register,
    registerApp: embeddedSignup.registerApp,
    customerSends,
    customerReads: statuses.customerReads,
    customerCalls: calls.customerCalls,
    customerHangsUp: calls.customerHangsUp,
    call: calls.call,
    catalogue: (wabaId) => {
      const c = catalogues.ofWaba(wabaId);
      return { id: c.id, items: [...c.items.values()].map((i) => ({ ...i })) };
    },
    conversation: conversations.businessMessages,
    setUndeliverable: conversations.setUndeliverable,
    closeWindow: conversations.closeWindow,
    deliveredWebhooks: () => webhooks.delivered(),
    stats: () => ({ ...stats, failedByCode: { ...stats.failedByCode } }),
    async idle() {
      while (!ctx.closed && (webhooks.pending() > 0 || timers.size > 0)) {
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
