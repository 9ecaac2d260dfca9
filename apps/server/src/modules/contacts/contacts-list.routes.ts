import { contactGroupEndpoints, contactListEndpoints, contactTagEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { registerContactFieldRoutes } from './contact-fields.routes.js';
import * as collections from './contact-groups.service.js';
import type { ContactTickets } from './contact-tickets.js';
import * as crm from './contacts-list.service.js';

/**
 * The contact pages (001 §2 Contacts [CONTACT]): contacts, customer groups, contact tags and custom
 * fields. Reading needs CONTACT READ; adding, editing and deleting need the matching action. A contact's
 * broadcast history is served by broadcasts (`registerBroadcastRoutes`).
 */
export function registerContactCrmRoutes(r: RouteRegistrar, deps: ServerDeps, tickets: ContactTickets) {
  const auth = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request);

  route(r, contactListEndpoints.list, needs('CONTACT', 'READ'), ({ query, request }) =>
    crm.listContacts(deps, auth(request), query),
  );
  route(r, contactListEndpoints.create, needs('CONTACT', 'CREATE'), ({ body, request }) =>
    crm.createContact(deps, tickets, auth(request), body),
  );
  route(r, contactListEndpoints.profile, needs('CONTACT', 'READ'), ({ params, request }) =>
    crm.getContactProfile(deps, tickets, auth(request), params.id!),
  );
  route(r, contactListEndpoints.saveProfile, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    crm.saveContactProfile(deps, tickets, auth(request), params.id!, body),
  );
  route(r, contactListEndpoints.remove, needs('CONTACT', 'DELETE'), ({ params, request }) =>
    crm.deleteContact(deps, tickets, auth(request), params.id!),
  );
  route(r, contactListEndpoints.chats, needs('CONTACT', 'READ'), ({ params, query, request }) =>
    crm.listContactChats(deps, tickets, auth(request), params.id!, query),
  );

  route(r, contactGroupEndpoints.list, needs('CONTACT', 'READ'), ({ query, request }) =>
    collections.listGroups(deps, auth(request), query),
  );
  route(r, contactGroupEndpoints.get, needs('CONTACT', 'READ'), ({ params, request }) =>
    collections.getGroup(deps, auth(request), params.id!),
  );
  route(r, contactGroupEndpoints.create, needs('CONTACT', 'CREATE'), ({ body, request }) =>
    collections.createGroup(deps, auth(request), body),
  );
  route(r, contactGroupEndpoints.update, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.updateGroup(deps, auth(request), params.id!, body),
  );
  route(r, contactGroupEndpoints.remove, needs('CONTACT', 'DELETE'), ({ params, request }) =>
    collections.deleteGroup(deps, auth(request), params.id!),
  );
  route(r, contactGroupEndpoints.addContacts, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.changeGroupMembers(deps, auth(request), params.id!, body.contactIds, 'add'),
  );
  route(r, contactGroupEndpoints.removeContacts, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.changeGroupMembers(deps, auth(request), params.id!, body.contactIds, 'remove'),
  );

  route(r, contactTagEndpoints.list, needs('CONTACT', 'READ'), ({ request }) =>
    collections.listTags(deps, auth(request)),
  );
  route(r, contactTagEndpoints.get, needs('CONTACT', 'READ'), ({ params, request }) =>
    collections.getTag(deps, auth(request), params.id!),
  );
  route(r, contactTagEndpoints.create, needs('CONTACT', 'CREATE'), ({ body, request }) =>
    collections.createTag(deps, auth(request), body),
  );
  route(r, contactTagEndpoints.update, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.renameTag(deps, auth(request), params.id!, body),
  );
  route(r, contactTagEndpoints.remove, needs('CONTACT', 'DELETE'), ({ params, request }) =>
    collections.deleteTag(deps, auth(request), params.id!),
  );
  route(r, contactTagEndpoints.addContacts, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.changeTaggedContacts(deps, auth(request), params.id!, body.contactIds, 'add'),
  );
  route(r, contactTagEndpoints.removeContacts, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    collections.changeTaggedContacts(deps, auth(request), params.id!, body.contactIds, 'remove'),
  );

  registerContactFieldRoutes(r, deps);
}
