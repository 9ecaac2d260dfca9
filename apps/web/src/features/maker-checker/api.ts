import {
  makerCheckerEndpoints as e,
  type MakerCheckerAccountInput,
  type MakerCheckerMediaType,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

export const makerCheckerKeys = {
  all: ['maker-checker'] as const,
  settings: ['maker-checker', 'settings'] as const,
  accounts: ['maker-checker', 'accounts'] as const,
  me: (mediaType: MakerCheckerMediaType) => ['maker-checker', 'me', mediaType] as const,
};

export function useMakerCheckerSettings() {
  return useQuery({
    queryKey: makerCheckerKeys.settings,
    queryFn: ({ signal }) => request(e.getSettings, { signal }),
  });
}

export function useMakerCheckerAccounts() {
  return useQuery({
    queryKey: makerCheckerKeys.accounts,
    queryFn: ({ signal }) => request(e.list, { query: {}, signal }),
    select: (d) => d.items,
  });
}

/** The signed-in user's own maker/checker role (whether to offer sending or approving). */
export function useMyMakerCheckerRole(mediaType: MakerCheckerMediaType = 'WHATSAPP') {
  return useQuery({
    queryKey: makerCheckerKeys.me(mediaType),
    queryFn: ({ signal }) => request(e.me, { query: { mediaType }, signal }),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: makerCheckerKeys.all });
}

export function useSaveMakerCheckerSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (enabled: boolean) => request(e.updateSettings, { body: { enabled } }),
    onSuccess: invalidate,
  });
}

export function useSaveMakerCheckerAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MakerCheckerAccountInput }) =>
      id ? request(e.update, { params: { id }, body }) : request(e.create, { body }),
    onSuccess: invalidate,
  });
}

export function useSetMakerCheckerAccountActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      request(e.setActive, { params: { id }, body: { active } }),
    onSuccess: invalidate,
  });
}

export function useDeleteMakerCheckerAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => request(e.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
