import { type CsConfiguration, type CsGroupInput, teamEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';
import { playKey } from '../play/api';

/** Queries of groups, agents and the CS configuration (under the inbox key: a reconnection refetches them). */
export const teamKeys = {
  all: [...queryKeys.inbox, 'teams'] as const,
  me: [...queryKeys.inbox, 'teams', 'me'] as const,
  agents: [...queryKeys.inbox, 'teams', 'agents'] as const,
  groups: [...queryKeys.inbox, 'teams', 'groups'] as const,
  members: (groupId: string) => [...queryKeys.inbox, 'teams', 'groups', groupId, 'members'] as const,
  configuration: [...queryKeys.inbox, 'teams', 'configuration'] as const,
};

/** GET /api/cs/me: the caller's CS position, derived role (CS, SPV, CS-SPV), status and capabilities. */
export function useCsMe() {
  return useQuery({
    queryKey: teamKeys.me,
    queryFn: ({ signal }) => request(teamEndpoints.me, { signal }),
    staleTime: 60_000,
  });
}

export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'online' | 'offline') => request(teamEndpoints.setStatus, { body: { status } }),
    onSuccess: (me) => {
      queryClient.setQueryData(teamKeys.me, me);
      void queryClient.invalidateQueries({ queryKey: teamKeys.agents });
      // Auto Assign hands out a ticket once the agent is back online.
      void queryClient.invalidateQueries({ queryKey: playKey });
    },
  });
}

export function useAgents(enabled = true) {
  return useQuery({
    queryKey: teamKeys.agents,
    queryFn: ({ signal }) => request(teamEndpoints.agents, { signal }),
    select: (data) => data.items,
    staleTime: 15_000,
    enabled,
  });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; maxConcurrentChats: number }) =>
      request(teamEndpoints.updateAgent, {
        params: { userId: input.userId },
        body: { maxConcurrentChats: input.maxConcurrentChats },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.agents }),
  });
}

export function useConfiguration() {
  return useQuery({
    queryKey: teamKeys.configuration,
    queryFn: ({ signal }) => request(teamEndpoints.configuration, { signal }),
  });
}

export function useUpdateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CsConfiguration) => request(teamEndpoints.updateConfiguration, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.configuration, saved);
      void queryClient.invalidateQueries({ queryKey: teamKeys.me });
    },
  });
}

export function useGroups(enabled = true) {
  return useQuery({
    queryKey: teamKeys.groups,
    queryFn: ({ signal }) => request(teamEndpoints.groups, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/**
 * The group name to show on a ticket (null: the default group), or null while the business has at most
 * one group (nothing to tell apart) or the groups are not loaded.
 */
export function useGroupNameOf(): (groupId: string | null) => string | null {
  const groups = useGroups();
  const list = groups.data ?? [];
  if (list.length < 2) return () => null;
  const byId = new Map(list.map((g) => [g.id, g.name]));
  const fallback = list.find((g) => g.isDefault)?.name ?? null;
  return (groupId) => (groupId ? (byId.get(groupId) ?? null) : fallback);
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CsGroupInput }) =>
      input.id
        ? request(teamEndpoints.updateGroup, { params: { id: input.id }, body: input.body })
        : request(teamEndpoints.createGroup, { body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.groups }),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(teamEndpoints.deleteGroup, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.groups }),
  });
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: teamKeys.members(groupId ?? ''),
    queryFn: ({ signal }) => request(teamEndpoints.groupMembers, { params: { id: groupId! }, signal }),
    select: (data) => data.items,
    enabled: !!groupId,
  });
}

function useMembersChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.groups });
    void queryClient.invalidateQueries({ queryKey: teamKeys.agents });
  };
}

export function useAddGroupMembers(groupId: string) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      request(teamEndpoints.addGroupMembers, { params: { id: groupId }, body: { userIds } }),
    onSuccess: changed,
  });
}

export function useRemoveGroupMember(groupId: string) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: (userId: string) =>
      request(teamEndpoints.removeGroupMember, { params: { id: groupId, userId } }),
    onSuccess: changed,
  });
}
