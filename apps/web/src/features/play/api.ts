import { type PlayState, playEndpoints } from '@sapa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyTicketToCaches, ticketKeys } from '../../entities/ticket';
import { request } from '../../shared/api';

export const playKey = ['play'] as const;

/** GET /api/play: the agent's Auto Assign session (fills an empty current ticket on the server). */
export function usePlaylist(enabled = true) {
  return useQuery({
    queryKey: playKey,
    queryFn: ({ signal }) => request(playEndpoints.playlist, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

function useStep<V>(call: (input: V) => Promise<PlayState>, after?: (queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A playlist read in flight must not overwrite the step's answer.
    onMutate: () => queryClient.cancelQueries({ queryKey: playKey }),
    onSuccess: (state) => {
      queryClient.setQueryData(playKey, state);
      for (const ticket of [state.current, state.next]) if (ticket) applyTicketToCaches(queryClient, ticket);
      after?.(queryClient);
    },
  });
}

export const useStartPlay = () =>
  useStep((body: { viewId?: string; channel?: PlayState['channel'] & string }) =>
    request(playEndpoints.start, { body }),
  );
export const useNextTicket = () => useStep((_: undefined) => request(playEndpoints.next, { body: {} }));
/** The skipped ticket goes back to the queue: the inbox lists are refetched (it may have left this agent's view). */
export const useSkipTicket = () =>
  useStep(
    (note: string) => request(playEndpoints.skip, { body: { note } }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets }),
  );

export const useStopPlay = () => useStep((_: undefined) => request(playEndpoints.stop, { body: {} }));

export function refreshPlay(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: playKey });
}
