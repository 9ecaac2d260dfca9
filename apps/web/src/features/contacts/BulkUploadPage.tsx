import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CONTACT_UPLOAD_EXTENSIONS,
  CONTACT_UPLOAD_MAX_BYTES,
  CONTACT_UPLOAD_TEMPLATE_NAME,
  type ContactUpload,
  contactUploadColumns,
  isMessageKey,
} from '@sapa/contracts';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { formatDateTime } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { useContactFields } from './api';
import { BackLink } from './BackLink';
import { downloadFailedRows, downloadTemplate, useUploadContacts, useUploadHistory } from './uploadApi';

const STATUS_COLOR: Record<ContactUpload['status'], string> = {
  processing: 'blue',
  success: 'teal',
  partial: 'yellow',
  failed: 'red',
};

/** The same checks the server makes first (001 §5, §8): a file, xlsx/xls/csv, at most 5 MB. */
function fileProblem(file: File | null): string | null {
  if (!file) return 'contacts.upload.fileRequired';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(CONTACT_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return 'contacts.upload.invalidFormat';
  if (file.size > CONTACT_UPLOAD_MAX_BYTES) return 'contacts.uploadPage.tooLarge';
  return null;
}

/**
 * The "being processed" toast of an upload stays only while it is processing (issue 16 §9): once the
 * history shows it finished, the toast turns into its result.
 */
function useUploadToasts(items: readonly ContactUpload[]) {
  const { t } = useTranslation();
  const waiting = useRef(new Set<string>());
  const finished = (item: ContactUpload) => ({
    id: `contact-upload-${item.id}`,
    color: item.status === 'success' ? 'green' : item.status === 'partial' ? 'orange' : 'red',
    loading: false,
    autoClose: true,
    title: `${item.fileName}: ${t(`contacts.uploadStatus.${item.status}`)}`,
    message: t('contacts.uploadPage.counts', { saved: item.savedCount, failed: item.failedCount }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `finished` is rebuilt each render from `t`
  useEffect(() => {
    for (const item of items) {
      if (item.status !== 'processing' && waiting.current.delete(item.id))
        notifications.update(finished(item));
    }
  }, [items, t]);
  return {
    started: (upload: ContactUpload) => {
      if (upload.status !== 'processing') return void notifications.show(finished(upload));
      waiting.current.add(upload.id);
      notifications.show({
        id: `contact-upload-${upload.id}`,
        loading: true,
        autoClose: false,
        message: t('contacts.uploadPage.started', { name: upload.fileName }),
      });
    },
  };
}

/** /contact/bulk-upload (001 §2 bulk upload with template and upload history; §3, §4, §5, §8). */
export function BulkUploadPage() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useUploadContacts();
  const history = useUploadHistory();
  const fields = useContactFields();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const toasts = useUploadToasts(items);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fileProblem(file);
    setProblem(found);
    if (found || !file) return;
    send.mutate(file, {
      onSuccess: (upload) => {
        setFile(null);
        toasts.started(upload);
      },
    });
  };
  const downloadFailed = (item: ContactUpload) =>
    downloadFailedRows(
      item.id,
      i18n.language === 'en' ? 'en' : 'id',
      `${item.fileName.replace(/\.(xlsx|xls|csv)$/i, '')}-${i18n.language === 'en' ? 'failed' : 'gagal'}.xlsx`,
    ).catch(() => notifications.show({ color: 'red', message: t('contacts.uploadPage.downloadFailed') }));
  const reasonOf = (item: ContactUpload) =>
    item.reason && isMessageKey(item.reason) ? message(item.reason) : null;

  return (
    <Stack gap="md">
      <BackLink to="/contact" label={t('contacts.detail.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          {t('contacts.uploadPage.title')}
        </Title>
        <Stack gap="md">
          <Card withBorder padding="sm" radius="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
                <Text fw={600}>{t('contacts.uploadPage.step1')}</Text>
                <Text size="sm" c="dimmed">
                  {t('contacts.uploadPage.templateHint')}
                </Text>
                <Text size="xs" c="dimmed" data-testid="template-columns">
                  {contactUploadColumns(fields.data ?? []).join(' · ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('contacts.uploadPage.columnsHint')}
                </Text>
              </Stack>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() =>
                  void downloadTemplate(CONTACT_UPLOAD_TEMPLATE_NAME).catch(() =>
                    notifications.show({ color: 'red', message: t('contacts.uploadPage.downloadFailed') }),
                  )
                }
              >
                {t('contacts.uploadPage.downloadTemplate')}
              </Button>
            </Group>
          </Card>
          <Card withBorder padding="sm" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Text fw={600}>{t('contacts.uploadPage.step2')}</Text>
                <List size="sm" c="dimmed" spacing={2}>
                  <List.Item>{t('contacts.uploadPage.ruleFormat')}</List.Item>
                  <List.Item>{t('contacts.uploadPage.ruleLimits')}</List.Item>
                  <List.Item>{t('contacts.uploadPage.ruleTemplate')}</List.Item>
                </List>
                <FileInput
                  label={t('contacts.uploadPage.file')}
                  placeholder={t('contacts.uploadPage.choose')}
                  accept=".xlsx,.xls,.csv"
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                  value={file}
                  onChange={(picked) => {
                    setFile(picked);
                    setProblem(null);
                    send.reset();
                  }}
                  error={message(problem)}
                  clearable
                />
                {send.isError ? (
                  <Alert color="red" role="alert">
                    {errorMessage(send.error)}
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    loading={send.isPending}
                    leftSection={<IconUpload size={16} aria-hidden />}
                  >
                    {t('contacts.uploadPage.upload')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={3} size="h5" mb="sm">
          {t('contacts.uploadPage.history')}
        </Title>
        <QueryState
          query={history}
          loading={<SkeletonRows height={40} />}
          isEmpty={items.length === 0}
          empty={<EmptyState title={t('contacts.uploadPage.noHistory')} />}
        >
          {narrow ? (
            <Stack gap="xs" role="list" aria-label={t('contacts.uploadPage.history')}>
              {items.map((item) => (
                <Card key={item.id} withBorder padding="sm" role="listitem" data-testid="upload-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.fileName}
                    </Text>
                    <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
                      {t(`contacts.uploadStatus.${item.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.createdAt, i18n.language)}
                  </Text>
                  <Text size="sm" mt={4}>
                    {t('contacts.uploadPage.counts', { saved: item.savedCount, failed: item.failedCount })}
                  </Text>
                  {reasonOf(item) ? (
                    <Text size="xs" c="red">
                      {reasonOf(item)}
                    </Text>
                  ) : null}
                  {item.failedCount > 0 ? (
                    <Button
                      mt={6}
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void downloadFailed(item)}
                    >
                      {t('contacts.uploadPage.downloadFailedRows')}
                    </Button>
                  ) : null}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" aria-label={t('contacts.uploadPage.history')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contacts.uploadPage.time')}</Table.Th>
                    <Table.Th>{t('contacts.uploadPage.fileName')}</Table.Th>
                    <Table.Th>{t('contacts.uploadPage.status')}</Table.Th>
                    <Table.Th ta="right">{t('contacts.uploadPage.saved')}</Table.Th>
                    <Table.Th ta="right">{t('contacts.uploadPage.failed')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.id} data-testid="upload-row">
                      <Table.Td>
                        <Text size="sm">{formatDateTime(item.createdAt, i18n.language)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {item.fileName}
                        </Text>
                        {reasonOf(item) ? (
                          <Text size="xs" c="red">
                            {reasonOf(item)}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[item.status]} variant="light">
                          {t(`contacts.uploadStatus.${item.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{item.savedCount.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td ta="right">{item.failedCount.toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td ta="right">
                        {item.failedCount > 0 ? (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconDownload size={14} aria-hidden />}
                            onClick={() => void downloadFailed(item)}
                          >
                            {t('contacts.uploadPage.downloadFailedRows')}
                          </Button>
                        ) : null}
                      </Table.Td>
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
