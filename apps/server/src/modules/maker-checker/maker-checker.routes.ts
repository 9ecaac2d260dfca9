import { makerCheckerEndpoints as e } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as service from './maker-checker.service.js';

/**
 * 001 §2 /maker-checker/setting and /maker-checker/list [SETTING_LOGS]: owners and admins switch maker/checker
 * on or off and manage the accounts (001 §6 "Admins … configure the maker/checker list"). Anyone who may read
 * WhatsApp broadcasts asks for their own role.
 */
export function registerMakerCheckerRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, e.getSettings, needs('SETTING_LOGS', 'READ'), ({ request }) =>
    service.getSettings(deps, requireAuth(request)),
  );
  route(r, e.updateSettings, needs('SETTING_LOGS', 'UPDATE'), ({ body, request }) =>
    service.updateSettings(deps, requireAuth(request), body),
  );
  route(r, e.list, needs('SETTING_LOGS', 'READ'), ({ query, request }) =>
    service.listAccounts(deps, requireAuth(request), query),
  );
  route(r, e.create, needs('SETTING_LOGS', 'CREATE'), ({ body, request }) =>
    service.createAccount(deps, requireAuth(request), body),
  );
  route(r, e.update, needs('SETTING_LOGS', 'UPDATE'), ({ body, params, request }) =>
    service.updateAccount(deps, requireAuth(request), params.id!, body),
  );
  route(r, e.setActive, needs('SETTING_LOGS', 'UPDATE'), ({ body, params, request }) =>
    service.setAccountActive(deps, requireAuth(request), params.id!, body.active),
  );
  route(r, e.remove, needs('SETTING_LOGS', 'DELETE'), ({ params, request }) =>
    service.deleteAccount(deps, requireAuth(request), params.id!),
  );
  route(r, e.me, needs('WHATSAPP_BROADCAST', 'READ'), ({ query, request }) =>
    service.myRole(deps, requireAuth(request), query.mediaType),
  );
}
