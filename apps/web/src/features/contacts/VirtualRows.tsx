import { Box, Button, Center, Loader } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NextPages } from '../../shared/ui/LoadMore';

/**
 * A windowed list of fixed-height rows (ARCHITECTURE "lists are virtualised"): only the rows in view (and a
 * few around them) are in the DOM. Up/Down move the focus between rows, Home/End jump; the next keyset page
 * of `pages` is fetched when the last rows come into view (a spinner, or "load more" if it was not).
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
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const overscan = 6;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const nearEnd = last >= items.length - 2;
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
    const top = target * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
    setScrollTop(element.scrollTop);
    // The row is rendered on the next frame when it was outside the window.
    requestAnimationFrame(() =>
      element.querySelector<HTMLElement>(`[data-row-index="${target}"]`)?.focus({ preventScroll: true }),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (!row || row !== event.target) return;
    const index = Number(row.dataset.rowIndex);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: index + Math.floor(viewport / rowHeight),
      PageUp: index - Math.floor(viewport / rowHeight),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <Box
      ref={scroller}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
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
          height: items.length * rowHeight,
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {items.slice(first, last).map((item, offset) => {
          const index = first + offset;
          return (
            <li
              key={index}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
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
