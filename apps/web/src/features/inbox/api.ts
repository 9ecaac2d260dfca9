import {
  adminUserEndpoints,
  inboxEndpoints,
  type Message,
  type RealtimeEvent,
  type TicketSummary,
} from '@sapa/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, queryKeys, request } from '../../shared/api';
import {
  applyTicket,
  type MessagePages,
  removeMessage,
  type TicketFilters,
  type TicketPages,
  upsertMessage,
} from './cache';

export const TICKETS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

export const inboxKeys = {
  tickets: [...queryKeys.inbox, 'tickets'] as const,
  ticketList: (filters: TicketFilters) => [...queryKeys.inbox, 'tickets', filters] as const,
  unread: [...queryKeys.inbox, 'unread'] as const,
  ticket: (id: string) => [...queryKeys.inbox, 'ticket', id] as const,
  messages: (id: string) => [...queryKeys.inbox, 'messages', id] as const,
};

/** GET /api/inbox/tickets: one tab with its filters, keyset pages. */
export function useTickets(filters: TicketFilters) {
  return useInfiniteQuery({
    queryKey: inboxKeys.ticketList(filters),
    queryFn: ({ pageParam, signal }) =>
      request(inboxEndpoints.tickets, {
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
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) => request(inboxEndpoints.unreadCount, { signal }),
    retry: false,
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: inboxKeys.ticket(id ?? ''),
    queryFn: ({ signal }) => request(inboxEndpoints.ticket, { params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** GET /api/tickets/:id/messages: newest page first; older pages on demand. */
export function useMessages(id: string | null) {
  return useInfiniteQuery({
    queryKey: inboxKeys.messages(id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      request(inboxEndpoints.messages, {
        params: { id: id ?? '' },
        query: { before: pageParam ?? undefined, limit: MESSAGES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!id,
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

// ---------------------------------------------------------------- cache updates

/** A changed ticket: its chat room header and every loaded list (refetched where it cannot be placed). */
export function applyTicketToCaches(queryClient: QueryClient, ticket: TicketSummary): void {
  queryClient.setQueryData(inboxKeys.ticket(ticket.id), ticket);
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.tickets })) {
    const filters = key[inboxKeys.tickets.length] as TicketFilters | undefined;
    if (!filters) continue;
    const next = applyTicket(data, ticket, filters);
    if (next === null) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== data) queryClient.setQueryData(key, next);
  }
  void queryClient.invalidateQueries({ queryKey: inboxKeys.unread });
}

function findListedTicket(queryClient: QueryClient, id: string): TicketSummary | undefined {
  for (const [, data] of queryClient.getQueriesData<TicketPages>({ queryKey: inboxKeys.tickets })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

export function applyMessageToCaches(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<MessagePages>(inboxKeys.messages(message.ticketId), (data) =>
    upsertMessage(data, message),
  );
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
    queryClient.removeQueries({ queryKey: inboxKeys.ticket(event.ticketId) });
    void queryClient.invalidateQueries({ queryKey: inboxKeys.tickets });
    void queryClient.invalidateQueries({ queryKey: inboxKeys.unread });
  }
}

// ---------------------------------------------------------------- mutations

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(inboxEndpoints.markRead, { params: { id }, body: {} }),
    onSuccess: (_data, id) => {
      const ticket =
        queryClient.getQueryData<TicketSummary>(inboxKeys.ticket(id)) ?? findListedTicket(queryClient, id);
      if (ticket && ticket.unreadCount > 0) applyTicketToCaches(queryClient, { ...ticket, unreadCount: 0 });
      else void queryClient.invalidateQueries({ queryKey: inboxKeys.unread });
    },
  });
}

export interface SendInput {
  ticketId: string;
  text: string;
  internal: boolean;
  clientMessageId: string;
  senderName: string;
  senderUserId: string;
}

/** The bubble shown at once while the message is on its way. */
export function pendingMessage(input: SendInput): Message {
  return {
    id: input.clientMessageId,
    ticketId: input.ticketId,
    direction: 'out',
    visibility: input.internal ? 'internal' : 'public',
    type: 'text',
    text: input.text,
    media: null,
    payload: { clientMessageId: input.clientMessageId, local: true },
    status: 'pending',
    error: null,
    senderUserId: input.senderUserId,
    senderName: input.senderName,
    replyToId: null,
    createdAt: Date.now(),
  };
}

/** A composer message that never reached the server (kept to retry with the same clientMessageId). */
export function isLocalMessage(message: Message): boolean {
  return message.payload?.local === true;
}

/** POST /api/tickets/:id/messages with an optimistic pending bubble. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) =>
      request(inboxEndpoints.sendMessage, {
        params: { id: input.ticketId },
        body: { text: input.text, internal: input.internal, clientMessageId: input.clientMessageId },
      }),
    onMutate: (input) => {
      applyMessageToCaches(queryClient, pendingMessage(input));
    },
    onSuccess: (message, input) => {
      const key = inboxKeys.messages(input.ticketId);
      queryClient.setQueryData<MessagePages>(key, (data) =>
        upsertMessage(
          message.id === input.clientMessageId ? data : removeMessage(data, input.clientMessageId),
          message,
        ),
      );
    },
    onError: (error, input) => {
      const failed: Message = {
        ...pendingMessage(input),
        status: 'failed',
        error: {
          code: error instanceof ApiError ? (error.body.code ?? error.body.error) : 'error',
          message: error instanceof Error ? error.message : String(error),
        },
      };
      applyMessageToCaches(queryClient, failed);
    },
  });
}

/** Retry a failed message: the server's retry, or a re-send of a message that never reached it. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  const send = useSendMessage();
  return useMutation({
    mutationFn: async (message: Message) => {
      if (isLocalMessage(message)) {
        applyMessageToCaches(queryClient, { ...message, status: 'pending', error: null });
        await send.mutateAsync({
          ticketId: message.ticketId,
          text: message.text ?? '',
          internal: message.visibility === 'internal',
          clientMessageId: message.id,
          senderName: message.senderName ?? '',
          senderUserId: message.senderUserId ?? '',
        });
        return null;
      }
      return request(inboxEndpoints.retryMessage, {
        params: { id: message.ticketId, messageId: message.id },
        body: {},
      });
    },
    onSuccess: (message) => {
      if (message) applyMessageToCaches(queryClient, message);
    },
  });
}

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; assigneeId: string }) =>
      request(inboxEndpoints.assign, {
        params: { id: input.ticketId },
        body: { assigneeId: input.assigneeId },
      }),
    onSuccess: (ticket) => applyTicketToCaches(queryClient, ticket),
  });
}

export function useResolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; note: string }) =>
      request(inboxEndpoints.resolve, {
        params: { id: input.ticketId },
        body: { note: input.note.trim() || undefined },
      }),
    onSuccess: (ticket) => applyTicketToCaches(queryClient, ticket),
  });
}
