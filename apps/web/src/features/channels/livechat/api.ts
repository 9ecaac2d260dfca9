import { type LivechatAccount, type LivechatAccountBody, livechatEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request, upload } from '../../../shared/api';

const accountKey = (id: string) => [...queryKeys.channelAccounts, 'livechat', id] as const;

export function useLivechatAccount(id: string) {
  return useQuery({
    queryKey: accountKey(id),
    queryFn: ({ signal }) => request(livechatEndpoints.get, { params: { id }, signal }),
  });
}

/** Create (no id) or edit a live-chat account; the channel list and the account are refetched. */
export function useSaveLivechat(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LivechatAccountBody): Promise<LivechatAccount> =>
      id
        ? request(livechatEndpoints.edit, { params: { id }, body })
        : request(livechatEndpoints.create, { body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKey(account.id), account);
      void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts });
    },
  });
}

export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => upload(livechatEndpoints.uploadLogo, file, { query: { name: file.name } }),
  });
}

export function useDisconnectLivechat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(livechatEndpoints.disconnect, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}
