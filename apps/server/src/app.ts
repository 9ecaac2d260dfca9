import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { VERSION_HEADER } from '@sapa/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { registerAccessRoleRoutes } from './modules/access-roles/access-roles.routes.js';
import { registerActivityRoutes } from './modules/activity/activity.routes.js';
import {
  advancedBroadcastClock,
  registerAdvancedBroadcastRoutes,
  sendThroughBroadcasts,
} from './modules/advanced-broadcasts/index.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { recordAudit } from './modules/audit/index.js';
import {
  type AutomationContext,
  automationJobs,
  automationTriggers,
  chatbotHolds,
  registerAutomationRoutes,
} from './modules/automation/index.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { monthlyBonusDrain, orphanChargeDrain } from './modules/billing/index.js';
import {
  broadcastEngine,
  registerBroadcastRoutes,
  takeBroadcastStatuses,
} from './modules/broadcasts/index.js';
import { bulkJob, registerBulkRoutes } from './modules/bulk/index.js';
import {
  applyCallWebhooks,
  CALL_WEBHOOK_FIELDS,
  callPublisher,
  callSocketOptions,
  endCallsOnSignOut,
  registerCallRoutes,
  registerPhoneCallRoutes,
} from './modules/calls/index.js';
import { registerCatalogueRoutes } from './modules/catalogue/index.js';
import {
  contactProfileJob,
  inboundDrains,
  mediaFetchJob,
  outboundMarkReadJob,
  outboundSendJob,
  registerChannelRoutes,
  registerLivechatRoutes,
  registerMetaVerificationRoutes,
  registerShopeeRoutes,
  registerWebhookIntakeRoutes,
  registerWhatsappVerificationRoute,
  shopeeRecoveryDrain,
  shopeeTokenRefreshDrain,
} from './modules/channels/index.js';
import {
  contactUploadJob,
  registerContactCrmRoutes,
  registerContactRoutes,
  registerContactUploadRoutes,
} from './modules/contacts/index.js';
import {
  autoAssignJob,
  contactTickets,
  hasOpenTickets,
  installNewTicketHold,
  installTicketVisibility,
  registerInboxRoutes,
  registerMediaRoutes,
  registerTicketCategoryRoutes,
  registerTicketPropertyRoutes,
  registerUploadRoutes,
  storedMessageIds,
  ticketLoad,
  triggerAutoAssignOnNewChats,
} from './modules/conversations/index.js';
import { registerCsLibraryRoutes } from './modules/cs-library/index.js';
import { registerAppRoutes, registerDemoShopRoute } from './modules/demo/demo.routes.js';
import { exportJob, registerExportRoutes } from './modules/exports/index.js';
import { registerIdentityRoutes } from './modules/identity/identity.routes.js';
import {
  billLifecycleDrain,
  createInvoicesContext,
  INVOICE_PURPOSE,
  invoicePaymentPurpose,
  monthlyBillsDrain,
  registerInvoiceRoutes,
} from './modules/invoices/index.js';
import { registerMakerCheckerRoutes } from './modules/maker-checker/maker-checker.routes.js';
import { notifyThrough, sendNotificationJob } from './modules/notifications/index.js';
import {
  ORDER_PURPOSE,
  orderNumberForPayment,
  orderPaymentPurpose,
  registerOrderRoutes,
  startCartsFromOrders,
} from './modules/orders/index.js';
import {
  createPaymentsContext,
  onPaymentPaid,
  registerPaymentPurpose,
  registerPaymentRoutes,
} from './modules/payments/index.js';
import { registerPlayRoutes, stopSessionsOnView } from './modules/play/index.js';
import { pushJobs, pushTriggers, registerPushRoutes, removeSessionDevice } from './modules/push/index.js';
import { registerSearchRoutes } from './modules/search/index.js';
import { registerShopifyRoutes, shopifyWebhookDrain } from './modules/shopify/index.js';
import { registerSignupRoutes } from './modules/signup/index.js';
import {
  installPlanGate,
  registerSubscriptionRoutes,
  SUBSCRIPTION_PURPOSE,
  subscriptionExpiry,
  subscriptionPurpose,
} from './modules/subscriptions/index.js';
import { goOfflineOnSignOut, registerTeamRoutes } from './modules/teams/index.js';
import {
  applyTemplateWebhooks,
  registerTemplateRoutes,
  sendFollowUp,
  TEMPLATE_WEBHOOK_FIELDS,
} from './modules/templates/index.js';
import { registerTicketFormRoutes } from './modules/ticket-forms/index.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import type { UserDeletionGuard } from './modules/users/users.service.js';
import { registerViewRoutes } from './modules/views/index.js';
import {
  createWalletContext,
  creditOrderTakings,
  registerWalletRoutes,
  unsentWithdrawalDrain,
} from './modules/wallet/index.js';
import { installRouteAccess, PUBLIC, type RegisteredRoute } from './platform/auth/route-access.js';
import type { ServerDeps } from './platform/deps.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { contractSerializerCompiler } from './platform/http/serializer.js';
import { installUnstorableTextGuard } from './platform/http/unstorable-text.js';
import { REALTIME_TOPIC, registerRealtimeHub } from './platform/realtime/realtime-hub.js';

