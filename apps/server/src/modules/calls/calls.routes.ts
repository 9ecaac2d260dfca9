import { callEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { callPublisher } from './call-events.js';
import * as calls from './calls.service.js';

/**
 * WhatsApp calls (000 §7 call service: pre-accept, accept, reject, meta/terminate, meta/hold). Every route needs
 * READ on INBOUND_CALL (000 §6 ability check); answering also needs a role with CS (ROLE_NOT_ALLOWED).
 */
export function registerCallRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const read = needs('INBOUND_CALL', 'READ');
  const d = { ...deps, calls: callPublisher(deps) };
  route(r, callEndpoints.ringing, read, ({ request }) => calls.listRinging(d, requireAuth(request)));
  route(r, callEndpoints.answer, read, ({ body, params, request }) =>
    calls.answerCall(d, requireAuth(request), params.id!, body.answer),
  );
  route(r, callEndpoints.reject, read, ({ params, request }) =>
    calls.rejectCall(d, requireAuth(request), params.id!),
  );
  route(r, callEndpoints.terminate, read, ({ params, request }) =>
    calls.terminateCall(d, requireAuth(request), params.id!),
  );
  route(r, callEndpoints.hold, read, ({ body, params, request }) =>
    calls.holdCall(d, requireAuth(request), params.id!, body.hold),
  );
}
