import { languageFromHeader, teamEndpoints } from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import { AUTHENTICATED, needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as agents from './agents.service.js';
import * as groups from './groups.service.js';
import type { TicketLoad } from './ticket-load.js';

const languageOf = (request: FastifyRequest) => languageFromHeader(request.headers['accept-language']);

/**
 * Groups, agents and the customer-service configuration (000 §2 group management, chat setting; §7
 * customerService, manager/me, configuration, groups, groupMembership). Reading what the inbox needs
 * (groups, agents, configuration) takes inbox READ; managing takes CUSTOMER_SERVICE_SETTING (000 §6 user
 * index 0, owner and admin by default).
 */
export function registerTeamRoutes(r: RouteRegistrar, deps: ServerDeps, load: TicketLoad) {
  const inbox = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  const setting = (action: 'READ' | 'CREATE' | 'UPDATE' | 'DELETE') =>
    needs('CUSTOMER_SERVICE_SETTING', action);

  route(r, teamEndpoints.me, AUTHENTICATED, ({ request }) => agents.getCsMe(deps, requireAuth(request)));
  route(r, teamEndpoints.setStatus, AUTHENTICATED, ({ body, request }) =>
    agents.setAgentStatus(deps, requireAuth(request), body.status),
  );
  route(r, teamEndpoints.agents, inbox, async ({ request }) => ({
    items: await agents.listAgents(deps.db, load, requireAuth(request).clientId),
  }));
  route(r, teamEndpoints.updateAgent, setting('UPDATE'), ({ params, body, request }) =>
    agents.updateAgent(deps, load, requireAuth(request), params.userId!, body),
  );
  route(r, teamEndpoints.configuration, inbox, ({ request }) =>
    agents.getConfiguration(deps.db, requireAuth(request).clientId),
  );
  route(r, teamEndpoints.updateConfiguration, setting('UPDATE'), ({ body, request }) =>
    agents.updateConfiguration(deps, requireAuth(request), body),
  );

  route(r, teamEndpoints.groups, inbox, async ({ request }) => ({
    items: await groups.listGroups(deps.db, requireAuth(request).clientId),
  }));
  route(r, teamEndpoints.group, setting('READ'), ({ params, request }) =>
    groups.getGroup(deps.db, requireAuth(request).clientId, params.id!),
  );
  route(r, teamEndpoints.createGroup, setting('CREATE'), ({ body, request }) =>
    groups.createGroup(deps, requireAuth(request), body, languageOf(request)),
  );
  route(r, teamEndpoints.updateGroup, setting('UPDATE'), ({ params, body, request }) =>
    groups.updateGroup(deps, requireAuth(request), params.id!, body, languageOf(request)),
  );
  route(r, teamEndpoints.deleteGroup, setting('DELETE'), ({ params, request }) =>
    groups.deleteGroup(deps, load, requireAuth(request), params.id!, languageOf(request)),
  );
  route(r, teamEndpoints.groupMembers, setting('READ'), ({ params, request }) =>
    groups.listGroupMembers(deps.db, load, requireAuth(request).clientId, params.id!),
  );
  route(r, teamEndpoints.addGroupMembers, setting('UPDATE'), ({ params, body, request }) =>
    groups.addGroupMembers(deps, load, requireAuth(request), params.id!, body.userIds),
  );
  route(r, teamEndpoints.removeGroupMember, setting('UPDATE'), ({ params, request }) =>
    groups.removeGroupMember(deps, requireAuth(request), params.id!, params.userId!),
  );
}
