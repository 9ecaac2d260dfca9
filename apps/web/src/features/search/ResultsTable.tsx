import { Box, Text } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import type { NextPages } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { VirtualRows } from '../contacts/VirtualRows';

const RESULT_ROW_HEIGHT = 52;
const GAP = 8;

export interface ResultColumn<T> {
  key: string;
  label: string;
  /** Share of the row (CSS grid `fr`) and the least width it keeps before the table scrolls sideways. */
  grow: number;
  minWidth: number;
  render: (row: T) => ReactNode;
}

export interface ResultPages<T> extends NextPages {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * Search results as a windowed grid (ARCHITECTURE "lists are virtualised"): a header of the chosen columns,
 * rows that open the ticket on click or Enter (Up/Down move between rows), the next keyset page when the
 * end comes into view. Many columns on a narrow screen scroll sideways.
 */
export function ResultsTable<T extends { id: string }>({
  columns,
  query,
  label,
  empty,
  rowLabel,
  onOpen,
}: {
  columns: readonly ResultColumn<T>[];
  query: ResultPages<T>;
  label: string;
  empty: { title: string; hint: string };
  /** What a screen reader says for the row (it opens the ticket). */
  rowLabel: (row: T) => string;
  onOpen: (row: T) => void;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const grid = columns.map((c) => `minmax(${c.minWidth}px, ${c.grow}fr)`).join(' ');
  const minWidth = columns.reduce((sum, c) => sum + c.minWidth + GAP, 2 * 10);

  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(row);
    }
  };
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows count={5} height={RESULT_ROW_HEIGHT - 8} radius="sm" />}
      keepDataOnError
      isEmpty={items.length === 0}
      empty={<EmptyState title={empty.title}>{empty.hint}</EmptyState>}
    >
      <Box
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          overflowX: 'auto',
          opacity: query.isPlaceholderData ? 0.6 : 1,
        }}
      >
        <Box miw={minWidth}>
          <Box
            px={10}
            py={8}
            style={{
              display: 'grid',
              gridTemplateColumns: grid,
              gap: GAP,
              alignItems: 'end',
              borderBottom: '1px solid var(--mantine-color-gray-3)',
              background: 'var(--mantine-color-gray-0)',
            }}
            aria-hidden
            data-testid="results-header"
          >
            {columns.map((column) => (
              <Text key={column.key} size="xs" fw={600} c="dimmed" tt="uppercase" lh={1.25} lineClamp={2}>
                {column.label}
              </Text>
            ))}
          </Box>
          <VirtualRows
            items={items}
            rowHeight={RESULT_ROW_HEIGHT}
            maxHeight="max(calc(100dvh - 300px), 360px)"
            label={label}
            pages={query}
            renderRow={(row, index) => (
              <Box
                data-row-index={index}
                data-testid="result-row"
                tabIndex={0}
                role="link"
                aria-label={rowLabel(row)}
                onClick={() => onOpen(row)}
                onKeyDown={onKeyDown(row)}
                h="100%"
                px={10}
                style={{
                  display: 'grid',
                  gridTemplateColumns: grid,
                  alignItems: 'center',
                  gap: GAP,
                  cursor: 'pointer',
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                {columns.map((column) => (
                  <Box key={column.key} miw={0} style={{ overflow: 'hidden' }}>
                    {column.render(row)}
                  </Box>
                ))}
              </Box>
            )}
          />
        </Box>
      </Box>
    </QueryState>
  );
}

/** The bounded total of the first page: "12 chats" or "more than 10,000 chats". */
export function TotalLine({ total }: { total: { count: number; capped: boolean } | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!total || total.count === 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {t(total.capped ? 'ticketList.totalCapped' : 'ticketList.total', {
        count: total.count,
        formatted: formatNumber(total.count, i18n.language),
      })}
    </Text>
  );
}
