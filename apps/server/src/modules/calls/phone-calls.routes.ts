import { phoneCallEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { sipCredentialOf } from './phone-calls.service.js';

/**
 * Phone calls over SIP. The credential route is open to a user of any call page (INBOUND_CALL, CALL_CENTER or
 * TELESALES READ, checked in the service: the route model names one permission).
 */
export function registerPhoneCallRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, phoneCallEndpoints.sipCredential, AUTHENTICATED, async ({ request }) =>
    sipCredentialOf(deps, requireAuth(request)),
  );
}
