import { shopifyEndpoints } from '@sapa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, unauthorized } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import type { DrainDefinition } from '../../platform/jobs/job-queue.js';
import {
  disconnect,
  getStore,
  listAutomationSettings,
  report,
  SHOPIFY_APP_PATH,
  SHOPIFY_CALLBACK_PATH,
  SHOPIFY_WEBHOOK_PATH,
  saveAutomationSetting,
  startConnect,
  updateStore,
} from './shopify.service.js';
import { completeCallback, installSummary, startInstall } from './shopify-install.js';
import { receiveWebhook } from './shopify-webhooks.js';

/** A browser's query string as Shopify sends it: only the single-valued parameters (a repeated one is dropped). */
const queryOf = (request: FastifyRequest) =>
  Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );

/** 000 §2 /shopify (store configuration, automated messages, report, connect dialog), OAuth callback, webhooks. */
export async function registerShopifyRoutes(app: FastifyInstance, deps: ServerDeps, drain: DrainDefinition) {
  route(app, shopifyEndpoints.store, needs('SHOPIFY', 'READ'), ({ request }) =>
    getStore(deps, requireAuth(request)),
  );
  route(app, shopifyEndpoints.connect, needs('SHOPIFY', 'CREATE'), ({ body, request }) =>
    startConnect(deps, requireAuth(request), body.adminUrl),
  );
  route(app, shopifyEndpoints.updateStore, needs('SHOPIFY', 'UPDATE'), ({ body, request }) =>
    updateStore(deps, requireAuth(request), body.channelAccountId),
  );
  route(app, shopifyEndpoints.disconnect, needs('SHOPIFY', 'DELETE'), ({ request }) =>
    disconnect(deps, requireAuth(request)),
  );
  route(app, shopifyEndpoints.automations, needs('SHOPIFY', 'READ'), ({ request }) =>
    listAutomationSettings(deps, requireAuth(request)),
  );
  route(app, shopifyEndpoints.saveAutomation, needs('SHOPIFY', 'UPDATE'), ({ body, request }) =>
    saveAutomationSetting(deps, requireAuth(request), body.event, body),
  );
  route(app, shopifyEndpoints.report, needs('SHOPIFY', 'READ'), ({ query, request }) =>
    report(deps, requireAuth(request), query),
  );

  // Sign-up via Shopify: the install's summary for the sign-up page (named by the opaque install token).
  route(app, shopifyEndpoints.installSummary, PUBLIC, ({ body }) => installSummary(deps, body.install));
  // The App URL: Shopify opens it when a merchant installs Sapa (hmac, timestamp and shop checked).
  app.get(SHOPIFY_APP_PATH, { config: { access: PUBLIC } }, async (request, reply) =>
    reply.redirect(await startInstall(deps, queryOf(request)), 303),
  );
  // Shopify sends the merchant's browser back here after the authorize page (no Sapa token: the state is signed).
  app.get(SHOPIFY_CALLBACK_PATH, { config: { access: PUBLIC } }, async (request, reply) =>
    reply.redirect(await completeCallback(deps, queryOf(request)), 303),
  );

  // An encapsulated plugin so that its JSON parser keeps the raw bytes the signature is computed over.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(SHOPIFY_WEBHOOK_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveWebhook(deps, drain, request.headers, raw);
      // Refusals in the contract's error shape, as the channels' webhooks answer them.
      if (outcome.status === 401) throw unauthorized();
      if (outcome.status === 400) throw badRequest('validation.invalid');
      return reply.code(200).send({ ok: true });
    });
  });
}
