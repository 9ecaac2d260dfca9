import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';

/**
 * One of the contact detail's history sections (001 §2: chats, broadcasts): keyset pages of rows, newest
 * first, with loading, error and empty states and "load more".
 */
export function HistoryList<T>({
  query,
  label,
  empty,
  keyOf,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[]; nextCursor: string | null }>>;
  label: string;
  empty: ReactNode;
  keyOf: (row: T) => string;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryState
      query={query}
      loading={<Skeleton height={40} aria-label={t('common.loading')} />}
      isEmpty={rows.length === 0}
      empty={empty}
    >
      <Stack gap={4} role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper key={keyOf(row)} withBorder p="xs" px="sm" role="listitem">
            {children(row)}
          </Paper>
        ))}
        {query.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('common.loadMore')}
          </Button>
        ) : null}
      </Stack>
    </QueryState>
  );
}
