import { type BodyOf, channelEndpoints, shopifyEndpoints as e } from '@sapa/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys, request, useInvalidatingMutation } from '../../shared/api';

/** Every query of shopify (invalidated together after a change). */
export const shopifyKeys = {
  all: ['shopify'] as const,
  store: ['shopify', 'store'] as const,
  automations: ['shopify', 'automations'] as const,
  report: ['shopify', 'report'] as const,
};

export const useShopifyStore = () =>
  useQuery({ queryKey: shopifyKeys.store, queryFn: ({ signal }) => request(e.store, { signal }) });

export const useShopifyAutomations = (enabled: boolean) =>
  useQuery({
    queryKey: shopifyKeys.automations,
    queryFn: ({ signal }) => request(e.automations, { signal }),
    enabled,
  });

export const useShopifyReport = () =>
  useQuery({
    queryKey: shopifyKeys.report,
    queryFn: ({ signal }) => request(e.report, { query: {}, signal }),
  });

/** The connect dialog: the admin URL → Shopify's authorize page, where the browser goes next. */
export const useStartConnect = () =>
  useMutation({ mutationFn: (adminUrl: string) => request(e.connect, { body: { adminUrl } }) });

export const useUpdateStore = () =>
  useInvalidatingMutation(shopifyKeys.all, (channelAccountId: string) =>
    request(e.updateStore, { body: { channelAccountId } }),
  );

export const useDisconnect = () => useInvalidatingMutation(shopifyKeys.all, () => request(e.disconnect));

export const useSaveAutomation = () =>
  useInvalidatingMutation(shopifyKeys.all, (body: BodyOf<typeof e.saveAutomation>) =>
    request(e.saveAutomation, { body }),
  );

/** The business's connected WhatsApp numbers (the sender the store configuration picks). */
export const useWhatsappNumbers = () =>
  useQuery({
    queryKey: queryKeys.channelAccounts,
    queryFn: ({ signal }) => request(channelEndpoints.list, { signal }),
    select: (data) => data.items.filter((a) => a.channel === 'WAP' && a.status === 'connected'),
  });
