import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchBlob } from './client';

/**
 * A displayable URL for chat media. Media is served only to signed-in users of the business, so an
 * `<img src>` cannot load it directly: the file is fetched with the session's token and shown from a
 * blob URL, released when the bubble goes away.
 */
export function useMediaUrl(url: string | null): { src: string | null; failed: boolean } {
  const file = useQuery({
    queryKey: ['media', url],
    queryFn: ({ signal }) => fetchBlob(url as string, signal),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const src = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return { src, failed: file.isError };
}
