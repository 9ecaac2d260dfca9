import { type ChannelCode, channelEndpoints } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { connectedChannels } from './connectedChannels';
import { queryKeys } from './queries';

/** `connectedChannels` of the business's accounts (GET /api/channel-accounts, inbox readers may call it). */
export function useConnectedChannels(allowed: readonly ChannelCode[], enabled = true) {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => connectedChannels(data.items, allowed),
    enabled,
  });
}
