import { type AccessRole, type AccessRoleInput, accessRoleEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';

/** GET /api/feature-access/list (000 §7 feature-access calls). */
export function useAccessRoles() {
  return useQuery({
    queryKey: queryKeys.accessRoles,
    queryFn: ({ signal }) => request(accessRoleEndpoints.list, { query: { isDeleted: 'false' }, signal }),
    select: (data) => data.items,
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
