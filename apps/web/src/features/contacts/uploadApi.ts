import { contactUploadEndpoints, type Language } from '@sapa/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl, request, saveDownload, upload } from '../../shared/api';
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
  return saveDownload(endpointUrl(contactUploadEndpoints.template), fileName);
}

/** GET /api/contact-uploads/:id/failed-rows in `lang`, saved as `fileName`. */
export function downloadFailedRows(id: string, lang: Language, fileName: string): Promise<void> {
  return saveDownload(
    endpointUrl(contactUploadEndpoints.failedRows, { params: { id }, query: { lang } }),
    fileName,
  );
}
