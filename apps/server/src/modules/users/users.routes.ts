import { adminUserEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as users from './users.service.js';

/** Settings › Admin › Users (001 §2 Admin settings), behind SETTING_ADMIN. */
export function registerUserRoutes(
  r: RouteRegistrar,
  deps: ServerDeps,
  guards: readonly users.UserDeletionGuard[],
) {
  route(r, adminUserEndpoints.list, needs('SETTING_ADMIN', 'READ'), ({ query, request }) =>
    users.listAdminUsers(deps, requireAuth(request), query),
  );
  route(r, adminUserEndpoints.get, needs('SETTING_ADMIN', 'READ'), ({ params, request }) =>
    users.getAdminUser(deps, requireAuth(request), params.id!),
  );
  route(r, adminUserEndpoints.create, needs('SETTING_ADMIN', 'CREATE'), ({ body, request }) =>
    users.createAdminUser(deps, requireAuth(request), body),
  );
  route(r, adminUserEndpoints.update, needs('SETTING_ADMIN', 'UPDATE'), ({ body, params, request }) =>
    users.updateAdminUser(deps, requireAuth(request), params.id!, body),
  );
  route(r, adminUserEndpoints.remove, needs('SETTING_ADMIN', 'DELETE'), async ({ params, request }) => {
    await users.deleteAdminUser(deps, requireAuth(request), params.id!, guards);
    return { ok: true as const };
  });
}
