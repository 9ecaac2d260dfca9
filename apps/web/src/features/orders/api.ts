import {
  type BodyOf,
  type CourierInput,
  cartEndpoints,
  ordersEndpoints as e,
  type QueryOf,
  type TransactionStatus,
  templateEndpoints,
} from '@sapa/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request, useInvalidatingMutation } from '../../shared/api';

export type TransactionFilters = Omit<QueryOf<typeof e.list>, 'cursor' | 'limit'>;

/** Every query of orders (invalidated together after a change). */
export const orderKeys = {
  all: ['orders'] as const,
  couriers: ['orders', 'couriers'] as const,
  list: (filters: TransactionFilters) => ['orders', 'list', filters] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  summary: ['orders', 'summary'] as const,
};

export function useCouriers(enabled = true) {
  return useQuery({
    queryKey: orderKeys.couriers,
    queryFn: ({ signal }) => request(e.couriers, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

const useOrdersMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) =>
  useInvalidatingMutation(orderKeys.all, mutationFn);

export const useSaveCouriers = () =>
  useOrdersMutation((couriers: CourierInput[]) => request(e.saveCouriers, { body: { couriers } }));

export const useCreateTransaction = () =>
  useOrdersMutation((v: { ticketId: string; body: BodyOf<typeof e.create> }) =>
    request(e.create, { params: { id: v.ticketId }, body: v.body }),
  );

export const useChangeStatus = () =>
  useOrdersMutation(
    (v: {
      id: string;
      status: TransactionStatus;
      notify: boolean;
      templateId?: string | null;
      variables?: string[];
    }) =>
      request(e.changeStatus, {
        params: { id: v.id },
        body: {
          status: v.status,
          notify: v.notify,
          templateId: v.templateId ?? null,
          variables: v.variables ?? [],
        },
      }),
  );

/** Approved follow-up templates: a status notice outside the chat's 24-hour window goes as one of them. */
export function useNoticeTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'notice-templates'],
    queryFn: ({ signal }) => request(templateEndpoints.list, { query: { usage: 'follow_up' }, signal }),
    select: (data) => data.items,
    enabled,
  });
}

/** GET /api/transactions: keyset pages, newest first. */
export function useTransactions(filters: TransactionFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      request(e.list, { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTransaction(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => request(e.detail, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

export function useTransactionSummary(enabled = true) {
  return useQuery({
    queryKey: orderKeys.summary,
    queryFn: ({ signal }) => request(e.summary, { signal }),
    enabled,
  });
}

/** A single- or multi-product message to the chat's WhatsApp customer. */
export const useSendProducts = () =>
  useOrdersMutation((v: { ticketId: string; body: BodyOf<typeof cartEndpoints.sendProducts> }) =>
    request(cartEndpoints.sendProducts, { params: { id: v.ticketId }, body: v.body }),
  );

export const waCatalogueKey = ['orders', 'wa-catalogue'] as const;

/** The WhatsApp catalogue page: the number, the catalogue and each product's state there. */
export function useWaCatalogue() {
  return useQuery({
    queryKey: waCatalogueKey,
    queryFn: ({ signal }) => request(cartEndpoints.waCatalogue, { signal }),
  });
}

export const useSyncWaCatalogue = () => useOrdersMutation(() => request(cartEndpoints.syncWaCatalogue, {}));
