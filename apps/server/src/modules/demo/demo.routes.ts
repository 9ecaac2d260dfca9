import { appEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/http/errors.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { listOutbox } from '../notifications/outbox.js';
import { managedUserIds } from '../users/users.service.js';

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
