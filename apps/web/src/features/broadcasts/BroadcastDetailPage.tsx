import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BROADCAST_CANCELLABLE_STATUSES,
  BROADCAST_FINAL_STATUSES,
  BROADCAST_RECIPIENT_STATUSES,
  type Broadcast,
  broadcastProgressRatio,
  isMessageKey,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { formatDateTime, formatNumber } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { BackLink } from '../contacts/BackLink';
import { useBroadcast, useBroadcastProgress, useBroadcastRecipients, useCancelBroadcast } from './api';
import { BroadcastStatusBadge, categoryLabel, RecipientStatusBadge } from './labels';

/**
 * /broadcast/whatsapp/detail?id= (001 §2 broadcast detail): the broadcast, a live progress bar, per-recipient
 * rows (number, name, status, sent, received and read dates, the provider's error) and, for a scheduled one,
 * cancel after confirmation (001 §4).
 */
export function BroadcastDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const broadcast = useBroadcast(params.get('id') ?? '');
  useBroadcastProgress();
  return (
    <Stack gap="md">
      <BackLink to="/broadcast/whatsapp" label={t('broadcasts.back')} />
      <QueryState query={broadcast}>{(b) => <BroadcastDetail broadcast={b} />}</QueryState>
    </Stack>
  );
}

function BroadcastDetail({ broadcast: b }: { broadcast: Broadcast }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const cancel = useCancelBroadcast();
  const [confirming, setConfirming] = useState(false);
  const ratio = broadcastProgressRatio(b);
  const finished = BROADCAST_FINAL_STATUSES.includes(b.status);
  const language = i18n.language;
  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="sm">
              <Title order={2} size="h4">
                {b.campaignCode}
              </Title>
              <BroadcastStatusBadge status={b.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {b.template.name} · {categoryLabel(b.category)}
              {b.subCategory ? ` · ${b.subCategory}` : ''}
            </Text>
          </div>
          {BROADCAST_CANCELLABLE_STATUSES.includes(b.status) ? (
            <Button
              color="red"
              variant="light"
              onClick={() => {
                cancel.reset();
                setConfirming(true);
              }}
            >
              {t('broadcasts.cancel')}
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="sm">
          <Fact
            label={t('broadcasts.sender')}
            value={`${b.sender.name}${b.sender.phone ? ` (${b.sender.phone})` : ''}`}
          />
          <Fact label={t('broadcasts.maker')} value={b.createdBy?.name ?? '—'} />
          <Fact label={t('broadcasts.date')} value={formatDateTime(b.createdAt, language)} />
          <Fact
            label={t('broadcasts.scheduledFor')}
            value={b.scheduledAt ? formatDateTime(b.scheduledAt, language) : t('broadcasts.sendNow')}
          />
        </SimpleGrid>
        {b.note ? (
          <Text size="sm" mt="sm">
            <Text span c="dimmed">
              {t('broadcasts.note')}:{' '}
            </Text>
            {b.note}
          </Text>
        ) : null}
        {b.review ? (
          <Text size="sm" mt="xs" c={b.review.decision === 'rejected' ? 'red' : 'teal'}>
            {t(`broadcasts.review.decision.${b.review.decision}`, {
              name: b.review.by,
              at: formatDateTime(b.review.at, language),
            })}
            {b.review.reason ? ` — ${b.review.reason}` : ''}
          </Text>
        ) : null}
        {b.failureReason ? (
          <Alert color="red" mt="sm">
            {isMessageKey(b.failureReason) ? message(b.failureReason) : b.failureReason}
          </Alert>
        ) : null}
        <Stack gap={4} mt="md">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('broadcasts.progress')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('broadcasts.progressOf', {
                done: formatNumber(b.totals.recipients - b.totals.pending, language),
                total: formatNumber(b.totals.recipients, language),
              })}
            </Text>
          </Group>
          <Progress
            value={ratio * 100}
            size="lg"
            animated={!finished && b.status !== 'scheduled' && b.status !== 'need_approval'}
            aria-label={t('broadcasts.progress')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 5 }} mt="md" spacing="sm">
          <Fact label={t('broadcasts.recipients')} value={formatNumber(b.totals.recipients, language)} />
          <Fact label={t('broadcasts.sent')} value={formatNumber(b.totals.sent, language)} />
          <Fact label={t('broadcasts.delivered')} value={formatNumber(b.totals.delivered, language)} />
          <Fact label={t('broadcasts.read')} value={formatNumber(b.totals.read, language)} />
          <Fact label={t('broadcasts.failed')} value={formatNumber(b.totals.failed, language)} />
        </SimpleGrid>
      </Paper>
      <Recipients broadcast={b} />
      <ConfirmDialog
        opened={confirming}
        title={t('broadcasts.cancelTitle')}
        confirmLabel={t('broadcasts.cancelConfirm')}
        loading={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(b.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('broadcasts.cancelled') });
              setConfirming(false);
            },
          })
        }
      >
        {t('broadcasts.cancelQuestion', { code: b.campaignCode })}
      </ConfirmDialog>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

function Recipients({ broadcast }: { broadcast: Broadcast }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [status, setStatus] = useState<string>('all');
  const recipients = useBroadcastRecipients(broadcast.id, status === 'all' ? null : status);
  const rows = recipients.data?.pages.flatMap((p) => p.items) ?? [];
  const date = (ms: number | null) => (ms ? formatDateTime(ms, i18n.language) : '—');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t('broadcasts.recipientList')}
        </Title>
        <SegmentedControl
          size="xs"
          value={status}
          onChange={setStatus}
          data={[
            { value: 'all', label: t('broadcasts.all') },
            ...BROADCAST_RECIPIENT_STATUSES.filter((s) => s !== 'sending').map((s) => ({
              value: s,
              label: t(`broadcasts.recipientStatus.${s}`),
            })),
          ]}
        />
      </Group>
      <QueryState
        query={recipients}
        isEmpty={rows.length === 0}
        empty={<EmptyState title={t('broadcasts.noRecipients')} />}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label={t('broadcasts.recipientList')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('broadcasts.number')}</Table.Th>
                <Table.Th>{t('broadcasts.name')}</Table.Th>
                <Table.Th>{t('broadcasts.statusLabel')}</Table.Th>
                <Table.Th>{t('broadcasts.sentAt')}</Table.Th>
                <Table.Th>{t('broadcasts.receivedAt')}</Table.Th>
                <Table.Th>{t('broadcasts.readAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.phone}</Table.Td>
                  <Table.Td>{r.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <RecipientStatusBadge status={r.status} />
                    {r.error ? (
                      <Text size="xs" c="red">
                        {isMessageKey(r.error.code) ? message(r.error.code) : r.error.message}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{date(r.sentAt)}</Table.Td>
                  <Table.Td>{date(r.deliveredAt)}</Table.Td>
                  <Table.Td>{date(r.readAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <LoadMoreButton pages={recipients} mt="md" />
      </QueryState>
    </Paper>
  );
}
