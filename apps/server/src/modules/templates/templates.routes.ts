import { templateEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
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
}
