import { type BodyOf, invoiceEndpoints as e } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, useInvalidatingMutation } from '../../shared/api';

export const financeKeys = {
  all: ['finance'] as const,
  active: ['finance', 'active'] as const,
  history: (page: number) => ['finance', 'history', page] as const,
};

export const HISTORY_PAGE_SIZE = 10;

/** 000 §3: the active bills grouped; refreshed every few seconds while one is being paid or invoiced. */
export function useActiveBills() {
  return useQuery({
    queryKey: financeKeys.active,
    queryFn: ({ signal }) => request(e.active, { signal }),
    refetchInterval: (q) =>
      q.state.data?.pendingPayment.some((b) => b.status !== 'WAITING_PAYMENT') ? 3_000 : false,
  });
}

export function useBillHistory(page: number) {
  return useQuery({
    queryKey: financeKeys.history(page),
    queryFn: ({ signal }) =>
      request(e.list, { query: { status: 'history', page, pageSize: HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAnswerBill = () =>
  useInvalidatingMutation(financeKeys.all, (v: { id: string; body: BodyOf<typeof e.approval> }) =>
    request(e.approval, { params: { id: v.id }, body: v.body }),
  );

export const usePayBill = () =>
  useInvalidatingMutation(financeKeys.all, (v: { id: string; body: BodyOf<typeof e.payment> }) =>
    request(e.payment, { params: { id: v.id }, body: v.body }),
  );

/** 001 §7 user/file then the presigned PUT: answers the uploaded file's id. */
export async function uploadProof(file: File): Promise<string> {
  const presign = await request(e.file, {
    body: {
      mimeType: file.type as BodyOf<typeof e.file>['mimeType'],
      type: 'PAYMENT_PROOF_IMAGE',
      filename: file.name,
      size: file.size,
    },
  });
  const put = await fetch(presign.presignUrl, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type },
  });
  if (!put.ok) throw new Error((await put.json().catch(() => null))?.message ?? put.statusText);
  return presign.fileId;
}

/** Opens a document through its signed link. */
export async function openDocument(id: string, kind: string) {
  const link = await request(e.documentLink, { params: { id, kind } });
  window.location.assign(link.url);
}
