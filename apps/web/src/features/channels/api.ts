import { type BodyOf, channelEndpoints, emailEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request } from '../../shared/api';

export function useChannelAccounts() {
  return useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

export type WhatsappCloudBody = BodyOf<typeof channelEndpoints.connectWhatsappCloud>;

export function useConnectWhatsappCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsappCloudBody) => request(channelEndpoints.connectWhatsappCloud, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export type TelegramBody = BodyOf<typeof channelEndpoints.connectTelegram>;

export function useConnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramBody) => request(channelEndpoints.connectTelegram, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export type ViberBody = BodyOf<typeof channelEndpoints.connectViber>;

export function useConnectViber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ViberBody) => request(channelEndpoints.connectViber, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export type LineBody = BodyOf<typeof channelEndpoints.connectLine>;

export function useConnectLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineBody) => request(channelEndpoints.connectLine, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export type MetaAccountBody = BodyOf<typeof channelEndpoints.connectMessenger>;

/** Connects a Facebook Page (`MSG`) or an Instagram professional account (`IGM`). */
export function useConnectMeta(channel: 'MSG' | 'IGM') {
  const queryClient = useQueryClient();
  const endpoint = channel === 'MSG' ? channelEndpoints.connectMessenger : channelEndpoints.connectInstagram;
  return useMutation({
    mutationFn: (body: MetaAccountBody) => request(endpoint, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

/** 001 §4 refresh: re-checks an account with its provider; the answer is the account in its new state. */
export function useRefreshChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(channelEndpoints.refresh, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export function useDisconnectChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(channelEndpoints.disconnect, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

export function useEmailDomains() {
  return useQuery({
    queryKey: [...queryKeys.channelAccounts, 'email-domains'],
    queryFn: ({ signal }) => request(emailEndpoints.domains, { signal }),
  });
}

export type EmailAccountBody = BodyOf<typeof emailEndpoints.create>;
export type EmailSettingsBody = BodyOf<typeof emailEndpoints.update>;

/** 000 §2 /email/create and /email/edit: a new address, or an account's settings. */
export function useSaveEmailAccount(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailAccountBody) =>
      id
        ? request(emailEndpoints.update, {
            params: { id },
            body: {
              displayName: body.displayName,
              header: body.header,
              footer: body.footer,
              imap: body.imap,
            },
          })
        : request(emailEndpoints.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.channelAccounts }),
  });
}

/** 001 §2 marketplace dialog (Shopee): answers the consent page the browser goes to. */
export function useAuthorizeShopee() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof channelEndpoints.authorizeShopee>) =>
      request(channelEndpoints.authorizeShopee, { body }),
  });
}
