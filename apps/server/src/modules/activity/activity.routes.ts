import { accountEndpoints, CONSENT_PAGE_NAME } from '@sapa/contracts';
import { AUTHENTICATED, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { publishIdentityChanged } from '../identity/me-cache.js';
import { insertPageVisit, upsertConsent } from './activity.repository.js';

/** User consent (000 §4 Session and consent) and the page-visit tracker (000 §7). */
export function registerActivityRoutes(r: RouteRegistrar, deps: ServerDeps): void {
  route(r, accountEndpoints.consent, AUTHENTICATED, async ({ body, request }) => {
    const auth = requireAuth(request);
    const consentAt = new Date();
    await upsertConsent(deps.db, {
      clientId: auth.clientId,
      userId: auth.userId,
      pageName: CONSENT_PAGE_NAME,
      agreed: body.agreed,
      consentAt,
    });
    await publishIdentityChanged(deps.bus, { userId: auth.userId, clientId: auth.clientId });
    return { agreed: body.agreed, consentAt: consentAt.getTime() };
  });

  route(r, accountEndpoints.pageVisit, AUTHENTICATED, async ({ body, request }) => {
    const auth = requireAuth(request);
    const additionalData = Object.fromEntries(
      Object.entries(body.additionalData).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    await insertPageVisit(deps.db, {
      clientId: auth.clientId,
      userId: auth.userId,
      pageName: body.pageName,
      additionalData,
    });
    return { ok: true as const };
  });
}
