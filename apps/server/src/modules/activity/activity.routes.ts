import { activityEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { listClientEvents, recordClientEvent, recordConsent, recordPageVisit } from './activity.service.js';

/** User consent (000 §4 Session and consent), the page-visit tracker and client-event logs (000 §7). */
export function registerActivityRoutes(r: RouteRegistrar, deps: ServerDeps): void {
  route(r, activityEndpoints.consent, AUTHENTICATED, async ({ body, request }) => {
    const auth = requireAuth(request);
    return recordConsent(deps, { userId: auth.userId, clientId: auth.clientId }, body.agreed);
  });

  route(r, activityEndpoints.pageVisit, AUTHENTICATED, async ({ body, request }) => {
    const auth = requireAuth(request);
    await recordPageVisit(deps.db, { clientId: auth.clientId, userId: auth.userId }, body);
    return { ok: true as const };
  });

  // 000 §7 POST /logs and GET /logs/byclient (000 §6: only the partner's fixed list of client ids).
  route(r, activityEndpoints.clientLog, AUTHENTICATED, async ({ body, request }) => {
    const auth = requireAuth(request);
    await recordClientEvent(deps, { clientId: auth.clientId, userId: auth.userId }, body);
    return { ok: true as const };
  });
  route(r, activityEndpoints.clientLogs, needs('SETTING_LOGS', 'READ'), ({ query, request }) =>
    listClientEvents(deps, requireAuth(request).clientId, query),
  );
}
