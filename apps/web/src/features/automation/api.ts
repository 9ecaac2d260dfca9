import {
  type AutoChatSettings,
  type BusinessProfile,
  type ChatbotSaveInput,
  chatbotEndpoints,
  automationEndpoints as e,
  teamEndpoints,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';

export const automationKeys = {
  profile: ['automation', 'profile'] as const,
  autoChat: ['automation', 'auto-chat'] as const,
  chatbots: ['automation', 'chatbots'] as const,
  groups: ['automation', 'cs-groups'] as const,
};

export function useBusinessProfile() {
  return useQuery({
    queryKey: automationKeys.profile,
    queryFn: ({ signal }) => request(e.getProfile, { signal }),
  });
}

export function useSaveBusinessProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessProfile) => request(e.updateProfile, { body }),
    onSuccess: (saved) => client.setQueryData(automationKeys.profile, saved),
  });
}

export function useAutoChat() {
  return useQuery({
    queryKey: automationKeys.autoChat,
    queryFn: ({ signal }) => request(e.getAutoChat, { signal }),
  });
}

export function useSaveAutoChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoChatSettings) => request(e.updateAutoChat, { body }),
    onSuccess: (saved) => client.setQueryData(automationKeys.autoChat, saved),
  });
}

/** 000 §2 /chatbot: the connected accounts, each with its chatbot. */
export function useChatbots() {
  return useQuery({
    queryKey: automationKeys.chatbots,
    queryFn: ({ signal }) => request(chatbotEndpoints.list, { signal }),
  });
}

export function useSaveChatbot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChatbotSaveInput }) =>
      request(chatbotEndpoints.save, { params: { channelAccountId: id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.chatbots }),
  });
}

/** The groups a chatbot may hand over to (000 §7 GET /groups). */
export function useCsGroups() {
  return useQuery({
    queryKey: automationKeys.groups,
    queryFn: ({ signal }) => request(teamEndpoints.groups, { signal }),
    staleTime: 60_000,
  });
}
