import {
  automationEndpoints,
  type ChatHistoryFilterInput,
  type QueryOf,
  searchEndpoints,
  type TicketListColumnKey,
  type TicketListFilterInput,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../shared/api';

export const findKeys = {
  all: ['find'] as const,
  ticketList: (query: TicketListFilterInput) => ['find', 'ticket-list', query] as const,
  chatHistory: (query: ChatHistoryFilterInput) => ['find', 'chat-history', query] as const,
  columns: ['find', 'ticket-list', 'columns'] as const,
};

/** A find list's keyset pages; the first page asks for the bounded total. */
function useFindPages<E extends typeof searchEndpoints.ticketList | typeof searchEndpoints.chatHistory>(
  endpoint: E,
  queryKey: readonly unknown[],
  query: QueryOf<E>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      request(endpoint, {
        query: { ...query, cursor: pageParam ?? undefined, withTotal: pageParam ? undefined : 'true' },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ticket-list: Daftar Chat results. */
export function useTicketList(query: TicketListFilterInput) {
  return useFindPages(searchEndpoints.ticketList, findKeys.ticketList(query), query);
}

/** GET /api/chat-history: resolved chats, newest first. */
export function useChatHistory(query: ChatHistoryFilterInput) {
  return useFindPages(searchEndpoints.chatHistory, findKeys.chatHistory(query), query);
}

/** GET /api/ticket-list/columns: the caller's visible columns (the defaults until saved). */
export function useTicketListColumns() {
  return useQuery({
    queryKey: findKeys.columns,
    queryFn: ({ signal }) => request(searchEndpoints.columns, { signal }),
    select: (data) => data.columns,
    staleTime: 5 * 60_000,
  });
}

export function useSaveTicketListColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: TicketListColumnKey[]) =>
      request(searchEndpoints.saveColumns, { body: { columns } }),
    onSuccess: (saved) => queryClient.setQueryData(findKeys.columns, saved),
  });
}

/** PUT /api/tickets/:id/survey/remarks (001 §3 survey rating remarks); the find lists read it again. */
export function useSaveSurveyRemarks(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) =>
      request(automationEndpoints.saveSurveyRemarks, { params: { id: ticketId }, body: { remarks } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: findKeys.all }),
  });
}
