import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type AdvancedBroadcast, type AdvancedBroadcastStatus, can } from '@sapa/contracts';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { dayjs, formatNumber } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { AdvancedBroadcastForm } from './AdvancedBroadcastForm';
import { useAdvancedBroadcastAction, useAdvancedBroadcasts } from './api';

const STATUS_COLOR: Record<AdvancedBroadcastStatus, string> = {
  inactive: 'gray',
  waiting: 'blue',
  sent: 'teal',
  failed: 'red',
  credits_insufficient: 'orange',
};

/**
 * /advanced-broadcast/create/broadcast (001 §2 advanced broadcast: list with today's schedule and all; create
 * or edit with criteria and schedule; §4 activate, deactivate, sync).
 */
export function AdvancedBroadcastPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [view, setView] = useState<'today' | 'all'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useAdvancedBroadcasts(view, debounced);
  const action = useAdvancedBroadcastAction();
  const [editing, setEditing] = useState<AdvancedBroadcast | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdvancedBroadcast | null>(null);
  if (!me.data) return <PageLoader />;
  const subject = accessSubjectOf(me.data);
  const canCreate = can(subject, 'ADVANCED_BROADCAST', 'CREATE');
  const canUpdate = can(subject, 'ADVANCED_BROADCAST', 'UPDATE');
  const canActivate = can(subject, 'ADVANCED_BROADCAST', 'ACTIVATE');
  const canDelete = can(subject, 'ADVANCED_BROADCAST', 'DELETE');
  const act = (ab: AdvancedBroadcast, kind: 'activate' | 'deactivate' | 'sync') =>
    action.mutate(
      { id: ab.id, action: kind },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(`advancedBroadcasts.done.${kind}`, { name: ab.name }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  const items = list.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm" align="flex-end">
        <div>
          <Title order={2} size="h4">
            {t('advancedBroadcasts.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={680}>
            {t('advancedBroadcasts.intro')}
          </Text>
        </div>
        {canCreate ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {t('advancedBroadcasts.create')}
          </Button>
        ) : null}
      </Group>
      <Tabs value={view} onChange={(v) => setView((v as 'today' | 'all') ?? 'all')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="today">{t('advancedBroadcasts.today')}</Tabs.Tab>
          <Tabs.Tab value="all">{t('advancedBroadcasts.all')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('advancedBroadcasts.search')}
        aria-label={t('advancedBroadcasts.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        mb="md"
      />
      <QueryState
        query={list}
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            title={debounced ? t('advancedBroadcasts.noMatch') : t(`advancedBroadcasts.empty.${view}`)}
          >
            {t('advancedBroadcasts.emptyHint')}
          </EmptyState>
        }
      >
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('advancedBroadcasts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('advancedBroadcasts.name')}</Table.Th>
                <Table.Th>{t('broadcasts.template')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.schedule')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.nextRun')}</Table.Th>
                <Table.Th ta="right">{t('advancedBroadcasts.estimate')}</Table.Th>
                <Table.Th miw={190}>{t('broadcasts.statusLabel')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.active')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((ab) => (
                <Table.Tr key={ab.id}>
                  <Table.Td fw={600}>{ab.name}</Table.Td>
                  <Table.Td>{ab.template.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{scheduleSummary(ab, t)}</Text>
                  </Table.Td>
                  <Table.Td>{ab.nextRunAt ? formatWib(ab.nextRunAt, i18n.language) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {formatNumber(ab.estimatedRecipients, i18n.language)}
                      {ab.syncNeeded ? (
                        <Tooltip label={t('advancedBroadcasts.syncNeeded')}>
                          <ActionIcon
                            variant="light"
                            color="orange"
                            size="sm"
                            aria-label={t('advancedBroadcasts.syncNamed', { name: ab.name })}
                            onClick={() => act(ab, 'sync')}
                          >
                            <IconRefresh size={14} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[ab.status]} style={{ textTransform: 'none' }}>
                      {t(`advancedBroadcasts.status.${ab.status}`)}
                    </Badge>
                    {ab.lastError ? (
                      <Text size="xs" c="red">
                        {t('advancedBroadcasts.lastError')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t('advancedBroadcasts.activeNamed', { name: ab.name })}
                      checked={ab.status === 'waiting'}
                      disabled={!canActivate || action.isPending}
                      onChange={(e) => act(ab, e.currentTarget.checked ? 'activate' : 'deactivate')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={t('advancedBroadcasts.editNamed', { name: ab.name })}
                      deleteLabel={t('advancedBroadcasts.deleteNamed', { name: ab.name })}
                      onEdit={canUpdate && ab.editable ? () => setEditing(ab) : undefined}
                      onDelete={canDelete ? () => setDeleting(ab) : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      {editing !== undefined ? (
        <AdvancedBroadcastForm item={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('advancedBroadcasts.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={action.isPending}
        error={action.error ? errorMessage(action.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          action.mutate(
            { id: deleting.id, action: 'remove' },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: t('advancedBroadcasts.deleted', { name: deleting.name }),
                });
                setDeleting(null);
              },
            },
          )
        }
      >
        {t('advancedBroadcasts.deleteConfirm', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}

/** Schedules are Asia/Jakarta wall-clock times, so their next sending is shown in WIB too. */
function formatWib(epochMs: number, language: string) {
  return `${dayjs(epochMs)
    .tz('Asia/Jakarta')
    .locale(language === 'id' ? 'id' : 'en')
    .format('D MMM YYYY, HH:mm')} WIB`;
}

type T = ReturnType<typeof useTranslation>['t'];
function scheduleSummary(ab: AdvancedBroadcast, t: T) {
  const s = ab.schedule;
  if (s.frequency === 'once') return t('advancedBroadcasts.summary.once', { date: s.date, time: s.time });
  const days = s.days.map((d) => t(`advancedBroadcasts.weekday.${d}`)).join(', ');
  return t(`advancedBroadcasts.summary.${s.intervalType ?? 'daily'}`, {
    count: s.interval,
    days,
    time: s.time,
    date: s.date,
  });
}
