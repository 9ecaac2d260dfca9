import { type BodyOf, subscriptionsEndpoints as e } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: ['subscription', 'current'] as const,
  plans: ['subscription', 'plans'] as const,
  methods: ['subscription', 'methods'] as const,
  pending: ['subscription', 'pending'] as const,
  quote: (body: unknown) => ['subscription', 'quote', body] as const,
};

/** The business's subscription (the plan page, the banner, the free-account overlay). */
export function useSubscription() {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => request(e.current, { signal }),
    staleTime: 30_000,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => request(e.plans, { signal }),
  });
}

export function useSubscriptionPaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.methods,
    queryFn: ({ signal }) => request(e.paymentMethods, { signal }),
    select: (d) => d.methods,
    enabled,
    retry: false,
  });
}

export type QuoteBody = BodyOf<typeof e.quote>;

/** 001 §2 subscription summary for the choice so far (refusals come back as the query's error). */
export function useOrderQuote(body: QuoteBody | null) {
  return useQuery({
    queryKey: subscriptionKeys.quote(body),
    queryFn: ({ signal }) => request(e.quote, { body: body!, signal }),
    enabled: body !== null,
    retry: false,
  });
}

/** The unpaid order; polled while there is one (the owner pays on the gateway's page). */
export function usePendingOrder(enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: subscriptionKeys.pending,
    queryFn: async ({ signal }) => {
      const { order } = await request(e.pending, { signal });
      // Paid or gone: the plan has changed (or not); read it again.
      if (!order) void client.invalidateQueries({ queryKey: subscriptionKeys.current });
      return order;
    },
    enabled,
    refetchInterval: (query) => (query.state.data ? 3000 : false),
  });
}

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof e.order>) => request(e.order, { body }),
    onSuccess: (order) => client.setQueryData(subscriptionKeys.pending, order),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => request(e.cancel, { params: { orderId } }),
    onSuccess: () => {
      client.setQueryData(subscriptionKeys.pending, null);
      void client.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
