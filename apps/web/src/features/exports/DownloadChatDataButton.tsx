import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import {
  type ChatHistoryFilterInput,
  EXPORT_MAX_TICKETS,
  EXPORT_RANGE_MAX_DAYS,
  type ExportFormat,
  type ExportHistoryItem,
  type ExportRequestInput,
  type ExportType,
  exportRangeOf,
  exportRangeProblem,
  type TicketListColumnKey,
  type TicketListFilterInput,
} from '@sapa/contracts';
import { IconAlertTriangle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { dayjs, formatNumber } from '../../shared/time';
import { downloadExport, useExportStatus, useRequestExport } from './api';

export const EXPORT_HISTORY_PATH = '/customer-service/export-history';

/** What the button downloads: the screen's current filter (and, for the ticket list, its visible columns). */
export type DownloadChatDataProps = (
  | { roomType: 'ticketList'; filter: TicketListFilterInput; columns?: TicketListColumnKey[] }
  | { roomType: 'chatHistory'; filter: ChatHistoryFilterInput }
) & { disabled?: boolean };

const formatDay = (day: string, language: string) =>
  dayjs(day)
    .locale(language === 'id' ? 'id' : 'en')
    .format('D MMM YYYY');

/**
 * 000 §2 chat list "download chat data, with or without chat messages", as xlsx or csv: shows the 31-day
 * rule (000 §9) and the maximum selection, requests the export (000 §7 POST export-history/request), follows
 * its progress and offers the file when it is done.
 */
export function DownloadChatDataButton(props: DownloadChatDataProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={props.disabled}
      >
        {t('exports.download.button')}
      </Button>
      {opened ? <DownloadDialog {...props} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

function DownloadDialog(props: DownloadChatDataProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [type, setType] = useState<ExportType>('chats');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [requestedId, setRequestedId] = useState<string | null>(null);
  const requestExport = useRequestExport();
  const status = useExportStatus(requestedId);
  const body = {
    ...(props.roomType === 'ticketList'
      ? { roomType: 'ticketList', filter: props.filter, ...(props.columns ? { columns: props.columns } : {}) }
      : { roomType: 'chatHistory', filter: props.filter }),
    type,
    format,
  } as ExportRequestInput;
  const shape = { roomType: props.roomType, filter: props.filter } as Parameters<
    typeof exportRangeProblem
  >[0];
  const problem = exportRangeProblem(shape);
  const range = exportRangeOf(shape);
  const item: ExportHistoryItem | null | undefined = status.data;

  return (
    <Modal opened onClose={props.onClose} title={t('exports.download.title')} centered>
      <Stack gap="md">
        <Radio.Group
          label={t('exports.download.content')}
          value={type}
          onChange={(value) => setType(value as ExportType)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="chats" label={t('exports.type.chats')} disabled={requestedId !== null} />
            <Radio value="messages" label={t('exports.type.messages')} disabled={requestedId !== null} />
          </Stack>
        </Radio.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('exports.download.format')}
          </Text>
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as ExportFormat)}
            disabled={requestedId !== null}
            data={[
              { value: 'xlsx', label: t('exports.format.xlsx') },
              { value: 'csv', label: t('exports.format.csv') },
            ]}
          />
        </Stack>
        {range ? (
          <Text size="sm">
            {t(props.roomType === 'chatHistory' ? 'exports.download.rangeClosed' : 'exports.download.range', {
              from: formatDay(range.from, language),
              to: formatDay(range.to, language),
            })}
          </Text>
        ) : null}
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('exports.download.rules', {
            days: EXPORT_RANGE_MAX_DAYS,
            max: formatNumber(EXPORT_MAX_TICKETS, language),
          })}
        </Alert>
        {problem ? (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {translateMessage(problem)}
          </Alert>
        ) : null}
        {requestExport.error ? (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {errorMessage(requestExport.error)}
          </Alert>
        ) : null}
        {requestedId ? <ExportProgress item={item} /> : null}
        <Group justify="space-between" mt="xs">
          <Anchor component={Link} to={EXPORT_HISTORY_PATH} size="sm">
            {t('exports.download.history')}
          </Anchor>
          {requestedId === null ? (
            <Button
              onClick={() =>
                requestExport.mutate(body, { onSuccess: (created) => setRequestedId(created.id) })
              }
              loading={requestExport.isPending}
              disabled={problem !== null}
            >
              {t('exports.download.request')}
            </Button>
          ) : (
            <Button variant="default" onClick={props.onClose}>
              {t('common.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The requested file's state: in progress with its rows so far, the download when done, or why it failed. */
function ExportProgress({ item }: { item: ExportHistoryItem | null | undefined }) {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!item || item.status === 'inProgress')
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">
          {t('exports.progress.preparing', {
            count: item?.rowCount ?? 0,
            rows: formatNumber(item?.rowCount ?? 0, i18n.language),
          })}
        </Text>
      </Group>
    );
  if (item.status === 'failed')
    return (
      <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {item.error ?? translateMessage('exports.failed')}
      </Alert>
    );
  return (
    <Stack gap="xs" role="status">
      <Text size="sm">
        {t('exports.progress.ready', {
          count: item.rowCount,
          rows: formatNumber(item.rowCount, i18n.language),
        })}
      </Text>
      <DownloadFileButton item={item} onError={setFailed} />
      {failed ? (
        <Text size="sm" c="red" role="alert">
          {translateMessage('exports.downloadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Downloads a finished file through a fresh signed link. */
export function DownloadFileButton({
  item,
  onError,
  compact = false,
}: {
  item: ExportHistoryItem;
  onError: (failed: boolean) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    onError(false);
    try {
      await downloadExport(item.id);
    } catch {
      onError(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void start()}
      loading={busy}
      size={compact ? 'xs' : 'sm'}
      variant={compact ? 'light' : 'filled'}
      aria-label={compact ? t('exports.history.downloadFile', { name: item.fileName }) : undefined}
    >
      {compact ? t('exports.history.download') : t('exports.progress.download', { name: item.fileName })}
    </Button>
  );
}
