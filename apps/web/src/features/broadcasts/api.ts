import {
  type BodyOf,
  type Broadcast,
  type BroadcastStatus,
  broadcastEndpoints as be,
  channelEndpoints,
  contactGroupEndpoints,
  contactListEndpoints,
  templateManagementEndpoints,
} from '@sapa/contracts';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { queryKeys, request, upload } from '../../shared/api';
import { useRealtime } from '../../shared/realtime';

/** Every broadcast query (invalidated together after a change). */
const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (filters: { status?: BroadcastStatus | undefined; search?: string | undefined }) =>
    ['broadcasts', 'list', filters] as const,
  detail: (id: string) => ['broadcasts', 'detail', id] as const,
  recipients: (id: string, status: string | null) =>
    ['broadcasts', 'detail', id, 'recipients', status ?? ''] as const,
  role: ['broadcasts', 'role'] as const,
  templates: ['broadcasts', 'templates'] as const,
};

/** GET /api/broadcasts: the history, newest first, keyset pages. */
export function useBroadcasts(filters: {
  status?: BroadcastStatus | undefined;
  search?: string | undefined;
}) {
  return useInfiniteQuery({
    queryKey: broadcastKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      request(be.list, { query: { ...filters, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useBroadcast(id: string | null) {
  return useQuery({
    queryKey: broadcastKeys.detail(id ?? ''),
    queryFn: ({ signal }) => request(be.get, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

export function useBroadcastRecipients(id: string, status: string | null) {
  return useInfiniteQuery({
    queryKey: broadcastKeys.recipients(id, status),
    queryFn: ({ pageParam, signal }) =>
      request(be.recipients, {
        params: { id },
        query: { status: (status ?? undefined) as never, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The caller's maker/checker position for broadcasts. */
export function useBroadcastRole() {
  return useQuery({ queryKey: broadcastKeys.role, queryFn: ({ signal }) => request(be.role, { signal }) });
}

/**
 * Applies `broadcast.progress` events to the cached broadcast (the detail's progress bar moves live); the
 * history and the recipients refetch when a broadcast's status changes.
 */
export function useBroadcastProgress() {
  const queryClient = useQueryClient();
  useRealtime((event) => {
    if (event.type !== 'broadcast.progress') return;
    applyProgress(queryClient, event.broadcast);
  });
}

function applyProgress(queryClient: QueryClient, p: Pick<Broadcast, 'id' | 'status' | 'totals'>) {
  const before = queryClient.getQueryData<Broadcast>(broadcastKeys.detail(p.id));
  if (before)
    queryClient.setQueryData<Broadcast>(broadcastKeys.detail(p.id), {
      ...before,
      status: p.status,
      totals: p.totals,
    });
  queryClient.setQueriesData<InfiniteData<{ items: Broadcast[]; nextCursor: string | null }>>(
    { queryKey: ['broadcasts', 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((b) => (b.id === p.id ? { ...b, status: p.status, totals: p.totals } : b)),
        })),
      },
  );
  if (!before || before.status !== p.status || before.totals.pending !== p.totals.pending)
    void queryClient.invalidateQueries({ queryKey: [...broadcastKeys.detail(p.id), 'recipients'] });
}

function useInvalidateBroadcasts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatCredit });
  };
}

export function useCreateBroadcast() {
  const invalidate = useInvalidateBroadcasts();
  return useMutation({
    mutationFn: (body: BodyOf<typeof be.create>) => request(be.create, { body }),
    onSuccess: invalidate,
  });
}

export function useEstimateBroadcast() {
  return useMutation({ mutationFn: (body: BodyOf<typeof be.estimate>) => request(be.estimate, { body }) });
}

export function useCancelBroadcast() {
  const invalidate = useInvalidateBroadcasts();
  return useMutation({
    mutationFn: (id: string) => request(be.cancel, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** 001 §4: a checker approves, rejects or resets selected or all items. */
export function useReviewBroadcasts() {
  const invalidate = useInvalidateBroadcasts();
  return useMutation({
    mutationFn: (body: BodyOf<typeof be.review>) => request(be.review, { body }),
    onSuccess: invalidate,
  });
}

export function useUploadRecipientSheet() {
  return useMutation({
    mutationFn: (file: File) => upload(be.recipientSheet, file, { query: { name: file.name } }),
  });
}

export function useUploadBroadcastImage() {
  return useMutation({ mutationFn: (file: File) => upload(be.image, file) });
}

/** Approved WhatsApp templates (001 §5: a broadcast sends an approved template). */
export function useApprovedTemplates() {
  return useQuery({
    queryKey: broadcastKeys.templates,
    queryFn: ({ signal }) =>
      request(templateManagementEndpoints.list, { query: { status: 'approved' }, signal }),
    select: (d) => d.items.filter((t) => t.status === 'approved'),
  });
}

/** Connected WhatsApp numbers (the sender). */
export function useWhatsappSenders() {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => data.items.filter((a) => a.status === 'connected' && a.channel === 'WAP'),
  });
}

export function useContactOptions(search: string) {
  return useQuery({
    queryKey: ['broadcasts', 'contact-options', search],
    queryFn: ({ signal }) =>
      request(contactListEndpoints.list, {
        query: { search: search || undefined, limit: 30 } as never,
        signal,
      }),
    select: (d) => d.items,
    placeholderData: keepPreviousData,
  });
}

export function useGroupOptions() {
  return useQuery({
    queryKey: ['broadcasts', 'group-options'],
    queryFn: ({ signal }) => request(contactGroupEndpoints.list, { query: { limit: 100 }, signal }),
    select: (d) => d.items,
  });
}
