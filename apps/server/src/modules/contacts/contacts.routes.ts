import { contactEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import type { ContactTickets } from './contact-tickets.js';
import * as contacts from './contacts.service.js';

/**
 * The contact of a chat (000 §2 inbox contact detail panel): anyone who reads the inbox sees it; editing
 * it is the CONTACT feature (000 §2 /contact, §6 user index 11).
 */
export function registerContactRoutes(r: RouteRegistrar, deps: ServerDeps, tickets: ContactTickets) {
  route(r, contactEndpoints.detail, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ params, request }) =>
    contacts.getContactDetail(deps, tickets, requireAuth(request), params.id!),
  );
  route(r, contactEndpoints.update, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    contacts.updateContact(deps, tickets, requireAuth(request), params.id!, body),
  );
}
