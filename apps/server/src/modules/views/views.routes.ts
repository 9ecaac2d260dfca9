import { viewEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as views from './views.service.js';

/**
 * Saved ticket views (000 §2 /customer-service/ticket-view [VIEW_FEATURE]; §7 GET /views/list): inbox readers
 * list them (play mode starts on one); reading a view's tickets and managing views need VIEW_FEATURE.
 */
export function registerViewRoutes(r: RouteRegistrar, deps: ServerDeps, onDeleted: views.ViewDeletedHook) {
  route(r, viewEndpoints.list, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ request }) =>
    views.listViews(deps, requireAuth(request)),
  );
  route(r, viewEndpoints.create, needs('VIEW_FEATURE', 'CREATE'), ({ body, request }) =>
    views.createView(deps, requireAuth(request), body),
  );
  route(r, viewEndpoints.update, needs('VIEW_FEATURE', 'UPDATE'), ({ params, body, request }) =>
    views.updateView(deps, requireAuth(request), params.id!, body),
  );
  route(r, viewEndpoints.remove, needs('VIEW_FEATURE', 'DELETE'), ({ params, request }) =>
    views.deleteView(deps, onDeleted, requireAuth(request), params.id!),
  );
  route(r, viewEndpoints.tickets, needs('VIEW_FEATURE', 'READ'), ({ params, query, request }) =>
    views.listViewTickets(deps, requireAuth(request), params.id!, query),
  );
}
