import { appEndpoints, DEMO_SHOP_PATH } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { snippetOf } from '../channels/index.js';
import { listOutbox } from '../notifications/index.js';
import { managedUserIds } from '../users/index.js';
import { demoShopHtml, findDemoLivechat } from './demo-livechat.js';

/**
 * App info for the web shell (version, partner profile) and, in demo mode only, the demo outbox: the messages
 * (reset codes) no provider delivered, shown to the owner or an admin of the business for themselves and the
 * users they manage — never to anyone signed out, and never another business's or a higher role's.
 */
export function registerAppRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, appEndpoints.info, PUBLIC, async () => ({
    version: deps.version,
    partner: deps.partner,
    demo: deps.config.demo,
  }));

  if (!deps.config.demo) return;
  route(r, appEndpoints.demoOutbox, AUTHENTICATED, async ({ query, request }) => {
    const auth = requireAuth(request);
    if (auth.role === 'USC') throw new AppError(403, 'demo.outboxForbidden');
    return { items: await listOutbox(deps.db, await managedUserIds(deps, auth), query.recipient) };
  });
}

/** In demo mode, the demo shop page: a plain product page embedding the demo business's live-chat widget. */
export function registerDemoShopRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get(DEMO_SHOP_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
    if (!deps.config.demo) throw notFound();
    const account = await findDemoLivechat(deps);
    if (!account) throw notFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        demoShopHtml(
          snippetOf(deps, account.id),
          (request.query as { lang?: string }).lang === 'en' ? 'en' : 'id',
        ),
      );
  });
}