export interface BuiltApp {
  app: FastifyInstance;
  /** Every registered route with its declared access (the access test walks these). */
  routes: RegisteredRoute[];
}

/**
 * Every job of every module (not yet registered on the queue). `now` is the automation's clock (tests set it to
 * fire a follow-up or an auto close without waiting).
 */
export function defineJobs(deps: ServerDeps, now: AutomationContext['now'] = () => new Date()) {
  const media = mediaFetchJob(deps);
  const contactProfile = contactProfileJob(deps);
  // Each message goes out through its channel's connector (`connectorFor`).
  const send = outboundSendJob(deps);
  const markRead = outboundMarkReadJob(deps);
  const broadcastSend = broadcastEngine(deps).drain;
  // Broadcasts take the statuses of their messages and templates their review webhooks: channels imports neither.
  const inbound = inboundDrains(
    deps,
    async (clientId, messageId) => {
      await deps.jobs.send(media, { clientId, messageId });
    },
    {
      statusTakers: [takeBroadcastStatuses],
      // Messenger and Instagram give only the customer's id: their name comes from the profile API.
      onCustomer: async (clientId, ticketId) => {
        await deps.jobs.send(contactProfile, { clientId, ticketId }, { singletonKey: `profile:${ticketId}` });
      },
      // WhatsApp calls (webhook field `calls`) ring in the calls module: channels does not import it.
      accountChanges: [
        { fields: TEMPLATE_WEBHOOK_FIELDS, apply: applyTemplateWebhooks },
        { fields: CALL_WEBHOOK_FIELDS, apply: applyCallWebhooks(callPublisher(deps)) },
      ],
      // A customer's WhatsApp catalogue order starts the chat's cart (orders): channels does not import orders.
      messageTakers: [startCartsFromOrders],
    },
  );
  return {
    notify: sendNotificationJob(deps),
    whatsappMedia: media,
    contactProfile,
    whatsappInbound: inbound.conversations,
    whatsappBroadcastStatuses: inbound.broadcastStatuses,
    send,
    bulk: bulkJob(deps, { inbox: { send, markRead } }),
    markRead,
    contactUpload: contactUploadJob(deps),
    autoAssign: autoAssignJob(deps),
    // An advanced broadcast's sending becomes a broadcast and wakes the sending engine.
    advancedBroadcastClock: advancedBroadcastClock(
      deps,
      sendThroughBroadcasts(deps, { wake: () => deps.jobs.wake(broadcastSend) }),
    ),
    broadcastSend,
    exportChats: exportJob(deps),
    // Automatic chat sends through the channels' send job (automation never imports channels).
    ...automationJobs({ deps, send, now }),
    subscriptionExpiry: subscriptionExpiry(deps),
    // 001 §9: each month's bonus credits, from the 1st.
    monthlyBonus: monthlyBonusDrain(deps),
    // Issue 20: a charge whose message was never stored (a crash between the two) is refunded.
    orphanCharges: orphanChargeDrain(deps, storedMessageIds),
    // Issue 21: a withdrawal the gateway never confirmed taking is looked up by its id and sent once.
    unsentWithdrawals: unsentWithdrawalDrain(deps),
    // Issue 21: the monthly bills, built on the 3rd, and their clock (auto-confirm, final invoice, overdue).
    monthlyBills: monthlyBillsDrain(deps),
    billLifecycle: billLifecycleDrain(deps),
    // Web Push to away agents: chats assigned to them, mentions in notes.
    ...pushJobs({ deps, now }),
    // Shopify's order webhooks become template messages through the channels' send job.
    shopifyWebhooks: shopifyWebhookDrain(deps, { send }),
    // Shopee shops' access tokens (4 h) refreshed before they expire, also for shops nobody writes to.
    shopeeTokenRefresh: shopeeTokenRefreshDrain(deps),
    // Shopee's lost pushes and a pull of the shops' chats: a buyer's message missed while Sapa was down, once.
    shopeeRecovery: shopeeRecoveryDrain(deps, inbound.conversations),
  };
}

