import { type BodyOf, walletEndpoints as e } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, useInvalidatingMutation } from '../../shared/api';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: ['wallet', 'summary'] as const,
  mutations: (page: number) => ['wallet', 'mutations', page] as const,
  pending: (page: number) => ['wallet', 'pending', page] as const,
  bankAccounts: ['wallet', 'bank-accounts'] as const,
};

export const PAGE_SIZE = 10;

/**
 * 001 §2 /wallet: balance, what pending withdrawals hold, and the verified destinations; refreshed every few
 * seconds while a withdrawal is in process (the gateway's callback settles it on the server).
 */
export function useWallet() {
  return useQuery({
    queryKey: walletKeys.summary,
    queryFn: ({ signal }) => request(e.wallet, { signal }),
    refetchInterval: (q) => ((q.state.data?.held ?? 0) > 0 ? 3_000 : false),
  });
}

export function useWalletMutations(page: number) {
  return useQuery({
    queryKey: walletKeys.mutations(page),
    queryFn: ({ signal }) => request(e.mutations, { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The Pending tab, refreshed every few seconds while a withdrawal is in process (the gateway's callback). */
export function useWalletPending(page: number) {
  return useQuery({
    queryKey: walletKeys.pending(page),
    queryFn: ({ signal }) => request(e.pending, { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.total ?? 0) > 0 ? 3_000 : false),
  });
}

export const useWithdraw = () =>
  useInvalidatingMutation(walletKeys.all, (body: BodyOf<typeof e.withdraw>) => request(e.withdraw, { body }));

export function useBankAccounts(enabled = true) {
  return useQuery({
    queryKey: walletKeys.bankAccounts,
    queryFn: ({ signal }) => request(e.bankAccounts, { signal }),
    enabled,
  });
}

export const useAddBankAccount = () =>
  useInvalidatingMutation(walletKeys.all, (body: BodyOf<typeof e.addBankAccount>) =>
    request(e.addBankAccount, { body }),
  );
export const useCheckBankAccount = () =>
  useInvalidatingMutation(walletKeys.all, (id: string) => request(e.checkBankAccount, { params: { id } }));
export const useMakePrimaryBankAccount = () =>
  useInvalidatingMutation(walletKeys.all, (id: string) =>
    request(e.makePrimaryBankAccount, { params: { id } }),
  );
export const useDeleteBankAccount = () =>
  useInvalidatingMutation(walletKeys.all, (id: string) => request(e.deleteBankAccount, { params: { id } }));
