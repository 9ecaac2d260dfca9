import { Badge, Button, Collapse, Divider, Group, Paper, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type TicketListRow, todayIn } from '@sapa/contracts';
import { IconAdjustmentsHorizontal, IconColumns3, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadChatDataButton } from '../exports/DownloadChatDataButton';
import { useTicketList, useTicketListColumns } from './api';
import { useOpenFoundChat } from './ChatTranscript';
import { ColumnsTab, orderedColumns } from './ColumnsTab';
import { useTicketListColumnDefs } from './columns';
import { type FilterField, FilterForm } from './FilterForm';
import { changedFilterCount, compact, defaultFilters, ticketListQueryOf } from './filters';
import { ResultsTable, TotalLine } from './ResultsTable';
import { useAppliedFilters } from './useAppliedFilters';

/** 000 §2 Chat list filters (and §3 Chat-list filter keys), in the form's order. */
const TICKET_LIST_FIELDS: readonly FilterField[] = [
  'customerInfo',
  'keyword',
  'created',
  'closed',
  'status',
  'mediaPlatform',
  'csGroup',
  'createdBy',
  'csId',
  'closedBy',
  'priority',
  'tags',
  'remarks',
  'field',
];

const TABS = ['search', 'columns'] as const;
type Tab = (typeof TABS)[number];

/**
 * /customer-service/ticket-list [ADVANCE_SEARCH] (000 §2 Chat list, Daftar Chat): "search chat data" with
 * the spec's filters and defaults, and "customise table data" (the visible columns, kept per user). A row
 * opens the chat in the inbox.
 */
export function TicketListPage() {
  const { t } = useTranslation();
  const [filtersOpened, filtersToggle] = useDisclosure(false);
  const today = todayIn();
  const base = useMemo(() => defaultFilters(today), [today]);
  const { params, setParams, options, applied, apply } = useAppliedFilters(base);
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'search';
  const query = useMemo(() => compact(ticketListQueryOf(applied)), [applied]);
  const results = useTicketList(query);
  const saved = useTicketListColumns();
  const defs = useTicketListColumnDefs();
  const visible = orderedColumns(saved.data ?? []).map((key) => defs[key]);
  const changed = changedFilterCount(applied, base);
  const found = useOpenFoundChat('ticketList');
  const open = (row: TicketListRow) =>
    found.open({ id: row.id, displayId: row.displayId, name: row.customer.name });

  const download = (
    <DownloadChatDataButton roomType="ticketList" filter={query} columns={orderedColumns(saved.data ?? [])} />
  );
  const form = (
    <FilterForm
      fields={TICKET_LIST_FIELDS}
      applied={applied}
      defaults={base}
      options={options}
      onApply={(filters) => apply(filters)}
    />
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value && value !== 'search') next.set('tab', value);
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="search" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('ticketList.tabs.search')}
          </Tabs.Tab>
          <Tabs.Tab value="columns" leftSection={<IconColumns3 size={16} aria-hidden />}>
            {t('ticketList.tabs.columns')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="search">
          <Stack gap="md">
            {/* Results first: the filters fold away behind one button at every width (issue 16 §7). */}
            <Group gap="xs">
              <Button
                variant={changed ? 'light' : 'default'}
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                rightSection={changed ? <Badge size="sm">{changed}</Badge> : null}
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpened}
              >
                {t('ticketList.filters.title')}
              </Button>
              {download}
            </Group>
            <Collapse expanded={filtersOpened}>{form}</Collapse>
            <Divider />
            <Group justify="space-between" gap="xs">
              <TotalLine total={results.data?.pages[0]?.total} />
            </Group>
            <ResultsTable
              columns={visible}
              query={results}
              label={t('ticketList.resultsLabel')}
              empty={{
                title: t('ticketList.empty'),
                hint: t(changed ? 'ticketList.emptyHintFiltered' : 'ticketList.emptyHint'),
              }}
              rowLabel={(row) => t('ticketList.openTicket', { id: row.displayId, name: row.customer.name })}
              onOpen={open}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="columns">
          <ColumnsTab />
        </Tabs.Panel>
      </Tabs>
      {found.transcript}
    </Paper>
  );
}
