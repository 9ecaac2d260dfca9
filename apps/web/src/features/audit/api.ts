import { type AuditArea, auditEndpoints as e, type Language } from '@sapa/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointUrl, request, saveDownload } from '../../shared/api';

/** The filter of /setting/logs: WIB days (`YYYY-MM-DD`), a person and an area. */
export interface AuditFilterValue {
  from: string;
  to: string;
  actorId?: string;
  area?: AuditArea;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilterValue) => ['audit', 'list', f.from, f.to, f.actorId ?? null, f.area ?? null] as const,
  people: ['audit', 'people'] as const,
};

/** 000 §7 GET /auditLogs: newest first, a page at a time; off while the range breaks the 30-day rule. */
export function useAuditEntries(filter: AuditFilterValue, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      request(e.list, { query: { ...filter, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function useAuditPeople() {
  return useQuery({
    queryKey: auditKeys.people,
    queryFn: ({ signal }) => request(e.people, { signal }),
    staleTime: 60_000,
  });
}

/** The filter's entries as csv in `lang`. */
export function downloadAuditLog(filter: AuditFilterValue, lang: Language): Promise<void> {
  return saveDownload(
    endpointUrl(e.download, { query: { ...filter, lang } }),
    `audit-log-${filter.from}-${filter.to}.csv`,
  );
}
