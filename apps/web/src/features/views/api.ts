import { type TicketViewBody, viewEndpoints } from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../shared/api';

const viewKeys = {
  all: ['views'] as const,
  list: ['views', 'list'] as const,
  tickets: (id: string) => ['views', 'tickets', id] as const,
};

/** GET /api/views (000 §7 GET /views/list). */
export function useViews(enabled = true) {
  return useQuery({
    queryKey: viewKeys.list,
    queryFn: ({ signal }) => request(viewEndpoints.list, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/** GET /api/views/:id/tickets: the view's tickets, latest first, keyset pages. */
export function useViewTickets(id: string | null) {
  return useInfiniteQuery({
    queryKey: viewKeys.tickets(id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      request(viewEndpoints.tickets, {
        params: { id: id ?? '' },
        query: { cursor: pageParam ?? undefined, limit: 30 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TicketViewBody }) =>
      input.id
        ? request(viewEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(viewEndpoints.create, { body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(viewEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
  });
}
