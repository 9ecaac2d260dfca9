import { type BodyOf, channelEndpoints, type TemplateUsage, templateEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyMessageToCaches, applyTicketToCaches } from '../../../entities/ticket';
import { queryKeys, request } from '../../../shared/api';

const templateKeys = {
  list: (usage: TemplateUsage, channelAccountId: string | null) =>
    [...queryKeys.inbox, 'templates', usage, channelAccountId ?? ''] as const,
};

/** GET /api/templates: approved templates for a follow-up or a new message. */
export function useTemplates(usage: TemplateUsage, channelAccountId: string | null, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(usage, channelAccountId),
    queryFn: ({ signal }) =>
      request(templateEndpoints.list, {
        query: { usage, channelAccountId: channelAccountId ?? undefined },
        signal,
      }),
    select: (data) => data.items,
    enabled,
  });
}

/** Connected accounts a new chat can be started from (a live-chat visitor cannot be written to first). */
export function useNewChatAccounts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => data.items.filter((a) => a.status === 'connected' && a.channel !== 'LVC'),
    enabled,
  });
}

/** POST /api/tickets/:id/follow-up; the header balance is refreshed after the charge. */
export function useSendFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string } & BodyOf<typeof templateEndpoints.followUp>) => {
      const { ticketId, ...body } = input;
      return request(templateEndpoints.followUp, { params: { id: ticketId }, body });
    },
    onSuccess: (message) => applyMessageToCaches(queryClient, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatCredit }),
  });
}

/** POST /api/inbox/new-chat; the header balance is refreshed after the charge. */
export function useStartNewChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof templateEndpoints.newChat>) =>
      request(templateEndpoints.newChat, { body }),
    onSuccess: ({ ticket, message }) => {
      applyTicketToCaches(queryClient, ticket);
      if (message) applyMessageToCaches(queryClient, message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatCredit }),
  });
}
