import { adminUserEndpoints, conversationEndpoints, ticketPropertyEndpoints } from '@sapa/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';
import type { TicketFilters } from './cache';
import { ticketKeys } from './keys';

export const TICKETS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

/** GET /api/inbox/tickets: one tab with its filters, keyset pages. */
export function useTickets(filters: TicketFilters) {
  return useInfiniteQuery({
    queryKey: ticketKeys.ticketList(filters),
    queryFn: ({ pageParam, signal }) =>
      request(conversationEndpoints.tickets, {
        query: {
          ...filters,
          search: filters.search || undefined,
          cursor: pageParam ?? undefined,
          limit: TICKETS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/inbox/unread-count. */
export function useUnreadCount() {
  return useQuery({
    queryKey: ticketKeys.unread,
    queryFn: ({ signal }) => request(conversationEndpoints.unreadCount, { signal }),
    retry: false,
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.ticket(id ?? ''),
    queryFn: ({ signal }) => request(conversationEndpoints.ticket, { params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** GET /api/tickets/:id/messages: newest page first; older pages on demand. */
export function useMessages(id: string | null) {
  return useInfiniteQuery({
    queryKey: ticketKeys.messages(id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      request(conversationEndpoints.messages, {
        params: { id: id ?? '' },
        query: { before: pageParam ?? undefined, limit: MESSAGES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!id,
  });
}

/** GET /api/inbox/tags: tags in use, for suggestions. */
export function useTicketTags() {
  return useQuery({
    queryKey: ticketKeys.tags,
    queryFn: ({ signal }) => request(ticketPropertyEndpoints.tags, { query: {}, signal }),
    select: (data) => data.items,
    staleTime: 60_000,
  });
}

/** GET /api/admin/users for the assign dialog (only when the caller may read admin users). */
export function useAssignableUsers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.adminUsers, 'assignable', search],
    queryFn: ({ signal }) =>
      request(adminUserEndpoints.list, { query: { search: search || undefined, limit: 50 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    select: (data) => data.items,
  });
}
