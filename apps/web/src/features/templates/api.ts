import {
  can,
  channelEndpoints,
  type ManagedTemplate,
  type Me,
  type TemplateInput,
  templateManagementEndpoints,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessSubjectOf, queryKeys, request } from '../../shared/api';

const e = templateManagementEndpoints;

const templateKeys = {
  all: ['whatsapp-templates'] as const,
  list: (search: string) => ['whatsapp-templates', 'list', search] as const,
  one: (id: string) => ['whatsapp-templates', 'one', id] as const,
};

/** While a template waits for the provider's review, the list polls so its new status shows without reload. */
const REVIEW_POLL_MS = 2_000;
const waitingReview = (items: readonly ManagedTemplate[]) => items.some((t) => t.status === 'pending');

/** GET /api/whatsapp-templates (001 §2 template tab). */
export function useWhatsappTemplates(search: string) {
  return useQuery({
    queryKey: templateKeys.list(search.trim()),
    queryFn: ({ signal }) =>
      request(e.list, { query: search.trim() ? { search: search.trim() } : {}, signal }),
    select: (data) => data.items,
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (waitingReview(query.state.data?.items ?? []) ? REVIEW_POLL_MS : false),
  });
}

export function useWhatsappTemplate(id: string | null) {
  return useQuery({
    queryKey: templateKeys.one(id ?? ''),
    queryFn: ({ signal }) => request(e.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** Connected WhatsApp accounts a template can be submitted through. */
export function useWhatsappAccounts() {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => data.items.filter((a) => a.channel === 'WAP' && a.status === 'connected'),
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TemplateInput }) =>
      input.id
        ? request(e.update, { params: { id: input.id }, body: input.body })
        : request(e.create, { body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(e.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(e.sync, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** What the signed-in user may do with WhatsApp templates (WHATSAPP_TEMPLATE, 000 §6). */
export function templateAccessOf(me: Me) {
  const subject = accessSubjectOf(me);
  return {
    create: can(subject, 'WHATSAPP_TEMPLATE', 'CREATE'),
    update: can(subject, 'WHATSAPP_TEMPLATE', 'UPDATE'),
    delete: can(subject, 'WHATSAPP_TEMPLATE', 'DELETE'),
  };
}
