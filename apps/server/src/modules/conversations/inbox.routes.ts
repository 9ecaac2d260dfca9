import { conversationEndpoints, ticketHistoryEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as inbox from './inbox.service.js';
import { ticketAuditOf, ticketTransfersOf } from './ticket-history.service.js';
import { visibleTicketOf } from './visibility.js';

/** The inbox and chat (000 §7 portal API): READ for lists and history, UPDATE for anything that changes. */
export function registerInboxRoutes(r: RouteRegistrar, deps: ServerDeps, jobs: inbox.InboxJobs) {
  const read = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  const update = needs('CUSTOMER_SERVICE_INBOX', 'UPDATE');
  route(r, conversationEndpoints.tickets, read, ({ query, request }) =>
    inbox.listTickets(deps, requireAuth(request), query),
  );
  route(r, conversationEndpoints.unreadCount, read, ({ request }) =>
    inbox.unreadCount(deps, requireAuth(request)),
  );
  route(r, conversationEndpoints.ticket, read, ({ params, request }) =>
    inbox.getTicketDetail(deps, requireAuth(request), params.id!),
  );
  route(r, conversationEndpoints.messages, read, ({ params, query, request }) =>
    inbox.listMessages(deps, requireAuth(request), params.id!, query),
  );
  route(r, conversationEndpoints.sendMessage, update, ({ params, body, request }) =>
    inbox.sendMessage(deps, jobs, requireAuth(request), params.id!, body),
  );
  route(r, conversationEndpoints.retryMessage, update, ({ params, request }) =>
    inbox.retryMessage(deps, jobs, requireAuth(request), params.id!, params.messageId!),
  );
  route(r, conversationEndpoints.markRead, update, ({ params, request }) =>
    inbox.markTicketRead(deps, jobs, requireAuth(request), params.id!),
  );
  route(r, conversationEndpoints.assign, update, ({ params, body, request }) =>
    inbox.assignTicket(deps, requireAuth(request), params.id!, body),
  );
  route(r, conversationEndpoints.resolve, update, ({ params, body, request }) =>
    inbox.resolveTicket(deps, requireAuth(request), params.id!, body),
  );
  // A ticket's transfer and audit history (000 §7 chatRoom/transfer, auditLogs). Ticket-scoped: the
  // visibility check of every /api/tickets/:id route has let the caller through.
  route(r, ticketHistoryEndpoints.transfers, read, async ({ request }) => {
    const ticket = visibleTicketOf(request);
    return { items: await ticketTransfersOf(deps.db, ticket.clientId, ticket.id) };
  });
  route(r, ticketHistoryEndpoints.audit, read, async ({ request }) => {
    const { clientId, id } = visibleTicketOf(request);
    return ticketAuditOf(deps.db, clientId, id);
  });
}
