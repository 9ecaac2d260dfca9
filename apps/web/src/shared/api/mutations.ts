import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation that, once it succeeds, marks every query under `queryKey` stale (a feature's lists and details). */
export function useInvalidatingMutation<V, R>(queryKey: QueryKey, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
