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
import { advancedBroadcastClock } from './modules/advanced-broadcasts/advanced-broadcasts.jobs.js';
import { registerAdvancedBroadcastRoutes } from './modules/advanced-broadcasts/advanced-broadcasts.routes.js';
import { sendThroughBroadcasts } from './modules/advanced-broadcasts/advanced-broadcasts.sending.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { broadcastEngine } from './modules/broadcasts/broadcasts.engine.js';
import { registerBroadcastRoutes } from './modules/broadcasts/broadcasts.routes.js';
import { takeBroadcastStatuses } from './modules/broadcasts/broadcasts.statuses.js';
import { bulkJob } from './modules/bulk/bulk.jobs.js';
import { registerBulkRoutes } from './modules/bulk/bulk.routes.js';
import { registerChannelRoutes } from './modules/channels/channels.routes.js';
import { livechatSender } from './modules/channels/connectors/livechat/outbound.js';
import { whatsappInboundDrains } from './modules/channels/connectors/whatsapp-cloud/inbound.js';
import { whatsappMediaJob } from './modules/channels/connectors/whatsapp-cloud/media.js';
import {
  outboundMarkReadJob,
  whatsappCloudSender,
} from './modules/channels/connectors/whatsapp-cloud/outbound.js';
import { registerWhatsappWebhookRoutes } from './modules/channels/connectors/whatsapp-cloud/webhook.routes.js';
import { outboundSendJob } from './modules/channels/outbound/outbound-send.job.js';
import { contactUploadJob } from './modules/contacts/contact-upload.jobs.js';
import { registerContactUploadRoutes } from './modules/contacts/contact-upload.routes.js';
import { registerContactRoutes } from './modules/contacts/contacts.routes.js';
import { registerContactCrmRoutes } from './modules/contacts/contacts-list.routes.js';
import {
  autoAssignJob,
  contactTickets,
  hasOpenTickets,
  installTicketVisibility,
  registerInboxRoutes,
  registerMediaRoutes,
  registerTicketCategoryRoutes,
  registerTicketPropertyRoutes,
  registerUploadRoutes,
  ticketLoad,
  triggerAutoAssignOnNewChats,
} from './modules/conversations/index.js';
import { registerCsLibraryRoutes } from './modules/cs-library/cs-library.routes.js';
import { registerAppRoutes } from './modules/demo/demo.routes.js';
import { exportJob } from './modules/exports/exports.jobs.js';
import { registerExportRoutes } from './modules/exports/exports.routes.js';
import { registerIdentityRoutes } from './modules/identity/identity.routes.js';
import { registerLivechatRoutes } from './modules/livechat/livechat.routes.js';
import { registerMakerCheckerRoutes } from './modules/maker-checker/maker-checker.routes.js';
import { sendNotificationJob } from './modules/notifications/notifications.jobs.js';
import { registerPlayRoutes } from './modules/play/play.routes.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerTeamRoutes } from './modules/teams/index.js';
import { applyTemplateWebhooks, TEMPLATE_WEBHOOK_FIELDS } from './modules/templates/template-webhooks.js';
import { registerTemplateRoutes } from './modules/templates/templates.routes.js';
import { registerTicketFormRoutes } from './modules/ticket-forms/ticket-forms.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import type { UserDeletionGuard } from './modules/users/users.service.js';
import { registerViewRoutes } from './modules/views/views.routes.js';
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

/** Every job of every module (not yet registered on the queue). */
export function defineJobs(deps: ServerDeps) {
  const media = whatsappMediaJob(deps);
  const send = outboundSendJob(deps, { WAP: whatsappCloudSender(deps), LVC: livechatSender(deps) });
  const markRead = outboundMarkReadJob(deps);
  const broadcastSend = broadcastEngine(deps).drain;
  // Broadcasts take the statuses of their messages and templates their review webhooks: channels imports neither.
  const inbound = whatsappInboundDrains(
    deps,
    async (clientId, messageId) => {
      await deps.jobs.send(media, { clientId, messageId });
    },
    {
      statusTakers: [takeBroadcastStatuses],
      accountChanges: [{ fields: TEMPLATE_WEBHOOK_FIELDS, apply: applyTemplateWebhooks }],
    },
  );
  return {
    notify: sendNotificationJob(deps),
    whatsappMedia: media,
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
  };
}

/** Defines every job of every module on the queue; the worker role runs them. */
export function registerJobs(deps: ServerDeps) {
  const jobs = defineJobs(deps);
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
  registerIdentityRoutes(app, deps, jobs);
  registerActivityRoutes(app, deps);
  registerUserRoutes(app, deps, userDeletionGuards);
  registerAccessRoleRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerChannelRoutes(app, deps);
  registerInboxRoutes(app, deps, jobs);
  registerMediaRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  registerTicketPropertyRoutes(app, deps);
  registerTicketCategoryRoutes(app, deps);
  registerTeamRoutes(app, deps, ticketLoad);
  registerBulkRoutes(app, deps, jobs);
  registerCsLibraryRoutes(app, deps, jobs);
  registerTicketFormRoutes(app, deps);
  registerContactRoutes(app, deps, contactTickets);
  registerContactCrmRoutes(app, deps, contactTickets);
  await registerContactUploadRoutes(app, deps, jobs.contactUpload);
  registerViewRoutes(app, deps);
  registerExportRoutes(app, deps, jobs);
  registerPlayRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerMakerCheckerRoutes(app, deps);
  registerAdvancedBroadcastRoutes(app, deps);
  registerTemplateRoutes(app, deps, jobs);
  registerBroadcastRoutes(app, deps, { wake: () => deps.jobs.wake(jobs.broadcastSend) });
  await registerWhatsappWebhookRoutes(app, deps, {
    conversations: jobs.whatsappInbound,
    broadcastStatuses: jobs.whatsappBroadcastStatuses,
  });
  // Sockets get what each event's audience admits (000 §6 CS positions); new chats start assignment rounds.
  const unwatch = [deps.bus.subscribe(REALTIME_TOPIC, triggerAutoAssignOnNewChats(deps))];
  app.addHook('onClose', async () => {
    for (const u of unwatch) u();
  });
  const hub = await registerRealtimeHub(app, deps);
  await registerLivechatRoutes(app, deps, (clientId) => hub.inboxReaderCount(clientId) > 0);
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
