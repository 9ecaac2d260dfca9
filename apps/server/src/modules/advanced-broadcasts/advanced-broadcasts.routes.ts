import { advancedBroadcastEndpoints as e } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as service from './advanced-broadcasts.service.js';

/** 001 §2 /advanced-broadcast/create/broadcast [ADVANCED_BROADCAST]: list, create, edit, (de)activate, sync. */
export function registerAdvancedBroadcastRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const p = 'ADVANCED_BROADCAST' as const;
  route(r, e.list, needs(p, 'READ'), ({ query, request }) =>
    service.listAdvancedBroadcasts(deps, requireAuth(request), query),
  );
  route(r, e.get, needs(p, 'READ'), ({ params, request }) =>
    service.getAdvancedBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, e.create, needs(p, 'CREATE'), ({ body, request }) =>
    service.createAdvancedBroadcast(deps, requireAuth(request), body),
  );
  route(r, e.update, needs(p, 'UPDATE'), ({ body, params, request }) =>
    service.updateAdvancedBroadcast(deps, requireAuth(request), params.id!, body),
  );
  route(r, e.remove, needs(p, 'DELETE'), ({ params, request }) =>
    service.deleteAdvancedBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, e.activate, needs(p, 'ACTIVATE'), ({ params, request }) =>
    service.activateAdvancedBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, e.deactivate, needs(p, 'ACTIVATE'), ({ params, request }) =>
    service.deactivateAdvancedBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, e.sync, needs(p, 'UPDATE'), ({ params, request }) =>
    service.syncAdvancedBroadcast(deps, requireAuth(request), params.id!),
  );
  route(r, e.estimate, needs(p, 'READ'), ({ body, request }) =>
    service.estimateRecipients(deps, requireAuth(request), body.rules),
  );
  route(r, e.contacts, needs(p, 'READ'), ({ params, request }) =>
    service.eligibleContacts(deps, requireAuth(request), params.id!),
  );
}
