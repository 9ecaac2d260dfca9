import { Box, Button, Center, Loader } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NextPages } from '../../shared/ui/LoadMore';

/** Rows rendered beyond the visible window on each side. */
const OVERSCAN = 6;

/**
 * Focuses row `index` once it is in the DOM: a row outside the window is rendered after the scroll event
 * the virtualizer answers, a frame or a few later.
 */
function focusWhenRendered(scroller: HTMLElement, index: number, frames = 10) {
  const row = scroller.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
  if (row) row.focus({ preventScroll: true });
  else if (frames > 0) requestAnimationFrame(() => focusWhenRendered(scroller, index, frames - 1));
}

/**
 * A windowed list of fixed-height rows (ARCHITECTURE "lists are virtualised", windowing by
 * @tanstack/react-virtual): only the rows in view (and a few around them) are in the DOM. Up/Down move the
 * focus between rows, Home/End jump; the next keyset page of `pages` is fetched when the last rows come into
 * view (a spinner, or "load more" if it was not).
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  maxHeight,
  label,
  renderRow,
  pages,
}: {
  items: readonly T[];
  rowHeight: number;
  /** The most the list grows to (CSS length); shorter lists take only their rows' height. */
  maxHeight: string;
  label: string;
  renderRow: (item: T, index: number) => ReactNode;
  pages: NextPages;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: 600 },
  });
  const rows = virtualizer.getVirtualItems();
  const lastRendered = rows.at(-1)?.index ?? -1;
  const nearEnd = lastRendered >= items.length - 3;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (nearEnd && items.length > 0) loadMore();
  }, [nearEnd, items.length, loadMore]);

  const focusRow = (index: number) => {
    const element = scroller.current;
    if (!element || items.length === 0) return;
    const target = Math.max(0, Math.min(items.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    focusWhenRendered(element, target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (!row || row !== event.target) return;
    const index = Number(row.dataset.rowIndex);
    const page = Math.floor((scroller.current?.clientHeight ?? 0) / rowHeight);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: index + page,
      PageUp: index - page,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <Box
      ref={scroller}
      onKeyDown={onKeyDown}
      style={{
        height: `min(${items.length * rowHeight + (hasNextPage ? 48 : 0)}px, ${maxHeight})`,
        overflowY: 'auto',
        position: 'relative',
      }}
    >
      <ul
        aria-label={label}
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {rows.map((row) => (
          <li
            key={row.key}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: rowHeight }}
          >
            {renderRow(items[row.index] as T, row.index)}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <Center py="sm">
          {isFetchingNextPage ? (
            <Loader size="xs" aria-label={t('common.loading')} />
          ) : (
            <Button size="xs" variant="subtle" onClick={loadMore}>
              {t('common.loadMore')}
            </Button>
          )}
        </Center>
      ) : null}
    </Box>
  );
}
