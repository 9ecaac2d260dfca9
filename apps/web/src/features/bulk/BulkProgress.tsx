import { ActionIcon, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type BulkJob, bulkFailuresCsv } from '@sapa/contracts';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { fetchBulkFailures, useBulkJobs } from './api';

const DISMISSED_KEY = 'sapa.bulk.dismissed';
/** A finished job stays on screen this long (or until dismissed). */
const SHOW_FINISHED_MS = 30 * 60_000;

const percentOf = (job: BulkJob) =>
  job.totalTickets === 0 ? 100 : Math.floor((job.processed / job.totalTickets) * 100);

function readDismissed(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The caller's running and recently finished bulk jobs with their progress (kept across reloads: the jobs
 * come from the server), and the failure log to download when some tickets could not be changed.
 */
export function BulkProgress() {
  const jobs = useBulkJobs();
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (jobs.data ?? []).filter(
    (job) =>
      !dismissed.includes(job.id) &&
      (job.status === 'PROCESSING' || Date.now() - (job.finishedAt ?? 0) < SHOW_FINISHED_MS),
  );
  if (shown.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...dismissed, id].slice(-50);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Stack gap={4} px="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {shown.slice(0, 3).map((job) => (
        <JobRow key={job.id} job={job} onDismiss={() => dismiss(job.id)} />
      ))}
    </Stack>
  );
}

function JobRow({ job, onDismiss }: { job: BulkJob; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [download, setDownload] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const percent = percentOf(job);
  const running = job.status === 'PROCESSING';
  const color = job.status === 'FAILED' ? 'red' : job.failed > 0 ? 'orange' : running ? undefined : 'teal';
  const saveLog = async () => {
    setDownload({ loading: true, error: null });
    try {
      const { items } = await fetchBulkFailures(job.id);
      const csv = bulkFailuresCsv(items, (reason) => message(reason) ?? reason, [
        t('bulk.csvTicketId'),
        t('bulk.csvDisplayId'),
        t('bulk.csvReason'),
      ]);
      const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `bulk-${job.id.slice(0, 8)}-failures.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDownload({ loading: false, error: null });
    } catch (error) {
      setDownload({ loading: false, error: errorMessage(error) });
    }
  };
  const label = running
    ? t('bulk.running', {
        processed: job.processed.toLocaleString(i18n.language),
        total: job.totalTickets.toLocaleString(i18n.language),
      })
    : job.status === 'FAILED'
      ? t('bulk.failedJob')
      : job.failed > 0
        ? t('bulk.doneWithFailures', { count: job.failed })
        : t('bulk.done', { count: job.totalTickets });
  return (
    <Box data-testid="bulk-job" data-status={job.status}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" fw={600} role="status" aria-live="polite">
          {label}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="bulk-percent">
            {percent} %
          </Text>
          {!running ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('bulk.dismiss')}
              onClick={onDismiss}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      <Progress
        value={percent}
        color={color}
        animated={running}
        size="sm"
        mt={4}
        aria-label={t('bulk.progressLabel')}
      />
      {job.failed > 0 && !running ? (
        <Group gap={6} mt={4}>
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            leftSection={<IconDownload size={12} aria-hidden />}
            loading={download.loading}
            onClick={() => void saveLog()}
          >
            {t('bulk.downloadLog')}
          </Button>
          {download.error ? (
            <Text size="xs" c="red" role="alert">
              {download.error}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Box>
  );
}
