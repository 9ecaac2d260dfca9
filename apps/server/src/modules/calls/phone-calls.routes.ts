import { phoneCallEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { callPublisher } from './call-events.js';
import { dialPhone, reportPhoneOutcome, sipCredentialOf } from './phone-calls.service.js';

/**
 * Phone calls over SIP. The credential route is open to a user of any call page (INBOUND_CALL, CALL_CENTER or
 * TELESALES READ), dialling to the call centre and telesales — checked in the service: the route model names one
 * permission.
 */
export function registerPhoneCallRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, phoneCallEndpoints.sipCredential, AUTHENTICATED, async ({ request }) =>
    sipCredentialOf(deps, requireAuth(request)),
  );
  const d = { ...deps, calls: callPublisher(deps) };
  // Placing a call needs CALL_CENTER or TELESALES; reporting on one needs to be its agent (checked in the service).
  route(r, phoneCallEndpoints.dial, AUTHENTICATED, ({ body, request }) =>
    dialPhone(d, requireAuth(request), body.number),
  );
  route(r, phoneCallEndpoints.outcome, AUTHENTICATED, ({ body, params, request }) =>
    reportPhoneOutcome(d, requireAuth(request), params.id!, body.outcome, body.sipStatus ?? null),
  );
}
