import {
  type CategoryInput,
  catalogueEndpoints as e,
  type ProductInput,
  type QueryOf,
} from '@sapa/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { request, upload, useInvalidatingMutation } from '../../shared/api';

export type ProductFilters = Omit<QueryOf<typeof e.listProducts>, 'cursor' | 'limit'>;

/** Every query of the catalogue pages (invalidated together after a change). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: (filters: ProductFilters) => ['catalogue', 'products', filters] as const,
  product: (id: string) => ['catalogue', 'product', id] as const,
  categories: ['catalogue', 'categories'] as const,
};

/** GET /api/products: keyset pages, newest first. */
export function useProducts(filters: ProductFilters, limit?: number) {
  return useInfiniteQuery({
    queryKey: [...catalogueKeys.products(filters), limit],
    queryFn: ({ pageParam, signal }) =>
      request(e.listProducts, {
        query: { ...filters, ...(limit ? { limit } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: catalogueKeys.product(id ?? ''),
    queryFn: ({ signal }) => request(e.product, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

export function useCategories(enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => request(e.listCategories, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

const useCatalogueMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) =>
  useInvalidatingMutation(catalogueKeys.all, mutationFn);

export const useSaveProduct = () =>
  useCatalogueMutation((v: { id: string | null; body: ProductInput }) =>
    v.id
      ? request(e.updateProduct, { params: { id: v.id }, body: v.body })
      : request(e.createProduct, { body: v.body }),
  );

export const useBulkStatus = () =>
  useCatalogueMutation((v: { ids: string[]; active: boolean }) => request(e.bulkStatus, { body: v }));

export const useBulkDelete = () =>
  useCatalogueMutation((ids: string[]) => request(e.bulkDelete, { body: { ids } }));

export const useUploadPhoto = () =>
  useMutation({ mutationFn: (file: File) => upload(e.uploadPhoto, file, { query: { name: file.name } }) });

export const useSaveCategory = () =>
  useCatalogueMutation((v: { id: string | null; body: CategoryInput }) =>
    v.id
      ? request(e.updateCategory, { params: { id: v.id }, body: v.body })
      : request(e.createCategory, { body: v.body }),
  );

export const useDeleteCategory = () =>
  useCatalogueMutation((v: { id: string; moveTo?: string; leaveEmpty?: boolean }) =>
    request(e.deleteCategory, {
      params: { id: v.id },
      query: {
        ...(v.moveTo ? { moveTo: v.moveTo } : {}),
        ...(v.leaveEmpty ? { leaveEmpty: 'true' as const } : {}),
      },
    }),
  );
