import { Box, Button, Center, Checkbox, Loader, Skeleton, Stack } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { type KeyboardEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenTickets, type TicketFilters, useTickets } from '../../../entities/ticket';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryState } from '../../../shared/ui/QueryState';
import type { BulkSelectionState } from '../../bulk';
import { InboxEmptyHint } from '../../teams';
import { useGroupNameOf } from '../../teams/api';
import { TicketRow } from './TicketRow';

/** Up and Down move between the rows of the list (Enter or Space opens one). */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-testid="ticket-row"]')];
  const index = rows.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  const next = rows[event.key === 'ArrowDown' ? index + 1 : index - 1];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** The tickets of one tab: keyset pages loaded on scroll (and by a "load more" button). */
export function TicketList({
  filters,
  selectedId,
  onSelect,
  selection,
}: {
  filters: TicketFilters;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Bulk update mode: a checkbox before each row. */
  selection?: BulkSelectionState;
}) {
  const { t } = useTranslation();
  const query = useTickets(filters);
  const groupNameOf = useGroupNameOf();
  const tickets = flattenTickets(query.data, filters.sort);
  const { ref, entry } = useIntersection({ threshold: 0 });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const visible = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (visible && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [visible, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filtered = Boolean(
    filters.search || filters.channel || filters.priority || filters.tag || filters.responded,
  );

  return (
    <QueryState
      query={query}
      loading={
        <Stack gap={0} aria-busy aria-label={t('common.loading')}>
          {[1, 2, 3, 4, 5].map((i) => (
            <Box key={i} px="sm" py={10} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Skeleton height={12} width="60%" mb={8} />
              <Skeleton height={10} width="85%" mb={6} />
              <Skeleton height={8} width="30%" />
            </Box>
          ))}
        </Stack>
      }
      keepDataOnError
      errorFrame={(error) => <Box p="sm">{error}</Box>}
      isEmpty={tickets.length === 0}
      empty={
        <EmptyState title={filtered ? t('inbox.emptyFiltered') : t(`inbox.empty.${filters.tab}`)}>
          {filtered ? t('inbox.emptyFilteredHint') : <InboxEmptyHint />}
        </EmptyState>
      }
    >
      <Box
        component="ul"
        aria-label={t('inbox.listLabel')}
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: query.isPlaceholderData ? 0.6 : 1 }}
        onKeyDown={moveFocus}
      >
        {tickets.map((ticket) => (
          <li key={ticket.id} style={selection?.active ? { display: 'flex' } : undefined}>
            {selection?.active ? (
              <Checkbox
                pl="sm"
                pt={12}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                aria-label={t('bulk.selectTicket', { name: ticket.contact.name, id: ticket.displayId })}
                checked={selection.allMatching || selection.ids.has(ticket.id)}
                disabled={selection.allMatching}
                onChange={() => selection.toggle(ticket.id)}
                data-testid="bulk-check"
              />
            ) : null}
            <Box style={{ flex: 1, minWidth: 0 }}>
              <TicketRow
                ticket={ticket}
                selected={ticket.id === selectedId}
                onSelect={onSelect}
                groupName={groupNameOf(ticket.groupId)}
              />
            </Box>
          </li>
        ))}
        {hasNextPage ? (
          <li ref={ref}>
            <Center py="sm">
              {isFetchingNextPage ? (
                <Loader size="xs" aria-label={t('common.loading')} />
              ) : (
                <Button size="xs" variant="subtle" onClick={() => void fetchNextPage()}>
                  {t('common.loadMore')}
                </Button>
              )}
            </Center>
          </li>
        ) : null}
      </Box>
    </QueryState>
  );
}
