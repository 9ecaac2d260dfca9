import { searchEndpoints as endpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as search from './search.service.js';

/**
 * Find (000 §2 chat list and chat history): the ticket list and its row chats need ADVANCE_SEARCH READ,
 * chat history and its row chats CUSTOMER_SERVICE_HISTORY READ; the column choice is the caller's own
 * setting on the ticket list (ADVANCE_SEARCH READ: whoever sees the list may choose its columns).
 */
export function registerSearchRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, endpoints.ticketList, needs('ADVANCE_SEARCH', 'READ'), ({ query, request }) =>
    search.listTicketList(deps, requireAuth(request), query),
  );
  route(r, endpoints.ticketListMessages, needs('ADVANCE_SEARCH', 'READ'), ({ params, query, request }) =>
    search.listRowMessages(deps, requireAuth(request), params.id!, query),
  );
  route(r, endpoints.columns, needs('ADVANCE_SEARCH', 'READ'), ({ request }) =>
    search.getColumns(deps, requireAuth(request)),
  );
  route(r, endpoints.saveColumns, needs('ADVANCE_SEARCH', 'READ'), ({ body, request }) =>
    search.saveColumns(deps, requireAuth(request), body),
  );
  route(r, endpoints.chatHistory, needs('CUSTOMER_SERVICE_HISTORY', 'READ'), ({ query, request }) =>
    search.listChatHistory(deps, requireAuth(request), query),
  );
  route(
    r,
    endpoints.chatHistoryMessages,
    needs('CUSTOMER_SERVICE_HISTORY', 'READ'),
    ({ params, query, request }) => search.listRowMessages(deps, requireAuth(request), params.id!, query),
  );
}
