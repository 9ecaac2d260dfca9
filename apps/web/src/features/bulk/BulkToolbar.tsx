import { Anchor, Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import type { BulkFilter, Me } from '@sapa/contracts';
import { IconChecks, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenTickets, type TicketFilters, useTickets } from '../../entities/ticket';
import { useMatchingCount } from './api';
import { BulkActionModal } from './BulkActionModal';
import type { BulkSelectionState } from './useBulkSelection';

const filterOf = (filters: TicketFilters): BulkFilter => ({
  tab: filters.tab,
  channel: filters.channel,
  priority: filters.priority,
  tag: filters.tag,
  responded: filters.responded,
  search: filters.search,
  groupId: filters.groupId,
});

/**
 * The bulk update bar above the ticket list (000 §2 inbox, §4 bulk update mode): select the loaded page or
 * every ticket matching the filter, then choose the changes.
 */
export function BulkToolbar({
  filters,
  selection,
  me,
}: {
  filters: TicketFilters;
  selection: BulkSelectionState;
  me: Me;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const tickets = flattenTickets(useTickets(filters).data, filters.sort);
  const filter = filterOf(filters);
  const matching = useMatchingCount(filter, selection.active);
  const pageIds = tickets.map((ticket) => ticket.id);
  const pickedOnPage = pageIds.filter((id) => selection.ids.has(id)).length;
  const count = selection.allMatching ? (matching.data?.count ?? 0) : selection.ids.size;
  const total = matching.data?.count ?? 0;
  return (
    <Group
      gap={6}
      px="sm"
      py={6}
      wrap="wrap"
      data-testid="bulk-toolbar"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Checkbox
        aria-label={t('bulk.selectPage')}
        checked={selection.allMatching || (pageIds.length > 0 && pickedOnPage === pageIds.length)}
        indeterminate={!selection.allMatching && pickedOnPage > 0 && pickedOnPage < pageIds.length}
        disabled={pageIds.length === 0}
        onChange={(event) =>
          selection.allMatching
            ? selection.selectAllMatching(false)
            : selection.setPage(pageIds, event.currentTarget.checked)
        }
      />
      <Text size="xs" fw={600} data-testid="bulk-selected-count">
        {selection.allMatching ? t('bulk.allMatchingSelected', { count }) : t('bulk.selected', { count })}
      </Text>
      {matching.isPending ? (
        <Loader size={12} aria-label={t('common.loading')} />
      ) : !selection.allMatching && total > count ? (
        <Anchor component="button" type="button" size="xs" onClick={() => selection.selectAllMatching(true)}>
          {t('bulk.selectAllMatching', { count: total })}
        </Anchor>
      ) : null}
      {matching.data?.overLimit ? (
        <Text size="xs" c="orange.8">
          {t('bulk.overLimit', { count: total })}
        </Text>
      ) : null}
      <Group gap={4} ml="auto" wrap="nowrap">
        <Button
          size="compact-xs"
          leftSection={<IconChecks size={14} aria-hidden />}
          disabled={count === 0}
          onClick={() => setOpened(true)}
        >
          {t('bulk.actions')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => selection.setActive(false)}
        >
          {t('bulk.exit')}
        </Button>
      </Group>
      <BulkActionModal
        opened={opened}
        onClose={() => setOpened(false)}
        onStarted={() => {
          setOpened(false);
          selection.clear();
        }}
        selection={
          selection.allMatching ? { kind: 'filter', filter } : { kind: 'ids', ids: [...selection.ids] }
        }
        count={count}
        me={me}
      />
    </Group>
  );
}
