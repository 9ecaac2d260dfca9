import { channelAccountEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as channels from './channels.service.js';

/**
 * Channel accounts. Listing needs inbox READ (the inbox filters and the composer show them); connecting and
 * disconnecting need inbox UPDATE at the route and, in the service, the owner or admin role (000 §6: only
 * they add channels).
 */
export function registerChannelRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, channelAccountEndpoints.list, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ request }) =>
    channels.listChannelAccounts(deps, requireAuth(request)),
  );
  route(
    r,
    channelAccountEndpoints.connectWhatsappCloud,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ body, request }) => channels.connectWhatsappCloud(deps, requireAuth(request), body),
  );
  route(
    r,
    channelAccountEndpoints.disconnect,
    needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'),
    ({ params, request }) => channels.disconnectChannelAccount(deps, requireAuth(request), params.id!),
  );
}
