import {
  type BulkActionInput,
  type BulkFilter,
  type BulkJob,
  type BulkSelection,
  bulkEndpoints,
  macroEndpoints,
  type RealtimeEvent,
  teamEndpoints,
} from '@sapa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';
import { useRealtime } from '../../shared/realtime';

const bulkKeys = {
  jobs: [...queryKeys.inbox, 'bulk-jobs'] as const,
  matching: (filter: BulkFilter) => [...queryKeys.inbox, 'bulk-matching', filter] as const,
  failures: (id: string) => [...queryKeys.inbox, 'bulk-failures', id] as const,
};

/** The caller's recent bulk jobs (the progress survives a reload); polled while one is running. */
export function useBulkJobs() {
  const queryClient = useQueryClient();
  useRealtime((event) => applyBulkProgress(queryClient, event));
  return useQuery({
    queryKey: bulkKeys.jobs,
    queryFn: ({ signal }) => request(bulkEndpoints.list, { signal }),
    select: (data) => data.items,
    // The socket carries the progress; polling is the fallback while a job runs and the socket is down.
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => job.status === 'PROCESSING') ? 3_000 : false,
  });
}

/** `bulk.progress` moves the job's counters in place; `tickets.changed` refetches what the inbox shows. */
function applyBulkProgress(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'tickets.changed') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
    return;
  }
  if (event.type !== 'bulk.progress') return;
  queryClient.setQueryData<{ items: BulkJob[] }>(bulkKeys.jobs, (data) => {
    if (!data) return data;
    if (!data.items.some((job) => job.id === event.job.id)) {
      void queryClient.invalidateQueries({ queryKey: bulkKeys.jobs });
      return data;
    }
    return {
      items: data.items.map((job) =>
        job.id === event.job.id && job.processed <= event.job.processed ? { ...job, ...event.job } : job,
      ),
    };
  });
  // Finished: the lists show the changed tickets.
  if (event.job.status !== 'PROCESSING')
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.inbox, 'tickets'] });
}

/** "Select all N matching": how many tickets the current filter matches. */
export function useMatchingCount(filter: BulkFilter, enabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.matching(filter),
    queryFn: ({ signal }) => request(bulkEndpoints.matching, { query: filter, signal }),
    enabled,
  });
}

export function useStartBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { selection: BulkSelection; action: BulkActionInput }) =>
      request(bulkEndpoints.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkKeys.jobs }),
  });
}

export function fetchBulkFailures(jobId: string) {
  return request(bulkEndpoints.failures, { params: { id: jobId } });
}

/** The groups a bulk job can move tickets to (000 §3 assignedCsGroup). */
export function useBulkGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.inbox, 'bulk-groups'],
    queryFn: ({ signal }) => request(teamEndpoints.groups, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/** The macros a bulk job can apply (000 §3 "an applied macro"). */
export function useBulkMacros(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.inbox, 'bulk-macros'],
    queryFn: ({ signal }) => request(macroEndpoints.list, { query: { pageSize: 100 }, signal }),
    select: (data) => data.contents,
    enabled,
  });
}
