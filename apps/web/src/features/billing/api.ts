import { billingEndpoints as e, type Language } from '@sapa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointUrl, request, saveDownload } from '../../shared/api';

export interface MutationRange {
  from?: number;
  to?: number;
}

export const billingKeys = {
  all: ['billing'] as const,
  mutations: (range: MutationRange) =>
    ['billing', 'mutations', range.from ?? null, range.to ?? null] as const,
};

/** 001 §3, §7 chat-credit/list: the mutation rows behind the balance, newest first, within the range. */
export function useCreditMutations(range: MutationRange) {
  return useInfiniteQuery({
    queryKey: billingKeys.mutations(range),
    queryFn: ({ pageParam, signal }) =>
      request(e.chatCreditMutations, { query: { ...range, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** 001 §7 chat-credit/download: the range's rows as csv, described in `lang`. */
export function downloadCreditMutations(range: MutationRange, lang: Language): Promise<void> {
  return saveDownload(
    endpointUrl(e.chatCreditDownload, { query: { ...range, lang } }),
    'chat-credit-mutations.csv',
  );
}
