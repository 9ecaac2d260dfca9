import { Divider, Paper, Stack } from '@mantine/core';
import type { ChatHistoryRow } from '@sapa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadChatDataButton } from '../exports/DownloadChatDataButton';
import { useChatHistory } from './api';
import { useOpenFoundChat } from './ChatTranscript';
import { useChatHistoryColumns } from './columns';
import { type FilterField, FilterForm } from './FilterForm';
import { chatHistoryQueryOf, compact, emptyFilters } from './filters';
import { ResultsTable, TotalLine } from './ResultsTable';
import { useAppliedFilters } from './useAppliedFilters';

/** 000 §2 Chat history filters: contact, channel, date (resolved), CS handled by, closed by, remarks, tag, email. */
const CHAT_HISTORY_FIELDS: readonly FilterField[] = [
  'customerInfo',
  'email',
  'closed',
  'mediaPlatform',
  'csId',
  'closedBy',
  'remarks',
  'tags',
];

/**
 * /customer-service/chat-history [CUSTOMER_SERVICE_HISTORY] (000 §2 Chat history): resolved chats, newest
 * first. The router sends a user who can READ ADVANCE_SEARCH to the ticket list instead (000 §1).
 */
export function ChatHistoryPage() {
  const { t } = useTranslation();
  const base = useMemo(() => emptyFilters(), []);
  const { options, applied, apply } = useAppliedFilters(base);
  const query = useMemo(() => compact(chatHistoryQueryOf(applied)), [applied]);
  const results = useChatHistory(query);
  const columns = useChatHistoryColumns();
  const found = useOpenFoundChat('chatHistory');
  const open = (row: ChatHistoryRow) =>
    found.open({ id: row.id, displayId: row.displayId, name: row.contact.name });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <FilterForm
          fields={CHAT_HISTORY_FIELDS}
          applied={applied}
          defaults={base}
          options={options}
          labels={{
            customerInfo: t('chatHistory.filters.contact'),
            closed: t('chatHistory.filters.date'),
            csId: t('chatHistory.filters.csId'),
            remarks: t('chatHistory.filters.remarks'),
          }}
          placeholders={{ customerInfo: t('chatHistory.filters.contactPlaceholder') }}
          onApply={(filters) => apply(filters)}
          actions={<DownloadChatDataButton roomType="chatHistory" filter={query} />}
        />
        <Divider />
        <TotalLine total={results.data?.pages[0]?.total} />
        <ResultsTable
          columns={columns}
          query={results}
          label={t('chatHistory.resultsLabel')}
          empty={{ title: t('chatHistory.empty'), hint: t('chatHistory.emptyHint') }}
          rowLabel={(row) => t('ticketList.openTicket', { id: row.displayId, name: row.contact.name })}
          onOpen={open}
        />
      </Stack>
      {found.transcript}
    </Paper>
  );
}
