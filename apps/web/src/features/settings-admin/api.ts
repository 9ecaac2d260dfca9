import {
  type AccessRole,
  type AccessRoleInput,
  type AdminUser,
  accessRoleEndpoints,
  adminUserEndpoints,
  type BodyOf,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';

export const USERS_PAGE_SIZE = 20;

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

/** GET /api/feature-access/list (000 §7 feature-access calls). */
export function useAccessRoles() {
  return useQuery({
    queryKey: queryKeys.accessRoles,
    queryFn: ({ signal }) => request(accessRoleEndpoints.list, { query: { isDeleted: 'false' }, signal }),
    select: (data) => data.items,
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

export function useSaveAccessRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: AccessRoleInput }): Promise<AccessRole> =>
      input.id
        ? request(accessRoleEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(accessRoleEndpoints.create, { body: input.body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accessRoles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useDeleteAccessRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(accessRoleEndpoints.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.accessRoles }),
  });
}
