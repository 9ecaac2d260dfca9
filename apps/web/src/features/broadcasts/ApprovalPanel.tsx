import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BroadcastReview } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { formatDateTime, formatNumber } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { useBroadcasts, useReviewBroadcasts } from './api';
import { BroadcastStatusBadge } from './labels';
import { detailPath } from './paths';

type Action = BroadcastReview['action'];

/**
 * 001 §4 checker view: broadcasts waiting for approval (approve or reject) and rejected ones (reset back to
 * the approval list), selected items or all, each after confirmation.
 */
export function ApprovalPanel() {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<'need_approval' | 'rejected'>('need_approval');
  const items = useBroadcasts({ status: list });
  const review = useReviewBroadcasts();
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<{ action: Action; all: boolean } | null>(null);
  const rows = items.data?.pages.flatMap((p) => p.items) ?? [];
  const actions: Action[] = list === 'need_approval' ? ['approve', 'reject'] : ['reset'];
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));
  const run = () => {
    if (!pending) return;
    review.mutate(
      { action: pending.action, all: pending.all, ids: pending.all ? [] : selected },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'green',
            message: t(`broadcasts.review.done.${pending.action}`, { count: r.changed }),
          });
          setSelected([]);
          setPending(null);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4">
              {t('broadcasts.review.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('broadcasts.review.intro')}
            </Text>
          </div>
          <SegmentedControl
            value={list}
            onChange={(v) => {
              setList(v as typeof list);
              setSelected([]);
            }}
            data={[
              { value: 'need_approval', label: t('broadcasts.status.need_approval') },
              { value: 'rejected', label: t('broadcasts.status.rejected') },
            ]}
          />
        </Group>
        <QueryState
          query={items}
          isEmpty={rows.length === 0}
          empty={<EmptyState title={t(`broadcasts.review.empty.${list}`)} />}
        >
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label={t('broadcasts.review.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('broadcasts.review.selectAll')}
                      checked={selected.length > 0 && selected.length === rows.length}
                      indeterminate={selected.length > 0 && selected.length < rows.length}
                      onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                    />
                  </Table.Th>
                  <Table.Th>{t('broadcasts.campaignCode')}</Table.Th>
                  <Table.Th>{t('broadcasts.template')}</Table.Th>
                  <Table.Th ta="right">{t('broadcasts.recipients')}</Table.Th>
                  <Table.Th>{t('broadcasts.maker')}</Table.Th>
                  <Table.Th>{t('broadcasts.date')}</Table.Th>
                  <Table.Th>{t('broadcasts.statusLabel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('broadcasts.review.selectNamed', { name: b.campaignCode })}
                        checked={selected.includes(b.id)}
                        onChange={(e) => toggle(b.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={detailPath(b.id)} size="sm" fw={600}>
                        {b.campaignCode}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{b.template.name}</Table.Td>
                    <Table.Td ta="right">{formatNumber(b.totals.recipients, i18n.language)}</Table.Td>
                    <Table.Td>{b.createdBy?.name ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(b.scheduledAt ?? b.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <BroadcastStatusBadge status={b.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                color={action === 'reject' ? 'red' : undefined}
                variant={action === 'reject' ? 'light' : 'filled'}
                disabled={selected.length === 0}
                onClick={() => {
                  review.reset();
                  setPending({ action, all: false });
                }}
              >
                {t(`broadcasts.review.${action}Selected`, { count: selected.length })}
              </Button>
            ))}
            {actions.map((action) => (
              <Button
                key={`${action}-all`}
                variant="default"
                onClick={() => {
                  review.reset();
                  setPending({ action, all: true });
                }}
              >
                {t(`broadcasts.review.${action}All`)}
              </Button>
            ))}
          </Group>
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t(`broadcasts.review.confirmTitle.${pending.action}`) : ''}
        confirmLabel={pending ? t(`broadcasts.review.confirm.${pending.action}`) : ''}
        loading={review.isPending}
        error={review.error ? errorMessage(review.error) : null}
        onClose={() => setPending(null)}
        onConfirm={run}
      >
        {pending
          ? pending.all
            ? t(`broadcasts.review.confirmAll.${pending.action}`)
            : t(`broadcasts.review.confirmSelected.${pending.action}`, { count: selected.length })
          : null}
      </ConfirmDialog>
    </Paper>
  );
}
