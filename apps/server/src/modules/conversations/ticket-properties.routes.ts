import { ticketPropertyEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as properties from './ticket-properties.service.js';

/**
 * Priority, tags, remarks and category of a ticket: whoever may reply to it (inbox UPDATE) may change them;
 * the tag suggestions need inbox READ.
 */
export function registerTicketPropertyRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(
    r,
    ticketPropertyEndpoints.update,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ params, body, request }) =>
      properties.updateTicketProperties(deps, requireAuth(request), params.id!, body),
  );
  route(r, ticketPropertyEndpoints.tags, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ query, request }) =>
    properties.listTags(deps, requireAuth(request), query.search),
  );
}
