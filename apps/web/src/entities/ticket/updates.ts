import type { Message, RealtimeEvent, TicketSummary } from '@sapa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyTicket, type MessagePages, type TicketFilters, type TicketPages, upsertMessage } from './cache';
import { ticketKeys } from './keys';

/** A changed ticket: its chat room header and every loaded list (refetched where it cannot be placed). */
export function applyTicketToCaches(queryClient: QueryClient, ticket: TicketSummary): void {
  queryClient.setQueryData(ticketKeys.ticket(ticket.id), ticket);
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketKeys.tickets })) {
    const filters = key[ticketKeys.tickets.length] as TicketFilters | undefined;
    if (!filters) continue;
    const next = applyTicket(data, ticket, filters);
    if (next === null) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== data) queryClient.setQueryData(key, next);
  }
  void queryClient.invalidateQueries({ queryKey: ticketKeys.unread });
}

/** A ticket as the caches know it: its chat room, else the first loaded list that holds it. */
export function cachedTicket(queryClient: QueryClient, id: string): TicketSummary | undefined {
  const open = queryClient.getQueryData<TicketSummary>(ticketKeys.ticket(id));
  if (open) return open;
  for (const [, data] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketKeys.tickets })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A new or changed message: placed in its chat room's loaded history. When that history is being fetched
 * at the moment, the answer on its way may predate the change (a customer's photo stored while the agent
 * opens the chat), so that fetch is dropped and started again, and sees it.
 */
export function applyMessageToCaches(queryClient: QueryClient, message: Message): void {
  const key = ticketKeys.messages(message.ticketId);
  queryClient.setQueryData<MessagePages>(key, (data) => upsertMessage(data, message));
  // A refetch alone would join a first load still in flight (React Query shares it): cancel it, then fetch.
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching')
    void queryClient
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => queryClient.refetchQueries({ queryKey: key, exact: true }));
}

/** Real-time events update the caches in place (000 §4): lists, unread counts, the open chat room. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'message.created') {
    applyMessageToCaches(queryClient, event.message);
    applyTicketToCaches(queryClient, event.ticket);
  } else if (event.type === 'message.updated') {
    applyMessageToCaches(queryClient, event.message);
  } else if (event.type === 'ticket.updated') {
    applyTicketToCaches(queryClient, event.ticket);
  } else if (event.type === 'ticket.revoked') {
    // Reassigned away from this agent: it leaves their lists and chat room.
    queryClient.removeQueries({ queryKey: ticketKeys.ticket(event.ticketId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.unread });
  }
}
