import { type AdminUser, adminUserEndpoints, type BodyOf } from '@sapa/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';

const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: keyset pages ("load more"), filtered by a search text. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.adminUsers, 'list', search],
    queryFn: ({ pageParam, signal }) =>
      request(adminUserEndpoints.list, {
        query: { search: search || undefined, cursor: pageParam ?? undefined, limit: USERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export type UserCreateBody = BodyOf<typeof adminUserEndpoints.create>;
export type UserUpdateBody = BodyOf<typeof adminUserEndpoints.update>;

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: UserCreateBody | UserUpdateBody }): Promise<AdminUser> =>
      input.id
        ? request(adminUserEndpoints.update, { params: { id: input.id }, body: input.body as UserUpdateBody })
        : request(adminUserEndpoints.create, { body: input.body as UserCreateBody }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accessRoles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(adminUserEndpoints.remove, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accessRoles });
    },
  });
}
