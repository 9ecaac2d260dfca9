import { auditEndpoints as e, languageFromHeader } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { auditCsv, listAuditEntries, listAuditPeople } from './audit.service.js';

/** 001 §2 /setting/logs [SETTING_LOGS]: the business audit log, its download and its person filter. */
export function registerAuditRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, e.list, needs('SETTING_LOGS', 'READ'), ({ query, request }) =>
    listAuditEntries(deps.db, requireAuth(request).clientId, query),
  );
  route(r, e.people, needs('SETTING_LOGS', 'READ'), ({ request }) =>
    listAuditPeople(deps.db, requireAuth(request).clientId),
  );
  route(r, e.download, needs('SETTING_LOGS', 'READ'), async ({ query, request, reply }) => {
    const lang = query.lang ?? languageFromHeader(request.headers['accept-language']);
    const csv = await auditCsv(deps.db, requireAuth(request).clientId, { ...query, lang });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${query.from}-${query.to}.csv"`)
      .send(csv);
  });
}
