import { type BodyOf, channelAccountEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';

export function useChannelAccounts() {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelAccountEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

export type WhatsappCloudBody = BodyOf<typeof channelAccountEndpoints.connectWhatsappCloud>;

export function useConnectWhatsappCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsappCloudBody) => request(channelAccountEndpoints.connectWhatsappCloud, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export function useDisconnectChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(channelAccountEndpoints.disconnect, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}
