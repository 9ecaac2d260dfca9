import { accessRoleEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as roles from './access-roles.service.js';

/** Feature-access roles (000 §7: list, detail, create, update, delete), behind SETTING_ADMIN. */
export function registerAccessRoleRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, accessRoleEndpoints.list, needs('SETTING_ADMIN', 'READ'), ({ query, request }) =>
    roles.listAccessRoles(deps, requireAuth(request), query.isDeleted === 'true'),
  );
  route(r, accessRoleEndpoints.detail, needs('SETTING_ADMIN', 'READ'), ({ query, request }) =>
    roles.getAccessRoleByName(deps, requireAuth(request), query.name),
  );
  route(r, accessRoleEndpoints.create, needs('SETTING_ADMIN', 'CREATE'), ({ body, request }) =>
    roles.createAccessRole(deps, requireAuth(request), body),
  );
  route(r, accessRoleEndpoints.update, needs('SETTING_ADMIN', 'UPDATE'), ({ body, params, request }) =>
    roles.updateAccessRole(deps, requireAuth(request), params.id!, body),
  );
  route(r, accessRoleEndpoints.remove, needs('SETTING_ADMIN', 'DELETE'), async ({ params, request }) => {
    await roles.deleteAccessRole(deps, requireAuth(request), params.id!);
    return { ok: true as const };
  });
}
