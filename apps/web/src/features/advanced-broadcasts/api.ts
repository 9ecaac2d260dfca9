import {
  type AdvancedBroadcastInput,
  advancedBroadcastEndpoints as ab,
  type RecipientRule,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

/** Every advanced-broadcast query (invalidated together after a change). */
export const advancedBroadcastKeys = { all: ['advanced-broadcasts'] as const };

export function useAdvancedBroadcasts(view: 'today' | 'all', search: string) {
  return useQuery({
    queryKey: [...advancedBroadcastKeys.all, view, search],
    queryFn: ({ signal }) => request(ab.list, { query: { view, search: search || undefined }, signal }),
    select: (d) => d.items,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAdvanced() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: advancedBroadcastKeys.all });
}

export function useSaveAdvancedBroadcast() {
  const invalidate = useInvalidateAdvanced();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AdvancedBroadcastInput }) =>
      id ? request(ab.update, { params: { id }, body }) : request(ab.create, { body }),
    onSuccess: invalidate,
  });
}

export function useAdvancedBroadcastAction() {
  const invalidate = useInvalidateAdvanced();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'activate' | 'deactivate' | 'sync' | 'remove' }) =>
      request(ab[action], { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useEstimateRules() {
  return useMutation({ mutationFn: (rules: RecipientRule[]) => request(ab.estimate, { body: { rules } }) });
}
