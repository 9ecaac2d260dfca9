import { templateEndpoints, templateManagementEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import {
  createManagedTemplate,
  deleteManagedTemplate,
  getManagedTemplate,
  listManagedTemplates,
  syncManagedTemplates,
  updateManagedTemplate,
} from './template-management.service.js';
import { sendFollowUp, startNewChat, type TemplateSendJobs } from './template-sends.service.js';
import { listTemplates } from './templates.service.js';

/**
 * Templates as the inbox uses them: whoever reads the inbox may list them, whoever may reply in it may send
 * a follow-up template or start a new chat (000 §6 inbox READ / UPDATE).
 */
export function registerTemplateRoutes(r: RouteRegistrar, deps: ServerDeps, jobs: TemplateSendJobs) {
  const read = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  const update = needs('CUSTOMER_SERVICE_INBOX', 'UPDATE');
  route(r, templateEndpoints.list, read, ({ query, request }) =>
    listTemplates(deps, requireAuth(request), query),
  );
  route(r, templateEndpoints.followUp, update, ({ params, body, request }) =>
    sendFollowUp(deps, jobs, requireAuth(request), params.id!, body),
  );
  route(r, templateEndpoints.newChat, update, ({ body, request }) =>
    startNewChat(deps, jobs, requireAuth(request), body),
  );

  registerTemplateManagementRoutes(r, deps);
}

/**
 * 001 §2 /template/whatsapp [WHATSAPP_TEMPLATE]: read lists, create, update (edit and sync), delete. A
 * campaign's template insight is served by broadcasts (`registerBroadcastRoutes`).
 */
function registerTemplateManagementRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const e = templateManagementEndpoints;
  route(r, e.list, needs('WHATSAPP_TEMPLATE', 'READ'), ({ query, request }) =>
    listManagedTemplates(deps, requireAuth(request), query),
  );
  route(r, e.get, needs('WHATSAPP_TEMPLATE', 'READ'), ({ params, request }) =>
    getManagedTemplate(deps, requireAuth(request), params.id!),
  );
  route(r, e.create, needs('WHATSAPP_TEMPLATE', 'CREATE'), ({ body, request }) =>
    createManagedTemplate(deps, requireAuth(request), body),
  );
  route(r, e.update, needs('WHATSAPP_TEMPLATE', 'UPDATE'), ({ params, body, request }) =>
    updateManagedTemplate(deps, requireAuth(request), params.id!, body),
  );
  route(r, e.remove, needs('WHATSAPP_TEMPLATE', 'DELETE'), ({ params, request }) =>
    deleteManagedTemplate(deps, requireAuth(request), params.id!),
  );
  route(r, e.sync, needs('WHATSAPP_TEMPLATE', 'UPDATE'), ({ request }) =>
    syncManagedTemplates(deps, requireAuth(request)),
  );
}
