import { type ExportHistoryItem, type ExportRequestInput, exportEndpoints } from '@sapa/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

const exportKeys = { all: ['exports'] as const, history: ['exports', 'history'] as const };

const inProgress = (items: readonly ExportHistoryItem[]) => items.some((i) => i.status === 'inProgress');

/** 000 §7 GET export-history/list: newest first, paged; polled while a file is being written. */
export function useExportHistory() {
  return useInfiniteQuery({
    queryKey: exportKeys.history,
    queryFn: ({ pageParam, signal }) =>
      request(exportEndpoints.list, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => inProgress(page.items)) ? 1000 : false,
  });
}

/**
 * One request's state, read from the newest page of the history (polled every second while in progress;
 * a request is always among the newest of its requester).
 */
export function useExportStatus(id: string | null) {
  return useQuery({
    queryKey: [...exportKeys.history, 'one', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const page = await request(exportEndpoints.list, { query: { limit: 20 }, signal });
      return page.items.find((item) => item.id === id) ?? null;
    },
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 1000,
  });
}

/** 000 §7 POST export-history/request. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequestInput) => request(exportEndpoints.request, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/**
 * Downloads a finished export: asks for a signed link (000 §7 GET export-history/report/signed) and lets
 * the browser fetch it (a plain link, no token), so the file streams to disk instead of into memory.
 */
export async function downloadExport(id: string): Promise<void> {
  const link = await request(exportEndpoints.signed, { query: { id } });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
