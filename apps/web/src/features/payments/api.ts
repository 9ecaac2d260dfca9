import { paymentsEndpoints as e, type PaymentMethodCode } from '@sapa/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

export const paymentKeys = {
  all: ['payments'] as const,
  methods: ['payments', 'methods'] as const,
  list: ['payments', 'list'] as const,
  fee: (method: string, amount: number) => ['payments', 'fee', method, amount] as const,
};

/** 001 §2 payment dialog: the methods with their fees and whether each is on now. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.methods,
    queryFn: ({ signal }) => request(e.paymentMethods, { signal }),
    select: (d) => d.methods,
    enabled,
    retry: false,
  });
}

/** 001 §7 calculate-payment-fee, for a chosen method and a valid amount. */
export function usePaymentFee(method: PaymentMethodCode | null, amount: number | null) {
  return useQuery({
    queryKey: paymentKeys.fee(method ?? '', amount ?? 0),
    queryFn: ({ signal }) => request(e.paymentFee, { body: { method: method!, amount: amount! }, signal }),
    enabled: method !== null && amount !== null,
  });
}

/** The business's payments, newest first; polled while one is pending (the payer pays on the gateway's page). */
export function usePayments() {
  return useInfiniteQuery({
    queryKey: paymentKeys.list,
    queryFn: ({ pageParam, signal }) =>
      request(e.payments, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.items.some((p) => p.status === 'pending') ? 3000 : false,
  });
}

/** 001 §7 POST billing-transaction: a top-up; the balance and mutations refresh once it is paid. */
export function useTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { method: PaymentMethodCode; amount: number }) => request(e.topUp, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: paymentKeys.list }),
  });
}
