import { Badge, Card, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { can, type ExportHistoryItem, todayIn } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useMe } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { dayjs, formatDateTime, formatNumber } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { useExportHistory } from './api';
import { DownloadChatDataButton, DownloadFileButton } from './DownloadChatDataButton';

const STATUS_COLOR: Record<ExportHistoryItem['status'], string> = {
  inProgress: 'blue',
  done: 'teal',
  failed: 'red',
};

type DayRange = [string | null, string | null];

/**
 * /customer-service/export-history [CUSTOMER_SERVICE_HISTORY] (000 §7 export-history list; 001 §4 export
 * request done, in progress, failed): the downloads requested, with their status and a download link, and a
 * quick request by date range (chats created in the range with the ticket list's permission, else chats
 * resolved in it).
 */
export function ExportHistoryPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const me = useMe();
  const advanced = me.data ? can(accessSubjectOf(me.data), 'ADVANCE_SEARCH', 'READ') : false;
  const today = todayIn();
  const [range, setRange] = useState<DayRange>([today, today]);
  const history = useExportHistory();
  const [failedDownload, setFailedDownload] = useState<string | null>(null);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const [from, to] = range;
  const day = (d: string) =>
    dayjs(d)
      .locale(language === 'id' ? 'id' : 'en')
      .format('D MMM YYYY');

  const statusBadge = (item: ExportHistoryItem) => (
    <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`exports.status.${item.status}`)}
    </Badge>
  );
  const fileCell = (item: ExportHistoryItem) => (
    <Stack gap={4} align={narrow ? 'flex-start' : 'flex-end'}>
      {item.status === 'done' ? (
        <DownloadFileButton
          item={item}
          compact
          onError={(failed) => setFailedDownload(failed ? item.id : null)}
        />
      ) : null}
      {failedDownload === item.id ? (
        <Text size="xs" c="red" role="alert">
          {translateMessage('exports.downloadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
  const describe = (item: ExportHistoryItem) =>
    `${t(`exports.type.${item.type}`)} · ${t(`exports.roomType.${item.roomType}`)} · ${item.format.toUpperCase()}`;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('exports.history.newTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(advanced ? 'exports.history.newHintCreated' : 'exports.history.newHintClosed')}
          </Text>
          <Group align="flex-end" gap="sm">
            <DatePickerInput
              type="range"
              label={t(advanced ? 'exports.history.createdRange' : 'exports.history.closedRange')}
              value={range}
              onChange={(value) => setRange([value[0] ?? null, value[1] ?? null])}
              allowSingleDateInRange
              valueFormat="D MMM YYYY"
              w={{ base: '100%', sm: 300 }}
            />
            {advanced ? (
              <DownloadChatDataButton
                roomType="ticketList"
                filter={{ createdFrom: from ?? undefined, createdTo: to ?? undefined }}
              />
            ) : (
              <DownloadChatDataButton
                roomType="chatHistory"
                filter={{ dateFrom: from ?? undefined, dateTo: to ?? undefined }}
              />
            )}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          {t('exports.history.title')}
        </Title>
        <QueryState
          query={history}
          loading={
            <Stack gap="xs">
              <Skeleton h={36} />
              <Skeleton h={36} />
            </Stack>
          }
          isEmpty={items.length === 0}
          empty={<EmptyState title={t('exports.history.empty')}>{t('exports.history.emptyHint')}</EmptyState>}
        >
          {narrow ? (
            <Stack gap="xs">
              {items.map((item) => (
                <Card key={item.id} withBorder padding="sm" data-testid="export-row">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.fileName}
                    </Text>
                    {statusBadge(item)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.createdAt, language)} · {item.requestedBy.name}
                  </Text>
                  <Text size="sm" mt={4}>
                    {describe(item)}
                  </Text>
                  <Text size="sm">
                    {t('exports.history.rows', {
                      count: item.rowCount,
                      rows: formatNumber(item.rowCount, language),
                    })}
                  </Text>
                  {item.error ? (
                    <Text size="xs" c="red">
                      {item.error}
                    </Text>
                  ) : null}
                  <Group mt={6}>{fileCell(item)}</Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" aria-label={t('exports.history.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('exports.history.requestedAt')}</Table.Th>
                    <Table.Th>{t('exports.history.requestedBy')}</Table.Th>
                    <Table.Th>{t('exports.history.range')}</Table.Th>
                    <Table.Th>{t('exports.history.content')}</Table.Th>
                    <Table.Th>{t('exports.history.status')}</Table.Th>
                    <Table.Th ta="right">{t('exports.history.rowCount')}</Table.Th>
                    <Table.Th ta="right">{t('exports.history.file')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.id} data-testid="export-row">
                      <Table.Td>
                        <Text size="sm">{formatDateTime(item.createdAt, language)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{item.requestedBy.name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {item.requestStartDate === item.requestEndDate
                            ? day(item.requestStartDate)
                            : `${day(item.requestStartDate)} – ${day(item.requestEndDate)}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{describe(item)}</Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {item.fileName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {statusBadge(item)}
                        {item.error ? (
                          <Text size="xs" c="red" mt={4}>
                            {item.error}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(item.rowCount, language)}</Table.Td>
                      <Table.Td ta="right">{fileCell(item)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
        <LoadMoreButton pages={history} mt="sm" />
      </Paper>
    </Stack>
  );
}
