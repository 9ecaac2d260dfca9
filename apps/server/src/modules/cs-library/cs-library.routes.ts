import { LIBRARY_KINDS, languageFromHeader, libraryEndpoints, macroEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import type { InboxJobs } from '../conversations/index.js';
import * as library from './cs-library.service.js';
import * as macros from './macros.service.js';

/**
 * Quick replies, remarks, chat tags (001 §3) and macros (000 §2): agents read them in the chat room (inbox
 * READ) and apply macros (inbox UPDATE); owners and admins manage them in the chat settings
 * (CUSTOMER_SERVICE_SETTING, 000 §6 user index 0).
 */
export function registerCsLibraryRoutes(r: RouteRegistrar, deps: ServerDeps, jobs: InboxJobs) {
  const read = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  for (const kind of LIBRARY_KINDS) {
    const e = libraryEndpoints[kind];
    route(r, e.list, read, ({ query, request }) =>
      library.listEntries(deps, requireAuth(request), kind, query.search),
    );
    route(r, e.create, needs('CUSTOMER_SERVICE_SETTING', 'CREATE'), ({ body, request }) =>
      library.createEntry(deps, requireAuth(request), kind, body),
    );
    route(r, e.update, needs('CUSTOMER_SERVICE_SETTING', 'UPDATE'), ({ body, params, request }) =>
      library.updateEntry(deps, requireAuth(request), kind, params.id!, body),
    );
    route(r, e.remove, needs('CUSTOMER_SERVICE_SETTING', 'DELETE'), ({ params, request }) =>
      library.deleteEntry(deps, requireAuth(request), kind, params.id!),
    );
  }
  route(r, macroEndpoints.list, read, ({ query, request }) =>
    macros.listMacros(deps, requireAuth(request), query),
  );
  route(r, macroEndpoints.detail, read, ({ params, request }) =>
    macros.getMacro(deps, requireAuth(request), params.id!),
  );
  route(r, macroEndpoints.create, needs('CUSTOMER_SERVICE_SETTING', 'CREATE'), ({ body, request }) =>
    macros.createMacro(deps, requireAuth(request), body),
  );
  route(r, macroEndpoints.update, needs('CUSTOMER_SERVICE_SETTING', 'UPDATE'), ({ body, params, request }) =>
    macros.updateMacro(deps, requireAuth(request), params.id!, body),
  );
  route(r, macroEndpoints.remove, needs('CUSTOMER_SERVICE_SETTING', 'DELETE'), ({ params, request }) =>
    macros.deleteMacro(deps, requireAuth(request), params.id!),
  );
  route(r, macroEndpoints.apply, needs('CUSTOMER_SERVICE_INBOX', 'UPDATE'), ({ body, params, request }) =>
    macros.applyMacro({ server: deps, jobs }, requireAuth(request), params.id!, params.macroId!, {
      applicationId: body.applicationId,
      language: languageFromHeader(request.headers['accept-language']),
    }),
  );
}
