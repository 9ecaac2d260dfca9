import { contactUploadEndpoints, type Language } from '@sapa/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl, fetchBlob, request, upload } from '../../shared/api';
import { contactKeys } from './api';

const historyKey = [...contactKeys.all, 'uploads'] as const;

/** GET /api/contact-uploads: newest first; polled while a file is still processing. */
export function useUploadHistory() {
  return useInfiniteQuery({
    queryKey: historyKey,
    queryFn: ({ pageParam, signal }) =>
      request(contactUploadEndpoints.history, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'processing'))
        ? 1000
        : false,
  });
}

export function useUploadContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(contactUploadEndpoints.upload, file, { query: { name: file.name } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** GET /api/contact-uploads/template saved as `fileName`. */
export function downloadTemplate(fileName: string): Promise<void> {
  return download(endpointUrl(contactUploadEndpoints.template), fileName);
}

/** GET /api/contact-uploads/:id/failed-rows in `lang`, saved as `fileName`. */
export function downloadFailedRows(id: string, lang: Language, fileName: string): Promise<void> {
  return download(
    endpointUrl(contactUploadEndpoints.failedRows, { params: { id }, query: { lang } }),
    fileName,
  );
}

/** Saves a protected download under `fileName`. */
async function download(url: string, fileName: string): Promise<void> {
  const blob = await fetchBlob(url);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
