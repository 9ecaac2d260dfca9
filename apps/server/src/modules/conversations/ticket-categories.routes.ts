import { ticketCategoryEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as categories from './ticket-categories.service.js';

/**
 * Ticket categories (000 §7 csplatform/categories). Agents pick them in the chat room, so the list needs
 * inbox READ; creating, renaming and deleting them is a customer-service setting (000 §2 chat-setting,
 * §6 user index 0 "CS setting": owners and admins by default).
 */
export function registerTicketCategoryRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, ticketCategoryEndpoints.list, needs('CUSTOMER_SERVICE_INBOX', 'READ'), ({ request }) =>
    categories.listCategories(deps, requireAuth(request)),
  );
  route(r, ticketCategoryEndpoints.create, needs('CUSTOMER_SERVICE_SETTING', 'CREATE'), ({ body, request }) =>
    categories.createCategory(deps, requireAuth(request), body),
  );
  route(
    r,
    ticketCategoryEndpoints.rename,
    needs('CUSTOMER_SERVICE_SETTING', 'UPDATE'),
    ({ body, params, request }) => categories.renameCategory(deps, requireAuth(request), params.id!, body),
  );
  route(
    r,
    ticketCategoryEndpoints.remove,
    needs('CUSTOMER_SERVICE_SETTING', 'DELETE'),
    async ({ params, request }) => {
      await categories.deleteCategory(deps, requireAuth(request), params.id!);
      return { ok: true as const };
    },
  );
}
