import { type AccessSubject, accountEndpoints, billingEndpoints, type Me } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

export { queryKeys };

/** GET /api/users/me: who is signed in, in which business, with what access. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => request(accountEndpoints.me, { signal }),
  staleTime: 60_000,
});

/** GET /api/wallet/chat-credit: the header balance (refetched on every protected navigation). */
export const chatCreditQuery = queryOptions({
  queryKey: queryKeys.chatCredit,
  queryFn: ({ signal }) => request(billingEndpoints.chatCreditBalance, { signal }),
  staleTime: 0,
  retry: false,
});

export function useMe() {
  return useQuery(meQuery);
}

/** The permission subject of spec 000 §6, from GET /api/users/me. */
export function accessSubjectOf(me: Me): AccessSubject {
  return {
    role: me.role,
    userFeatures: me.featureAccess,
    clientPlanFeatures: me.planFeatures,
    accountCountry: me.accountCountry,
  };
}