/** Defines every job of every module on the queue; the worker role runs them. */
export function registerJobs(deps: ServerDeps, now?: AutomationContext['now']) {
  const jobs = defineJobs(deps, now);
  for (const job of Object.values(jobs)) deps.jobs.register(job as never);
  return jobs;
}

/** Builds the HTTP app from its dependencies: used by main and by the integration tests (app.inject). */
export async function buildApp(deps: ServerDeps, jobs: ReturnType<typeof registerJobs>): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: deps.logger,
    // Believe X-Forwarded-For only for the configured number of proxy hops (sign-in limits use the client IP).
    trustProxy:
      deps.config.trustProxyHops > 0
        ? (_address: string, hop: number) => hop < deps.config.trustProxyHops
        : false,
    // Requests share the app's logger (a pino child per request costs more than the request itself on
    // fast routes); errors are logged with the request id explicitly.
    childLoggerFactory: (logger) => logger,
    bodyLimit: 1_048_576,
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
  }) as unknown as FastifyInstance;
  const routes: RegisteredRoute[] = [];
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  installErrorHandler(app);
  installUnstorableTextGuard(app);
  // The OpenAPI document and its UI are registered by @fastify/swagger-ui, which cannot declare an access:
  // they are public (runs before the guard records the route).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') && !route.config?.access)
      route.config = { ...route.config, access: PUBLIC };
  });
  installRouteAccess(app, { tokens: deps.tokens, revoked: deps.revoked, routes });
  installTicketVisibility(app, deps.db);
  // 001 §6: broadcast, template, chatbot, chat credits, chat history need a package; WhatsApp Pro or Enterprise.
  installPlanGate(app, deps.db);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(VERSION_HEADER, deps.version);
    done();
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Sapa API', version: deps.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiHooks: {} });

  const userDeletionGuards: UserDeletionGuard[] = [hasOpenTickets(deps.db)];
  registerAppRoutes(app, deps);
  // Identity imports neither notifications nor teams: it is handed the code sender and the sign-out step.
  registerIdentityRoutes(app, deps, {
    sendCode: notifyThrough(deps, jobs.notify),
    // The browser signing out gets no more pushes (000 §7 push notification) and the agent goes offline.
    onSignOut: async (auth) => {
      // 000 §4: logout disconnects all active calls first.
      await endCallsOnSignOut({ ...deps, calls: callPublisher(deps) }, auth);
      await removeSessionDevice(deps, auth);
      await goOfflineOnSignOut(deps, auth);
    },
    // Every sign-in goes to the business audit log (001 §2), which identity does not import.
    onSignIn: ({ userId, clientId, ip, mfa }) =>
      recordAudit(deps.db, {
        clientId,
        actorUserId: userId,
        area: 'SIGN_IN',
        action: 'signIn',
        target: { type: 'session', id: null },
        after: { method: mfa ? '2fa' : 'password', ip },
      }),
  });
  // Sign-up's codes go by WhatsApp from the platform's own number, through the same notification job.
  registerSignupRoutes(app, deps, { sendCode: notifyThrough(deps, jobs.notify) });
  registerActivityRoutes(app, deps);
  registerUserRoutes(app, deps, userDeletionGuards);
  registerAccessRoleRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerAutomationRoutes(app, deps);
  // Payments imports no buyer: a subscription payment's effect is handed in here.
  const payments = createPaymentsContext(deps);
  registerPaymentPurpose(payments, SUBSCRIPTION_PURPOSE, subscriptionPurpose);
  // An order's payment link: the gateway's verified notification marks the order paid.
  registerPaymentPurpose(payments, ORDER_PURPOSE, orderPaymentPurpose);
  // A settled order payment fills the business's wallet, in the transaction that settles it (wallet imports
  // neither payments' purposes nor orders).
  onPaymentPaid(payments, ORDER_PURPOSE, async (tx, p) =>
    creditOrderTakings(tx, {
      clientId: p.clientId,
      paymentId: p.id,
      amount: p.amount,
      orderNumber: (await orderNumberForPayment(tx, p.id)) ?? p.id,
    }),
  );
  await registerPaymentRoutes(app, payments);
  await registerWalletRoutes(app, createWalletContext(deps));
  // A bill paid through the gateway: its verified notification marks the bill paid (payments imports no buyer).
  registerPaymentPurpose(payments, INVOICE_PURPOSE, invoicePaymentPurpose);
  // A rejected usage summary is e-mailed to Sapa's finance through the notification job (and its outbox).
  const notifyFinance = notifyThrough(deps, jobs.notify);
  await registerInvoiceRoutes(
    app,
    createInvoicesContext(deps, payments, {
      notifyFinance: (m) => notifyFinance({ channel: 'email', recipient: deps.config.financeEmail, ...m }),
      wakeLifecycle: () => deps.jobs.wake(jobs.billLifecycle),
    }),
  );
  registerSubscriptionRoutes(app, payments);
  registerChannelRoutes(app, deps);
  registerInboxRoutes(app, deps, jobs);
  registerMediaRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  registerTicketPropertyRoutes(app, deps);
  registerTicketCategoryRoutes(app, deps);
  registerTeamRoutes(app, deps, ticketLoad);
  registerBulkRoutes(app, deps, jobs);
  registerCsLibraryRoutes(app, deps, jobs);
  await registerCatalogueRoutes(app, deps);
  // Orders send their summaries through conversations' reply, with the chat's send job.
  registerOrderRoutes(app, {
    deps,
    jobs,
    payments,
    // Status notices outside the 24-hour window go as the chosen approved template (templates' follow-up send).
    sendTemplate: (auth, ticketId, body) => sendFollowUp(deps, jobs, auth, ticketId, body),
  });
  await registerShopifyRoutes(app, deps, jobs.shopifyWebhooks);
  registerTicketFormRoutes(app, deps);
  registerContactRoutes(app, deps, contactTickets);
  registerContactCrmRoutes(app, deps, contactTickets);
  await registerContactUploadRoutes(app, deps, jobs.contactUpload);
  // A deleted view ends the play sessions on it (views never imports play).
  registerViewRoutes(app, deps, stopSessionsOnView);
  registerExportRoutes(app, deps, jobs);
  registerPlayRoutes(app, deps);
  registerCallRoutes(app, deps);
  registerPhoneCallRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerMakerCheckerRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerPushRoutes(app, deps);
  registerAdvancedBroadcastRoutes(app, deps);
  registerTemplateRoutes(app, deps, jobs);
  registerBroadcastRoutes(app, deps, { wake: () => deps.jobs.wake(jobs.broadcastSend) });
  registerWhatsappVerificationRoute(app, deps);
  registerMetaVerificationRoutes(app, deps);
  await registerWebhookIntakeRoutes(app, deps, {
    conversations: jobs.whatsappInbound,
    broadcastStatuses: jobs.whatsappBroadcastStatuses,
  });
  await registerShopeeRoutes(app, deps, {
    conversations: jobs.whatsappInbound,
    broadcastStatuses: jobs.whatsappBroadcastStatuses,
  });
  // Sockets get what each event's audience admits (000 §6 CS positions); new chats start assignment rounds.
  // Customers' messages and resolved chats start the automation's jobs; a chat opened on an account whose
  // chatbot answers starts in the BOT state (conversations imports nothing of automation).
  installNewTicketHold(chatbotHolds);
  const unwatch = [
    deps.bus.subscribe(REALTIME_TOPIC, triggerAutoAssignOnNewChats(deps)),
    deps.bus.subscribe(REALTIME_TOPIC, automationTriggers({ deps, now: () => new Date() })),
    deps.bus.subscribe(REALTIME_TOPIC, pushTriggers({ deps }, jobs)),
  ];
  app.addHook('onClose', async () => {
    for (const u of unwatch) u();
  });
  const hub = await registerRealtimeHub(app, deps);
  // The call WebSocket: the same hub mechanics, call events only, for who may read inbound calls.
  await registerRealtimeHub(app, deps, callSocketOptions(deps));
  await registerLivechatRoutes(app, deps, (clientId) => hub.inboxReaderCount(clientId) > 0);
  registerDemoShopRoute(app, deps);
  registerMetrics(app);
  await registerWebApp(app, deps.config.webDist);
  return { app, routes };
}

function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.get('/metrics', { config: { access: PUBLIC } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** Serves the built web app: files from its dist folder, index.html for every client-side route. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const root = resolve(webDist ?? join(import.meta.dirname, '../../web/dist'));
  if (!existsSync(join(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, serve: false });
  app.get('/*', { config: { access: PUBLIC } }, (request, reply) => {
    const path = normalize(decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (path.startsWith('/api/') || path.startsWith('/ws')) return reply.callNotFound();
    const file = join(root, path);
    if (file.startsWith(root) && path !== '/' && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      return reply.sendFile(path, { maxAge: immutable ? '1y' : 0, immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
